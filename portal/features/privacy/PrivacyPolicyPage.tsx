import { Link } from 'wouter';
import { ANALYTICS_RETENTION } from '../../../contract/analytics-rules';
import { PERSONAL_DATA_HOURS, PERSONAL_DATA_RETENTION } from '../../../contract/data-api';
import { COMPANY, PRIVACY_POLICY } from '../../lib/content';
import { useConsentControls } from '../../lib/consent-context';
import { usePageTitle } from '../../lib/use-page-title';
import './privacy.css';
import { ColumnHeads } from '../../components/ui/column-heads';

/** The Information Officer's contact, for the privacy pages. */
export function InformationOfficer() {
  const officer = COMPANY.informationOfficer;
  return (
    <address>
      <ul className="plain-list">
        <li>
          {officer.title}, {COMPANY.name}
        </li>
        <li>
          <a href={`mailto:${officer.email}`}>{officer.email}</a>
        </li>
        <li>
          <a href={`tel:${officer.phone.replace(/\s/g, '')}`}>{officer.phone}</a> ({COMPANY.supportHours})
        </li>
        <li>{officer.address}</li>
      </ul>
    </address>
  );
}

/** /privacy and /privacy-policy: what Procura collects, why, for how long, and a buyer's rights (POPIA and GDPR). */
export default function PrivacyPolicyPage() {
  usePageTitle('Privacy policy');
  const { openPreferences } = useConsentControls();
  const r = ANALYTICS_RETENTION;
  return (
    <div className="container page prose">
      <h1>Privacy policy</h1>
      <p className="muted">
        Revision {PRIVACY_POLICY.revision}, {PRIVACY_POLICY.date}. How {COMPANY.name} handles personal information under the Protection of Personal Information
        Act (POPIA) and, for visitors from the European Union, the GDPR.
      </p>
      <p>
        <button type="button" className="button button-secondary" onClick={openPreferences}>
          Change my cookie choice
        </button>
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>When you ask for quotes:</strong> the product, description, quantity, delivery city and budget band you give, your e-mail address and any
          addresses you copy in, and optionally your company and contact name.
        </li>
        <li>
          <strong>When you accept a quote:</strong> the delivery address and phone number you give, and your purchase-order reference and VAT number if you give
          them. Only the supplier whose quote you accept receives them.
        </li>
        <li>
          <strong>If you sign in to see your requests:</strong> an account for your e-mail address, when it was last used, and the details you choose to save
          (company, contact, phone, VAT number, delivery addresses and a purchase-order prefix), which then fill in the request form and the order form for you.
        </li>
        <li>
          <strong>Site usage analytics, only if you agree:</strong> which pages are viewed (by their kind, such as “a quote page”, never the address in your
          browser), time between pages, the type of device, catalogue products looked at, the form’s steps (which field changed, never what you typed) and, for
          a request that was sent, the catalogue product, quantity, estimated value and city. A random session id in your browser ties one visit’s events
          together; we keep only a hash of it that changes every day, so days cannot be joined. No names, e-mail addresses, phone numbers or typed text are
          collected, and no advertising or marketing cookies are used.
        </li>
        <li>
          <strong>Your cookie choice:</strong> a random consent id, what you chose, this policy’s revision and the time, as proof of your consent. No address or
          other detail about you.
        </li>
        <li>
          <strong>Essential:</strong> your cookie choice and, once you sign in, a sign-in cookie and a second one that only says you are signed in, kept in your
          browser. Every request is logged by its kind, status and timing, without your address or what you sent.
        </li>
      </ul>

      <h2>How we use it</h2>
      <ul>
        <li>
          Your request and contact details go to the suppliers who quote, so they can contact you about their quotes (see the <Link href="/terms">terms</Link>).
        </li>
        <li>
          Requests without personal details count towards anonymous market figures; a figure is never shown for so few requests that it could point to you.
        </li>
        <li>Analytics tell us which pages lead to quotes and where visitors give up, so we can improve the site. It is never sold or used for advertising.</li>
      </ul>

      <h2>How long we keep it</h2>
      <table className="simple-table">
        <ColumnHeads names={['What', 'Kept']} />
        <tbody>
          <tr>
            <td>
              Your e-mail addresses, name, company and description on a request, the delivery details you give when accepting a quote, and the e-mails about it
            </td>
            <td>
              Until {PERSONAL_DATA_RETENTION}, or until you delete them; the request stays without them. The e-mails go {PERSONAL_DATA_HOURS} hours after they
              were written.
            </td>
          </tr>
          <tr>
            <td>If you have an account: the account, your saved details, and the contact details on every request you made with its address</td>
            <td>
              While the account exists, so you keep your history; the {PERSONAL_DATA_HOURS}-hour rule above applies to requests made without one. Delete it
              yourself at any time on <Link href="/account">your account page</Link> or with <Link href="/privacy/my-data">your data</Link>: the account, the
              saved details and every request’s contact details go at once. An account nobody signs in to for 24 months is deleted the same way, after one
              e-mail 30 days before.
            </td>
          </tr>
          <tr>
            <td>Analytics events</td>
            <td>{r.rawEventDays} days; after that only daily totals remain, which name nobody</td>
          </tr>
          <tr>
            <td>The daily salt that hashes your session id</td>
            <td>Until its day ends (deleted within the hour after)</td>
          </tr>
          <tr>
            <td>Proof of your cookie choice</td>
            <td>{r.consentRecordYears} years</td>
          </tr>
          <tr>
            <td>A data request link, and the address it was sent to</td>
            <td>{r.dataRequestMinutes} minutes, or until you delete your data</td>
          </tr>
        </tbody>
      </table>

      <h2>Your rights</h2>
      <p>
        You may ask what we hold about you, have it corrected or deleted, object to its use and withdraw consent at any time. The quickest way:{' '}
        <Link href="/privacy/my-data">see, download or delete your data</Link> with a link we e-mail to you, with no need to write to anyone. Withdrawing
        analytics consent stops all measuring at once and removes the session id from your browser; your browser’s Global Privacy Control signal is honoured in
        the same way. You may also complain to the Information Regulator (inforeg.org.za).
      </p>

      <h2>Security</h2>
      <p>
        Everything between your browser and Procura travels over TLS. In production, the database and its backups are stored encrypted with AES-256. Secrets
        such as tracking links and data request links are stored only as hashes, and staff reach personal information only after signing in.
      </p>

      <h2>Contact</h2>
      <InformationOfficer />
      <p>
        How we meet POPIA, step by step: <Link href="/privacy-compliance">privacy compliance</Link>.
      </p>
    </div>
  );
}
