import { z } from 'zod';
import {
  ANALYTICS_EVENT_SCHEMAS,
  ANALYTICS_EVENT_TYPES,
  consentDecisionSchema,
  dataRequestAcceptedSchema,
  dataRequestSchema,
  dataRequestTokenSchema,
  myDataDeletedSchema,
  myDataSchema,
} from '../../contract/schemas/analytics';
import { publicSupplierSchema } from '../../contract/schemas/public-supplier';
import { scorecardSchema } from '../../contract/schemas/scorecard';
import { siteFiguresSchema } from '../../sdk/schemas/site';
import { callsOf, type Route } from './route';

const site = callsOf({ tag: 'Site' });
const privacy = callsOf({ tag: 'Privacy' });
const health = callsOf({ tag: 'Health' });

/** A call with a data request link's token in its body: 410 once the link expired or was spent. */
const WITH_DATA_TOKEN: Pick<Route, 'body' | 'errors'> = { body: dataRequestTokenSchema, errors: [410, 429] };

/** The public pages' figures, consented analytics and cookie choices, and buyers' data requests. */
export const SITE_PATHS: Route[] = [
  site.get('/api/site/figures', {
    summary: 'Every figure the public pages show',
    ok: [200, siteFiguresSchema],
    description:
      "Public: the counts of suppliers, cities covered, categories, quotes and requests, and each city's figures, that the public pages and their PDFs show. Counted from the database at `asOf`; an answer is at most a minute old.",
  }),
  site.get('/api/suppliers/{supplier}', {
    summary: "A supplier's public profile and scorecard, as its page /suppliers/{slug} shows them",
    ok: [200, publicSupplierSchema],
    errors: [429],
    description:
      "Public, with no buyer and none of the supplier's contact details: `{supplier}` is the id or the slug. Where it is based and delivers (with lead times), its B-BBEE standing as it counts today, whether it is VAT registered and its number, its CIPC registration number, specialties and categories (the one it can supply most of first), and its scorecard as `/api/suppliers/{supplier}/scorecard` answers it. At most a minute old.",
  }),
  site.get('/api/suppliers/{supplier}/scorecard', {
    summary: "A supplier's track record on Procura over the last 12 months",
    ok: [200, scorecardSchema],
    errors: [429],
    description:
      "Public, with no buyer and no comment in it: `{supplier}` is the id or the slug. Orders, confirmations and the buyers' receipts recorded, on time and in full, in full, the average rating with its count, the median hours to answer a lead and how often a firm price kept to the indicative one. While fewer than 3 receipts count, `new` is true and every share and the average are null. At most a minute old.",
  }),
  ...ANALYTICS_EVENT_TYPES.map(
    (type): Route =>
      privacy.post(`/api/analytics/${type}`, {
        summary: `Record a ${type} event of a visitor who allowed analytics`,
        body: ANALYTICS_EVENT_SCHEMAS[type],
        ok: [204, null],
        errors: [429],
        description:
          "Sent by Procura's portal only with the visitor's consent, never with Global Privacy Control. Header `X-Session-ID`: 21 letters, digits, `_` or `-` (stored only as a hash under a salt deleted when its day ends). Unknown fields, query strings, tokens and anything shaped like an e-mail address or a phone number are refused. Answers 204 with no body.",
      }),
  ),
  privacy.post('/api/consent', {
    summary: 'Keep a cookie choice as proof (3 years)',
    description:
      "Sent by Procura's cookie banner whenever a visitor makes or changes a choice: the browser's random consent id, the choice, the policy revision and when it was made, with no address or session. Answers 204 with no body.",
    body: consentDecisionSchema,
    ok: [204, null],
    errors: [429],
  }),
  privacy.post('/api/privacy/data-requests', {
    summary: 'E-mail a one-hour link to the data held for an address; the same answer for any address',
    description:
      "Anyone may ask, within a rate limit per client; an address is e-mailed at most a few links a day, and the answer (202) never says whether Procura holds anything for it. The link opens the privacy page, which reads or deletes that data with the link's token.",
    body: dataRequestSchema,
    ok: [202, dataRequestAcceptedSchema],
    errors: [429],
  }),
  privacy.post('/api/privacy/my-data', {
    summary: "Everything held for a data request link's address",
    description:
      "For whoever holds the e-mailed link's token, sent in the body so it never appears in a URL: the requests the address sent (in full) or was copied on, their purchase orders, and the e-mails sent to it. 410 once the link expired or was spent.",
    ...WITH_DATA_TOKEN,
    ok: [200, myDataSchema],
  }),
  privacy.post('/api/privacy/my-data/delete', {
    summary: "Delete at once what is held for a data request link's address; the link is spent",
    description:
      "For whoever holds the e-mailed link's token: the requests the address sent lose their personal data (they stay, anonymous), those it was copied on lose the address, and every e-mail to it is deleted. Answers how many requests and e-mails; 410 once the link expired or was spent.",
    ...WITH_DATA_TOKEN,
    ok: [200, myDataDeletedSchema],
  }),
];

/** What a load balancer asks. */
export const HEALTH_PATHS: Route[] = [
  health.get('/healthz', {
    summary: 'Liveness',
    description:
      'Public, for load balancers and process supervisors: answers `{"status":"ok"}` as long as the process runs, even while it is still migrating its database. It reads nothing, so it says nothing of the database.',
    ok: [200, z.object({ status: z.literal('ok') })],
  }),
  health.get('/readyz', {
    summary: 'Readiness: the process is serving and the database answers',
    description:
      'Public, for load balancers: `{"status":"ready"}` once the process serves requests and the database answers a ping; 503 with Retry-After while it starts or shuts down (`not_ready`) or when the database does not answer (`database_unavailable`).',
    ok: [200, z.object({ status: z.literal('ready') })],
    errors: [503],
  }),
];
