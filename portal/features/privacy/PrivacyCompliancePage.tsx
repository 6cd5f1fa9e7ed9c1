import { Link } from 'wouter';
import { ANALYTICS_RETENTION } from '../../../contract/analytics-rules';
import { PERSONAL_DATA_HOURS, PERSONAL_DATA_RETENTION } from '../../../contract/data-api';
import { usePageTitle } from '../../lib/use-page-title';
import { InformationOfficer } from './PrivacyPolicyPage';

/** /privacy-compliance: how Procura meets POPIA's conditions, with links to the policy and the data request page. */
export default function PrivacyCompliancePage() {
  usePageTitle('Privacy compliance');
  return (
    <div className="container page prose">
      <h1>How Procura meets POPIA</h1>
      <p className="muted">
        The Protection of Personal Information Act sets eight conditions for processing personal information. Here is how the product itself meets the ones a
        buyer meets, with the rules it enforces.
      </p>

      <h2>Consent</h2>
      <p>
        Site usage analytics run only after you say yes in the banner or the cookie preferences; until then nothing is sent and no session id exists. Each
        choice, yes or no, is kept as proof for {ANALYTICS_RETENTION.consentRecordYears} years under a random consent id shown in the preferences. A browser
        that sends Global Privacy Control is never measured, whatever was clicked.
      </p>

      <h2>Minimality</h2>
      <p>
        A quote request asks only what suppliers need to quote and reach you. Analytics events name pages by their kind, products only from the catalogue and
        cities only from our list; the server refuses any event that carries unknown fields, a query string, a token, or anything shaped like an e-mail address
        or phone number.
      </p>

      <h2>Retention</h2>
      <p>
        Personal details on a request are deleted {PERSONAL_DATA_RETENTION}; the e-mails about it {PERSONAL_DATA_HOURS} hours after they were written; analytics
        events after {ANALYTICS_RETENTION.rawEventDays} days, leaving daily totals; session hashes cannot be joined across days because each day’s salt is
        deleted when the day ends. An hourly sweep enforces every figure. The full table is in the <Link href="/privacy">privacy policy</Link>.
      </p>

      <h2>Your rights (sections 23 and 24)</h2>
      <p>
        <Link href="/privacy/my-data">See, download or delete your data</Link> yourself: enter your e-mail address and we send a link that works for{' '}
        {ANALYTICS_RETENTION.dataRequestMinutes} minutes. It shows every request and e-mail we still hold for the address, downloads them as a file, and deletes
        them at once.
      </p>

      <h2>Security and accountability</h2>
      <p>
        Links and keys are stored only as hashes; staff pages need a signed-in account; every staff change is audited. The company’s certificate and checklists
        are on the <Link href="/compliance">compliance page</Link>.
      </p>

      <h2>Information Officer</h2>
      <InformationOfficer />
    </div>
  );
}
