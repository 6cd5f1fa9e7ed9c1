import { applicationAnswerSchema, applicationVerifySchema, supplierApplicationSchema } from '../../contract/schemas/supplier-applications';
import { callsOf, type Route } from './route';

const ERRORS = {
  403: "`bad_origin`: a call from a page that is not Procura's",
  409: '`supplier_has_users`: the business is on Procura with people who sign in for it; the message names the way in (a colleague invites, or the supplier sign-in page)',
  429: '`rate_limited`: 10 applications an hour from one client, or 3 a day from one mailbox (`+tags` and, at Gmail, dots are one mailbox)',
};

// Both calls are Origin-checked, refused for a business whose people already sign in, and rate limited.
const applications = callsOf({ tag: 'Supplier applications', errorText: ERRORS, errors: [403, 409, 429] });

/** A business applying to supply, and the link that verifies its address. */
export const SUPPLIER_APPLICATION_PATHS: Route[] = [
  applications.post('/api/supplier-applications', {
    summary: 'Apply to supply through Procura; answers 202 and e-mails a link that verifies the address',
    description:
      "Each field has its own message in `details.fields`: the CIPC registration number `YYYY/NNNNNN/NN` (year 1900 to this year), the VAT number (10 digits starting with 4), a B-BBEE level 1-8 with its certificate's expiry date or `non-compliant`, a South African phone, a city Procura knows, at least one category id and `acceptTerms: true`. The e-mail links to `/suppliers/join#ap_…` (single use, 24 hours) and carries nothing typed but the company's name.",
    body: supplierApplicationSchema,
    ok: [202, applicationAnswerSchema],
  }),
  applications.post('/api/supplier-applications/verify', {
    summary: "Verify an application's address with the e-mailed link's token",
    description:
      "Spends the `ap_…` token once and sends the application to Procura's team, as a claim of the supplier on Procura whose registration number, VAT number or website domain it shares (a public mail or hosting provider's domain excepted), or as a new supplier. An expired or used token answers 400 `invalid_token`.",
    body: applicationVerifySchema,
    ok: [200, applicationAnswerSchema],
  }),
];
