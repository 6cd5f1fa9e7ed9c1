import { Link } from 'wouter';
import { PERSONAL_DATA_HOURS, PERSONAL_DATA_RETENTION } from '../../../contract/data-api';
import { COMPANY } from '../../lib/content';
import { usePageTitle } from '../../lib/use-page-title';

/** /terms: what a buyer agrees to when they tick the box on the quote request form. */
export default function TermsPage() {
  usePageTitle('Terms and conditions');
  return (
    <div className="container page prose">
      <h1>Terms and conditions</h1>
      <p className="muted">What you agree to when you send a quote request through Procura, on this site or in a widget on a partner’s site.</p>

      <h2>What Procura does</h2>
      <p>
        Procura matches your request with suppliers who stock the product and deliver to your location, and shows you their quotes. The sale itself, if you go
        ahead, is between you and the supplier you choose: Procura is not a party to it and takes no payment from you.
      </p>

      <h2>Who sees your details</h2>
      <p>
        Your company name and e-mail address go to the suppliers who quote on your request, with the request itself, so they can contact you about their quotes.
        If you give a contact name or copy in colleagues, the suppliers see those too. When you accept a quote, the delivery address, phone number,
        purchase-order reference and VAT number you give go to that supplier alone. No one else receives them; Procura does not sell them or use them for
        marketing.
      </p>

      <h2>How long we keep them</h2>
      <p>
        Your e-mail addresses, name, company and delivery details are deleted {PERSONAL_DATA_RETENTION}; the e-mails about it {PERSONAL_DATA_HOURS} hours after
        they were written. Until then, the supplier whose quote you accept receives them with your order, so that it can confirm and deliver. The request stays,
        with no personal details, and counts towards the anonymous market figures Procura publishes; a figure is never shown for so few requests that it could
        point to you.
      </p>

      <h2>What a quote is</h2>
      <p>
        Quotes are indicative prices from each supplier’s price list, dated with the list they come from, with VAT shown separately. They are not binding
        offers: confirm the price, stock and delivery date with the supplier before you order. A quote is valid until the date it shows.
      </p>

      <h2>What we ask of you</h2>
      <ul>
        <li>Describe what you really need, and give an e-mail address you may use.</li>
        <li>Do not send requests on someone else’s behalf without their consent, or in bulk to test suppliers.</li>
      </ul>

      <h2>Questions</h2>
      <p>
        Write to <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> or call {COMPANY.phone} ({COMPANY.supportHours}). Your choice about site usage
        analytics is separate from these terms; change it under Privacy settings at the foot of any page. <Link href="/">Request quotes</Link>.
      </p>
    </div>
  );
}
