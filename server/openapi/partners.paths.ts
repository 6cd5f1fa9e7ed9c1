import { API_TIERS, DATA_PRODUCTS, type DataProduct } from '../../contract/data-api';
import { embedRfqResponseSchema, embedRfqSchema, recentEmbedRfqsSchema, widgetLoadSchema } from '../../sdk/schemas/embed';
import {
  marketIntelligenceSchema,
  marketTrendsQuerySchema,
  marketTrendsSchema,
  procurementDataQuerySchema,
  procurementDataSchema,
  rfqInsightsSchema,
  spanQuerySchema,
  supplierMetricsSchema,
  supplierPerformanceSchema,
  supplierQuerySchema,
} from '../../sdk/schemas/data';
import {
  partnerAnalyticsSchema,
  partnerCredentialsSchema,
  partnerHostInputSchema,
  partnerHostsSchema,
  partnerStatementsSchema,
  partnerProfileSchema,
  partnerRegistrationSchema,
} from '../../sdk/schemas/partners';
import type { ZodType } from 'zod';
import { callsOf, PAPERWORK_LIMIT, PDF_DOWNLOAD, type Route } from './route';

const widget = callsOf({ tag: 'Widget' });
/** Registration, open to anyone. */
const partners = callsOf({ tag: 'Partners' });
/** What a partner may read and change with its key. */
const keyed = callsOf({ tag: 'Partners', partner: true });
const data = callsOf({ tag: 'Data' });

/** A data API operation's description: what it answers, then who may call it and what is never answered. */
const DATA = (product: DataProduct, answers: string) =>
  `${answers} Part of ${DATA_PRODUCTS[product].label}: the ${Object.values(API_TIERS)
    .filter((t) => (t.products as readonly DataProduct[]).includes(product))
    .map((t) => t.label)
    .join(', ')} tiers. Aggregates over fewer than 5 RFQs or 3 suppliers are withheld; no e-mail, name or company is answered.`;

/** A data API read, under each of its paths: a GET for the partners whose tier includes `product`. */
const dataRoutes = (paths: string[], product: DataProduct, summary: string, query: ZodType, ok: ZodType, answers: string): Route[] =>
  paths.map((path) => data.get(path, { summary, query, partner: product, ok: [200, ok], errors: [429], description: DATA(product, answers) }));

/** What a partner may read and change with its key. */
const PARTNER_KEY = "For a registered partner, with its API key and partner id; counted against its tier's quota.";

/** The widget's calls, partner registration and keys, and the data API. */
export const PARTNER_PATHS: Route[] = [
  widget.post('/api/embed/rfq', {
    summary: "The widget's short form",
    description:
      "Called by the widget on a partner's page, within the `rfq` rate limit per client it shares with Procura's own form: the request goes to three suppliers as one from the quote form does, and is credited to the partner it names when the widget's page is on one of that partner's hosts. Answers 201 with the request id, the matching, the quotes and which e-mails could not be sent.",
    body: embedRfqSchema,
    ok: [201, embedRfqResponseSchema],
    idempotent: true,
    errors: [429],
  }),
  widget.get('/api/embed/widget.js', {
    summary: 'The loader script partners paste',
    ok: [200, null],
    contentType: 'text/javascript',
    errors: [503],
    description:
      "Public: the script a partner's page loads with a script tag, readable from any origin; its version is in `X-Procura-Widget-Version`. Cached by ETag (304 when unchanged); `?v={X-Procura-Widget-Version}` is immutable, cached for a year.",
  }),
  widget.get('/api/embed/recent', {
    summary: 'The latest 10 requests sent through widgets, anonymised',
    description:
      "Public, for the widget's live activity: each request's product, category, city, a quantity band and the minute it arrived, newest first; never the buyer, company or exact quantity.",
    ok: [200, recentEmbedRfqsSchema],
  }),
  widget.post('/api/analytics/widget-load', {
    summary: 'Count a widget load',
    description:
      "Sent by the widget when it opens on a page, within a rate limit per client: the load is counted on its day by embed id, the referring page's host and the widget's settings, for the partner named when that partner is registered. Answers 204 with no body.",
    body: widgetLoadSchema,
    ok: [204, null],
    errors: [429],
  }),
  partners.post('/api/partners/register', {
    summary: 'Register as a partner; the API key is shown once',
    description:
      "Anyone may register, within a rate limit per client: a partner on the Starter tier is made, its website's host credited, and its contact and Procura's partners team are e-mailed (never the key). Answers 201 with the partner id and the API key, which is kept only as a hash.",
    body: partnerRegistrationSchema,
    ok: [201, partnerCredentialsSchema],
    errors: [429],
  }),
  keyed.get('/api/partners/me', {
    summary: 'The signed-in partner',
    description: `${PARTNER_KEY} Answers the partner's id, company, tier, and its key's prefix and age; never the key itself.`,
    ok: [200, partnerProfileSchema],
    errors: [429],
  }),
  keyed.post('/api/partners/rotate-key', {
    summary: 'Issue a new API key; the old one stops working',
    description: `${PARTNER_KEY} Answers the new key once, as registration does; every later call needs it, and the old key is refused (401) at once.`,
    ok: [200, partnerCredentialsSchema],
    errors: [429],
  }),
  keyed.get('/api/embed/analytics', {
    summary: "What the partner's widgets brought, counting only RFQs from the partner's hosts",
    description: `${PARTNER_KEY} Answers this month's credited, qualified and pending RFQs, earnings and balance under the revenue model, the share of widget loads that became RFQs, the most requested products and six months of trend; nothing names a buyer.`,
    ok: [200, partnerAnalyticsSchema],
    errors: [429],
  }),
  keyed.get('/api/partners/hosts', {
    summary: 'The hosts whose widget RFQs are credited to the partner, and hosts that sent uncredited ones',
    description: `${PARTNER_KEY} Answers the hosts credited (the registered website's and those added) and the hosts whose widget RFQs named the partner without being credited, to add if they are the partner's own.`,
    ok: [200, partnerHostsSchema],
    errors: [429],
  }),
  keyed.post('/api/partners/hosts', {
    summary: 'Credit widget RFQs from one more host',
    description: `${PARTNER_KEY} Widget RFQs from the host's pages are credited from now on, up to 50 hosts; answers 201 with the partner's hosts as they now stand, 409 for a host already listed (\`host_exists\`) or a full list (\`host_limit\`).`,
    body: partnerHostInputSchema,
    ok: [201, partnerHostsSchema],
    errors: [409, 429],
  }),
  keyed.get('/api/partners/statements', {
    summary: "The partner's monthly statements of its revenue share, newest first",
    description: `${PARTNER_KEY} Each month's close issues one (\`ST-2026-000045\`): the qualified requests, the share, what came in from before and what is carried over below the minimum payout, and the payout due (Net 30) with the day it was paid.`,
    ok: [200, partnerStatementsSchema],
    errors: [429],
  }),
  keyed.get('/api/partners/statements/{number}.pdf', {
    summary: 'A statement as a PDF',
    description: `${PARTNER_KEY} The document the statement's e-mail carries, the same bytes each time; another partner's statement answers 404 \`statement_not_found\` as a missing one does. ${PAPERWORK_LIMIT}`,
    ...PDF_DOWNLOAD,
  }),
  keyed.get('/api/partners/statements/{number}.csv', {
    summary: "A statement as CSV: a row per qualified request, then the statement's figures",
    description: `${PARTNER_KEY} Columns Statement, Date, Description and Amount (R); another partner's statement answers 404 \`statement_not_found\`.`,
    ok: [200, null],
    contentType: 'text/csv',
    errors: [429],
  }),
  keyed.delete('/api/partners/hosts/{host}', {
    summary: 'Stop crediting widget RFQs from a host',
    description: `${PARTNER_KEY} RFQs already credited stay so; answers the partner's hosts as they now stand, 404 for a host not listed (\`host_not_found\`).`,
    ok: [200, partnerHostsSchema],
    errors: [429],
  }),
  ...dataRoutes(
    ['/api/data/market-intelligence', '/api/v1/market-intelligence'],
    'market-intelligence',
    'Demand per category',
    spanQuerySchema,
    marketIntelligenceSchema,
    'Per category over the span: RFQs, average quantity, quotes per product asked for, firm quotes, quoting suppliers and the cities with enough RFQs to name.',
  ),
  ...dataRoutes(
    ['/api/data/pricing-trends', '/api/v2/market-trends'],
    'pricing-trends',
    'Demand and quoted prices per period',
    marketTrendsQuerySchema,
    marketTrendsSchema,
    'Per week, month or quarter, optionally for one category or region: RFQs, average quantity, average quoted unit price in rand and quoting suppliers.',
  ),
  ...dataRoutes(
    ['/api/data/supplier-directory', '/api/v1/suppliers/metrics'],
    'supplier-directory',
    'Suppliers per category and region',
    supplierQuerySchema,
    supplierMetricsSchema,
    'Per category and region: how many suppliers, how many verified, and their averages; never one supplier alone.',
  ),
  ...dataRoutes(
    ['/api/v2/supplier-performance'],
    'supplier-directory',
    'Quotes per category and region (supplier_responses)',
    supplierQuerySchema,
    supplierPerformanceSchema,
    "Per category and region, in the documented `supplier_responses` terms: quotes made, a basket quote's lines each in its own category, and the firm ones.",
  ),
  ...dataRoutes(
    ['/api/data/rfq-insights'],
    'rfq-insights',
    'What buyers ask for',
    spanQuerySchema,
    rfqInsightsSchema,
    'Over the span: RFQs by budget band, quantity band and region, and the mean intent score.',
  ),
  ...dataRoutes(
    ['/api/v2/procurement-data'],
    'enterprise-package',
    'RFQ records (rfq_submissions), paged by cursor',
    procurementDataQuerySchema,
    procurementDataSchema,
    'One record per request (per line of a basket): category, quantity, budget band, city, company size and intent score, never the buyer; at most 1,000 a request, follow `next_cursor` while `has_more`.',
  ),
];
