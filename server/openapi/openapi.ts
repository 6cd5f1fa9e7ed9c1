// Kept whole: the OpenAPI document, route by route, is one document.
import { z, type ZodType } from 'zod';
import {
  API_TIERS,
  DATA_PRODUCTS,
  catalogueSearchQuerySchema,
  embedRfqResponseSchema,
  embedRfqSchema,
  errorBodySchema,
  locationSuggestionsSchema,
  marketIntelligenceSchema,
  marketTrendsQuerySchema,
  marketTrendsSchema,
  partnerAnalyticsSchema,
  partnerHostInputSchema,
  partnerHostsSchema,
  partnerCredentialsSchema,
  partnerProfileSchema,
  partnerRegistrationSchema,
  popularProductsSchema,
  popularQuerySchema,
  procurementDataQuerySchema,
  procurementDataSchema,
  productSuggestionsSchema,
  quotePreviewQuerySchema,
  quotePreviewSchema,
  recentEmbedRfqsSchema,
  rfqInsightsSchema,
  rfqSchema,
  rfqBasketSubmissionSchema,
  rfqSubmissionSchema,
  rfqSubmitResponseSchema,
  spanQuerySchema,
  supplierMetricsSchema,
  supplierPerformanceSchema,
  supplierQuerySchema,
  trackedQuoteResponseSchema,
  acceptQuoteSchema,
  orderDetailsSchema,
  quoteActionResponseSchema,
  supplierResponseSchema,
  supplierWithdrawalSchema,
  widgetLoadSchema,
  type DataProduct,
  siteFiguresSchema,
} from '../../sdk/index';

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
import {
  declineLeadSchema,
  firmLeadSchema,
  supplierInviteSchema,
  supplierLeadSchema,
  supplierLeadsQuerySchema,
  supplierProfileChangeSchema,
  supplierProfileSchema,
  supplierStatsSchema,
  supplierCoverageInputSchema,
  supplierCoverageSchema,
  supplierLeadsSchema,
  supplierLinkSentSchema,
  supplierMeSchema,
  supplierSessionInputSchema,
  supplierSignInLinkSchema,
  supplierUserSchema,
  supplierUsersSchema,
} from '../../contract/schemas/supplier-workspace';
import {
  newSupplierOfferSchema,
  offerImportResultSchema,
  offerImportSchema,
  supplierOfferChangeSchema,
  supplierOfferSchema,
  supplierOffersSchema,
} from '../../contract/schemas/supplier-offers';

import { ALL_ERROR_CODES, ERROR_CODES } from '../error-codes';

type Json = Record<string, unknown>;

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema: what a client sends, or what it receives. */
function schema(s: ZodType, io: 'input' | 'output'): Json {
  const { $schema: _, ...json } = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return json;
}

interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: 'Quotes' | 'Orders' | 'Catalogue' | 'Widget' | 'Partners' | 'Data' | 'Site' | 'Privacy' | 'Health' | 'Supplier workspace';
  /** The supplier session cookie. */
  supplier?: true;
  query?: ZodType;
  body?: ZodType;
  /** The success status and its body (none for 204). */
  ok: [number, ZodType | null];
  /** Partner credentials, and the data product whose tiers may call it. */
  partner?: true | DataProduct;
  idempotent?: true;
  errors: number[];
  description?: string;
  contentType?: string;
  /** What an error status means here, where it differs from {@link ERROR_TEXT}. */
  errorText?: Partial<Record<number, string>>;
}

const DATA = (product: DataProduct) =>
  `Part of ${DATA_PRODUCTS[product].label}: the ${Object.values(API_TIERS)
    .filter((t) => (t.products as readonly DataProduct[]).includes(product))
    .map((t) => t.label)
    .join(', ')} tiers. Aggregates over fewer than 5 RFQs or 3 suppliers are withheld; no e-mail, name or company is answered.`;

/** The errors of the buyer's and the supplier's actions. */
const ACTION_ERRORS = {
  403: "`bad_origin`: a browser call from a page that is not Procura's",
  404: 'No quote or order for this token (`quote_not_found`, `response_not_found`)',
  409: 'The quote or request no longer allows it (`quote_expired`, `quote_withdrawn`, `quote_accepted`, `rfq_awarded`, `rfq_closed`, `rfq_anonymised`, `order_answered`; for a basket `line_awarded`, `order_placed`, `not_a_basket`, `nothing_to_split`); the message says why',
};

const SUPPLIER_ERRORS = {
  401: '`unauthorized`: no live supplier session',
  403: "`bad_origin`: a state change from a page that is not Procura's",
  404: "Not found: another supplier's lead, person or offer answers the same (`lead_not_found`, `user_not_found`, `offer_not_found`)",
  409: 'The lead no longer allows it (`not_firmable`, `not_declinable`, `not_accepted`, `order_answered`), the person cannot be added or removed (`email_taken`, `not_yourself`), or the product is already on the price list (`offer_exists`)',
};

const SUPPLIER_ROUTES: Route[] = [
  {
    method: 'post',
    path: '/api/supplier/sign-in-link',
    tag: 'Supplier workspace',
    summary: 'E-mail a 15-minute, single-use sign-in link to a supplier user; the same answer for any address',
    body: supplierSignInLinkSchema,
    ok: [202, supplierLinkSentSchema],
    errors: [400, 403, 429],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'post',
    path: '/api/supplier/session',
    tag: 'Supplier workspace',
    summary: "Exchange a sign-in link's token for a supplier session (Set-Cookie)",
    body: supplierSessionInputSchema,
    ok: [200, supplierMeSchema],
    errors: [400, 403, 429],
    errorText: { ...SUPPLIER_ERRORS, 400: '`invalid_token`: the link expired or was used' },
  },
  {
    method: 'post',
    path: '/api/supplier/sign-out',
    tag: 'Supplier workspace',
    summary: 'End the supplier session',
    ok: [204, null],
    errors: [403],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'get',
    path: '/api/supplier/me',
    tag: 'Supplier workspace',
    summary: 'The signed-in supplier user and their supplier',
    supplier: true,
    ok: [200, supplierMeSchema],
    errors: [401],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'get',
    path: '/api/supplier/users',
    tag: 'Supplier workspace',
    summary: "The supplier's people",
    supplier: true,
    ok: [200, supplierUsersSchema],
    errors: [401],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'post',
    path: '/api/supplier/users',
    tag: 'Supplier workspace',
    summary: 'Add a colleague, who is e-mailed a sign-in link',
    supplier: true,
    body: supplierInviteSchema,
    ok: [201, supplierUserSchema],
    errors: [400, 401, 403, 409],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'delete',
    path: '/api/supplier/users/{userId}',
    tag: 'Supplier workspace',
    summary: 'Remove a colleague, with their address and sessions',
    supplier: true,
    ok: [204, null],
    errors: [400, 401, 403, 404, 409],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'get',
    path: '/api/supplier/stats',
    tag: 'Supplier workspace',
    summary:
      "How the supplier's leads went over 12 months: received, made firm, declined, accepted, confirmed, win rate and median hours to a firm price; in all, by month and by product",
    supplier: true,
    ok: [200, supplierStatsSchema],
    errors: [401],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'get',
    path: '/api/supplier/coverage',
    tag: 'Supplier workspace',
    summary: 'Where the supplier delivers (cities, provinces or the whole country) with the days a delivery takes, and the provinces one may choose',
    supplier: true,
    ok: [200, supplierCoverageSchema],
    errors: [401],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'put',
    path: '/api/supplier/coverage',
    tag: 'Supplier workspace',
    summary: 'Replace where the supplier delivers; the next quote uses it',
    supplier: true,
    body: supplierCoverageInputSchema,
    ok: [200, supplierCoverageSchema],
    errors: [400, 401, 403],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'get',
    path: '/api/supplier/offers',
    tag: 'Supplier workspace',
    summary:
      "The supplier's price list by product name: each offer's unit price, minimum order, volume prices, stock and dates, whether it is quoted today, and the day the list last changed",
    supplier: true,
    ok: [200, supplierOffersSchema],
    errors: [401],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'post',
    path: '/api/supplier/offers',
    tag: 'Supplier workspace',
    summary: 'Add a catalogue product to the price list; the next quote uses it. Refused (409 `offer_exists`) for a product already listed',
    supplier: true,
    body: newSupplierOfferSchema,
    ok: [201, supplierOfferSchema],
    errors: [400, 401, 403, 409],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'patch',
    path: '/api/supplier/offers/{offerId}',
    tag: 'Supplier workspace',
    summary:
      'Change an offer: unit price, minimum order, volume prices (each above the minimum order and below the unit price), in stock, first and last day. An offer out of stock or outside its dates is not quoted; the next quote uses the change',
    supplier: true,
    body: supplierOfferChangeSchema,
    ok: [200, supplierOfferSchema],
    errors: [400, 401, 403, 404],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'delete',
    path: '/api/supplier/offers/{offerId}',
    tag: 'Supplier workspace',
    summary: 'Take a product off the price list',
    supplier: true,
    ok: [204, null],
    errors: [401, 403, 404],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'post',
    path: '/api/supplier/offers/import',
    tag: 'Supplier workspace',
    summary:
      'Replace the price list from pasted text (`name | description | price | unit | category` lines, or a CSV with a header), read and checked as the admin import reads a product line; all or none, every bad line named (400 `invalid_lines`). Each line names a product of the catalogue; every offer the text does not list is removed. With `dryRun`, the preview',
    supplier: true,
    body: offerImportSchema,
    ok: [200, offerImportResultSchema],
    errors: [400, 401, 403],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'get',
    path: '/api/supplier/profile',
    tag: 'Supplier workspace',
    summary: "The supplier's own details: contact, terms, VAT number, registered address and B-BBEE standing",
    supplier: true,
    ok: [200, supplierProfileSchema],
    errors: [401],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'patch',
    path: '/api/supplier/profile',
    tag: 'Supplier workspace',
    summary: 'Change any of those details; the next quote uses them',
    supplier: true,
    body: supplierProfileChangeSchema,
    ok: [200, supplierProfileSchema],
    errors: [400, 401, 403],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'get',
    path: '/api/supplier/leads',
    tag: 'Supplier workspace',
    summary: "The supplier's leads, newest first; the buyer's contact only once the buyer accepted",
    supplier: true,
    query: supplierLeadsQuerySchema,
    ok: [200, supplierLeadsSchema],
    errors: [400, 401],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'post',
    path: '/api/supplier/leads/{quoteId}/firm',
    tag: 'Supplier workspace',
    summary: 'Make an offered quote within its validity firm, at the price given or the indicative one; the buyer is e-mailed once',
    description: "The indicative price is kept beside the firm one on the buyer's pages. A repeat changes nothing.",
    supplier: true,
    body: firmLeadSchema,
    ok: [200, supplierLeadSchema],
    errors: [400, 401, 403, 404, 409],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'post',
    path: '/api/supplier/leads/{quoteId}/decline',
    tag: 'Supplier workspace',
    summary: 'Withdraw a quote the buyer has not accepted, with a reason the buyer is e-mailed',
    supplier: true,
    body: declineLeadSchema,
    ok: [200, supplierLeadSchema],
    errors: [400, 401, 403, 404, 409],
    errorText: SUPPLIER_ERRORS,
  },
  {
    method: 'post',
    path: '/api/supplier/leads/{quoteId}/confirm',
    tag: 'Supplier workspace',
    summary: 'Confirm the order the buyer placed by accepting this quote',
    supplier: true,
    ok: [200, supplierLeadSchema],
    errors: [401, 403, 404, 409],
    errorText: SUPPLIER_ERRORS,
  },
];

const ROUTES: Route[] = [
  {
    method: 'post',
    path: '/api/rfq',
    tag: 'Quotes',
    summary: 'Request quotes: for one product, or for a basket of 1 to 50 `lines` with the cheapest split beside the best single supplier',
    body: z.union([rfqSubmissionSchema, rfqBasketSubmissionSchema]),
    ok: [201, rfqSubmitResponseSchema],
    idempotent: true,
    errors: [400, 422, 429],
  },
  { method: 'get', path: '/api/rfq/{rfqId}', tag: 'Quotes', summary: 'A request and its quotes (e-mail masked)', ok: [200, rfqSchema], errors: [400, 404] },
  {
    method: 'get',
    path: '/api/quotes/track/{token}',
    tag: 'Quotes',
    summary: 'A tracked quote with its request and every quote of the request; each call counts a view',
    ok: [200, trackedQuoteResponseSchema],
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/quotes/track/{token}/quotation.pdf',
    tag: 'Quotes',
    summary: "The quote as a quotation PDF: Procura's reference, the supplier's name, address, VAT number and B-BBEE level, the lines, VAT and totals",
    ok: [200, null],
    contentType: 'application/pdf',
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/quotes/track/{token}/purchase-order.pdf',
    tag: 'Orders',
    summary: 'The purchase order issued when the buyer accepted this quote (marked cancelled after a withdrawal), while the request keeps its personal data',
    ok: [200, null],
    contentType: 'application/pdf',
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/supplier-responses/{token}/purchase-order.pdf',
    tag: 'Orders',
    summary: "The purchase order of the supplier's accepted quote, for the supplier's response link",
    ok: [200, null],
    contentType: 'application/pdf',
    errors: [400, 404],
  },
  ...(
    [
      [
        'accept',
        'Accept the quote',
        'Every other quote of the request is not selected and the request is awarded; the supplier receives the order with the buyer\'s contact, the delivery details of the body and a response link, the other suppliers a courtesy note. For a basket, `lineIds` (e.g. `["L1", "L3"]`) awards only those lines to this supplier, by default every line of its quote not awarded to another; the other quotes\' offers of them are not selected, the lines left stay open, and the request is awarded once no line is left to order. Refused (409) for a quote past its validity or withdrawn by its supplier, on a request already awarded or closed, for a basket line already awarded to another supplier (`line_awarded`), and for more lines from a supplier already ordered from (`order_placed`).',
      ],
      [
        'decline',
        'Decline the quote',
        'Only this quote; it can still be accepted while valid. Refused (409) once accepted, and on a request already awarded or closed.',
      ],
      [
        'close',
        "Close the quote's request without a winner",
        'Every quote still offered or declined is not selected, and its supplier receives a courtesy note. Refused (409) once the request is awarded.',
      ],
    ] as const
  ).map(
    ([action, summary, effect]): Route => ({
      method: 'post',
      path: `/api/quotes/track/{token}/${action}`,
      tag: 'Quotes',
      summary,
      description: `${action === 'accept' ? "The body gives what the supplier needs to deliver: the street address and a South African phone number (required), a purchase-order reference and a VAT number (10 digits starting with 4) when there are any; they are deleted with the buyer's e-mail address." : 'No body.'} Answers the quote and its request as they now stand (no view is counted). ${effect} Repeating an action that already took effect changes nothing and answers the same. A browser call must come from Procura's own pages (its Origin); clients that send no Origin may call.`,
      ...(action === 'accept' ? { body: acceptQuoteSchema } : {}),
      ok: [200, quoteActionResponseSchema],
      errors: [400, 403, 404, 409],
      errorText: ACTION_ERRORS,
    }),
  ),
  {
    method: 'post',
    path: '/api/quotes/track/{token}/accept-split',
    tag: 'Quotes',
    summary: "Accept a basket's cheapest split in one step",
    description:
      "The token opens any quote of the basket; the body is the order details, as for accepting one quote. Each supplier of the split the request's answer shows (`split.split`: the lines no supplier was awarded, from the quotes still valid) gets the order of its lines, as if each were accepted on its own, in one step; the request is awarded once no line is left to order. Answers the token's quote and its request as they now stand. Refused (409) for a single-product request (`not_a_basket`) and for a basket with nothing left to order (`nothing_to_split`, or the request's own refusal). A browser call must come from Procura's own pages (its Origin).",
    body: orderDetailsSchema,
    ok: [200, quoteActionResponseSchema],
    errors: [400, 403, 404, 409],
    errorText: ACTION_ERRORS,
  },
  {
    method: 'get',
    path: '/api/supplier-responses/{token}',
    tag: 'Orders',
    summary: "The accepted order behind a supplier's response link, with the buyer's contact",
    ok: [200, supplierResponseSchema],
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/supplier-responses/{token}/confirm',
    tag: 'Orders',
    summary: 'The supplier confirms the accepted order',
    description: 'The buyer is e-mailed. A repeat answers the same; after a withdrawal, 409.',
    ok: [200, supplierResponseSchema],
    errors: [400, 403, 404, 409],
    errorText: ACTION_ERRORS,
  },
  {
    method: 'post',
    path: '/api/supplier-responses/{token}/withdraw',
    tag: 'Orders',
    summary: 'The supplier withdraws the accepted quote, with a reason',
    description:
      'The request opens again and its quotes not selected but still valid can be accepted; the buyer is e-mailed the reason. A repeat answers the same; after a confirmation, 409.',
    body: supplierWithdrawalSchema,
    ok: [200, supplierResponseSchema],
    errors: [400, 403, 404, 409],
    errorText: ACTION_ERRORS,
  },
  {
    method: 'get',
    path: '/api/catalogue/products',
    tag: 'Catalogue',
    summary: 'Product suggestions',
    query: catalogueSearchQuerySchema,
    ok: [200, productSuggestionsSchema],
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/catalogue/locations',
    tag: 'Catalogue',
    summary: 'City suggestions',
    query: catalogueSearchQuerySchema,
    ok: [200, locationSuggestionsSchema],
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/catalogue/popular',
    tag: 'Catalogue',
    summary: "Products with this month's request counts",
    query: popularQuerySchema,
    ok: [200, popularProductsSchema],
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/catalogue/preview',
    tag: 'Catalogue',
    summary: 'Live cost preview and supplier matching',
    query: quotePreviewQuerySchema,
    ok: [200, quotePreviewSchema],
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/embed/rfq',
    tag: 'Widget',
    summary: "The widget's short form",
    body: embedRfqSchema,
    ok: [201, embedRfqResponseSchema],
    idempotent: true,
    errors: [400, 422, 429],
  },
  {
    method: 'get',
    path: '/api/embed/widget.js',
    tag: 'Widget',
    summary: 'The loader script partners paste',
    ok: [200, null],
    contentType: 'text/javascript',
    errors: [503],
    description: 'Cached by ETag; `?v={X-Procura-Widget-Version}` is immutable.',
  },
  {
    method: 'get',
    path: '/api/embed/recent',
    tag: 'Widget',
    summary: 'The latest 10 requests sent through widgets, anonymised',
    ok: [200, recentEmbedRfqsSchema],
    errors: [],
  },
  { method: 'post', path: '/api/analytics/widget-load', tag: 'Widget', summary: 'Count a widget load', body: widgetLoadSchema, ok: [204, null], errors: [400] },
  {
    method: 'post',
    path: '/api/partners/register',
    tag: 'Partners',
    summary: 'Register as a partner; the API key is shown once',
    body: partnerRegistrationSchema,
    ok: [201, partnerCredentialsSchema],
    errors: [400, 429],
  },
  {
    method: 'get',
    path: '/api/partners/me',
    tag: 'Partners',
    summary: 'The signed-in partner',
    partner: true,
    ok: [200, partnerProfileSchema],
    errors: [401, 403, 429],
  },
  {
    method: 'post',
    path: '/api/partners/rotate-key',
    tag: 'Partners',
    summary: 'Issue a new API key; the old one stops working',
    partner: true,
    ok: [200, partnerCredentialsSchema],
    errors: [401, 403, 429],
  },
  {
    method: 'get',
    path: '/api/embed/analytics',
    tag: 'Partners',
    summary: "What the partner's widgets brought, counting only RFQs from the partner's hosts",
    partner: true,
    ok: [200, partnerAnalyticsSchema],
    errors: [401, 403, 429],
  },
  {
    method: 'get',
    path: '/api/partners/hosts',
    tag: 'Partners',
    summary: 'The hosts whose widget RFQs are credited to the partner, and hosts that sent uncredited ones',
    partner: true,
    ok: [200, partnerHostsSchema],
    errors: [401, 403, 429],
  },
  {
    method: 'post',
    path: '/api/partners/hosts',
    tag: 'Partners',
    summary: 'Credit widget RFQs from one more host',
    partner: true,
    body: partnerHostInputSchema,
    ok: [201, partnerHostsSchema],
    errors: [400, 401, 403, 409, 429],
  },
  {
    method: 'delete',
    path: '/api/partners/hosts/{host}',
    tag: 'Partners',
    summary: 'Stop crediting widget RFQs from a host',
    partner: true,
    ok: [200, partnerHostsSchema],
    errors: [400, 401, 403, 404, 429],
  },
  ...(['/api/data/market-intelligence', '/api/v1/market-intelligence'] as const).map(
    (path): Route => ({
      method: 'get',
      path,
      tag: 'Data',
      summary: 'Demand per category',
      query: spanQuerySchema,
      partner: 'market-intelligence',
      ok: [200, marketIntelligenceSchema],
      errors: [400, 401, 403, 429],
      description: DATA('market-intelligence'),
    }),
  ),
  ...(['/api/data/pricing-trends', '/api/v2/market-trends'] as const).map(
    (path): Route => ({
      method: 'get',
      path,
      tag: 'Data',
      summary: 'Demand and quoted prices per period',
      query: marketTrendsQuerySchema,
      partner: 'pricing-trends',
      ok: [200, marketTrendsSchema],
      errors: [400, 401, 403, 429],
      description: DATA('pricing-trends'),
    }),
  ),
  ...(['/api/data/supplier-directory', '/api/v1/suppliers/metrics'] as const).map(
    (path): Route => ({
      method: 'get',
      path,
      tag: 'Data',
      summary: 'Suppliers per category and region',
      query: supplierQuerySchema,
      partner: 'supplier-directory',
      ok: [200, supplierMetricsSchema],
      errors: [400, 401, 403, 429],
      description: DATA('supplier-directory'),
    }),
  ),
  {
    method: 'get',
    path: '/api/v2/supplier-performance',
    tag: 'Data',
    summary: 'Quotes per category and region (supplier_responses)',
    query: supplierQuerySchema,
    partner: 'supplier-directory',
    ok: [200, supplierPerformanceSchema],
    errors: [400, 401, 403, 429],
    description: DATA('supplier-directory'),
  },
  {
    method: 'get',
    path: '/api/data/rfq-insights',
    tag: 'Data',
    summary: 'What buyers ask for',
    query: spanQuerySchema,
    partner: 'rfq-insights',
    ok: [200, rfqInsightsSchema],
    errors: [400, 401, 403, 429],
    description: DATA('rfq-insights'),
  },
  {
    method: 'get',
    path: '/api/v2/procurement-data',
    tag: 'Data',
    summary: 'RFQ records (rfq_submissions), paged by cursor',
    query: procurementDataQuerySchema,
    partner: 'enterprise-package',
    ok: [200, procurementDataSchema],
    errors: [400, 401, 403, 429],
    description: `${DATA('enterprise-package')} At most 1,000 records a request; follow \`next_cursor\` while \`has_more\`.`,
  },
  {
    method: 'get',
    path: '/api/site/figures',
    tag: 'Site',
    summary: 'Every figure the public pages show',
    ok: [200, siteFiguresSchema],
    errors: [],
    description: 'Counted from the database; an answer is at most a minute old.',
  },
  ...ANALYTICS_EVENT_TYPES.map(
    (type): Route => ({
      method: 'post',
      path: `/api/analytics/${type}`,
      tag: 'Privacy',
      summary: `Record a ${type} event of a visitor who allowed analytics`,
      body: ANALYTICS_EVENT_SCHEMAS[type],
      ok: [204, null],
      errors: [400, 429],
      description:
        "Sent by Procura's portal only with the visitor's consent, never with Global Privacy Control. Header `X-Session-ID`: 21 letters, digits, `_` or `-` (stored only as a hash under a salt deleted when its day ends). Unknown fields, query strings, tokens and anything shaped like an e-mail address or a phone number are refused.",
    }),
  ),
  {
    method: 'post',
    path: '/api/consent',
    tag: 'Privacy',
    summary: 'Keep a cookie choice as proof (3 years)',
    body: consentDecisionSchema,
    ok: [204, null],
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/privacy/data-requests',
    tag: 'Privacy',
    summary: 'E-mail a one-hour link to the data held for an address; the same answer for any address',
    body: dataRequestSchema,
    ok: [202, dataRequestAcceptedSchema],
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/privacy/my-data',
    tag: 'Privacy',
    summary: "Everything held for a data request link's address",
    body: dataRequestTokenSchema,
    ok: [200, myDataSchema],
    errors: [400, 410, 429],
  },
  {
    method: 'post',
    path: '/api/privacy/my-data/delete',
    tag: 'Privacy',
    summary: "Delete at once what is held for a data request link's address; the link is spent",
    body: dataRequestTokenSchema,
    ok: [200, myDataDeletedSchema],
    errors: [400, 410, 429],
  },
  ...SUPPLIER_ROUTES,
  { method: 'get', path: '/healthz', tag: 'Health', summary: 'Liveness', ok: [200, z.object({ status: z.literal('ok') })], errors: [] },
  {
    method: 'get',
    path: '/readyz',
    tag: 'Health',
    summary: 'Readiness: the process is serving and the database answers',
    ok: [200, z.object({ status: z.literal('ready') })],
    errors: [503],
  },
];

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input (`validation_error`): `details.fields` names each field or parameter with its message',
  401: 'No API key, an unknown or rotated key, or no X-Partner-ID header',
  403: 'X-Partner-ID names another partner, or the tier does not include this data product',
  404: 'Not found',
  409: 'Already there, or the list is full',
  410: 'The link has expired or was already used',
  422: 'The Idempotency-Key was used for a different request',
  429: 'Over the rate limit: see Retry-After',
  503: 'Not available now: `widget_unavailable` (not built on this server), `not_ready` (starting or shutting down) or `database_unavailable`; see Retry-After where given',
};

/**
 * The one error body, its `code` one of the codes the server can answer with: each always has the
 * same status, listed per module under `x-error-codes`.
 */
function errorSchema(): Json {
  const body = schema(errorBodySchema, 'output') as { properties: { error: { properties: Record<string, Json> } } };
  body.properties.error.properties.code = {
    type: 'string',
    enum: ALL_ERROR_CODES,
    description: 'What went wrong, for a program to branch on; each code always comes with the same status. New codes may be added.',
  };
  return { ...body, 'x-error-codes': ERROR_CODES };
}

const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];

function operation(r: Route): Json {
  const parameters: Json[] = [];
  for (const name of r.path.match(/\{(\w+)\}/g) ?? []) {
    parameters.push({ name: name.slice(1, -1), in: 'path', required: true, schema: { type: 'string' } });
  }
  if (r.query) {
    const q = schema(r.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, s] of Object.entries(q.properties ?? {})) {
      parameters.push({
        name,
        in: 'query',
        required: q.required?.includes(name) ?? false,
        schema: s,
        ...(typeof s.description === 'string' ? { description: s.description } : {}),
      });
    }
  }
  if (r.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: 200 },
      description: 'Makes a retry safe: the same key answers with the first answer.',
    });
  }
  if (r.partner) parameters.push({ $ref: '#/components/parameters/PartnerId' });
  const rateHeaders = r.partner ? Object.fromEntries(RATE_HEADERS.map((h) => [h, { $ref: `#/components/headers/${h}` }])) : undefined;
  const [status, body] = r.ok;
  const responses: Json = {
    [status]: {
      description: r.summary,
      ...(rateHeaders ? { headers: rateHeaders } : {}),
      ...(body
        ? { content: { 'application/json': { schema: schema(body, 'output') } } }
        : r.contentType
          ? { content: { [r.contentType]: { schema: { type: 'string' } } } }
          : {}),
    },
  };
  for (const e of r.errors) {
    responses[e] = {
      description: r.errorText?.[e] ?? ERROR_TEXT[e],
      ...(e === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' }, ...(rateHeaders ?? {}) } } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  responses.default = { description: 'Something went wrong on our side', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    operationId: `${r.method}${r.path.replace(/[{}]/g, '').replace(/[/-]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    tags: [r.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(r.body, 'input') } } } } : {}),
    responses,
    security: r.partner ? [{ apiKey: [] }] : r.supplier ? [{ supplierSession: [] }] : [],
  };
}

/** The OpenAPI 3.1 document of every public and partner endpoint, from the zod contract in `sdk/`. */
export function openApiDocument(version: string, publicUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const r of ROUTES) {
    paths[r.path] ??= {};
    paths[r.path]![r.method] = operation(r);
  }
  const header = (description: string) => ({ schema: { type: 'string' }, description });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Procura API',
      version,
      description:
        'Quotes from South African suppliers of cleaning and maintenance supplies, the embeddable widget, partner registration and the data API. Every error answers `{ "error": { "code", "message", "details"? } }`.',
    },
    servers: [{ url: publicUrl }],
    tags: [
      { name: 'Quotes', description: 'Request quotes, read them, and accept, decline or close through a tracking token' },
      { name: 'Orders', description: "The accepted supplier's response link: confirm the order or withdraw" },
      { name: 'Catalogue', description: 'Suggestions and previews for the quote form' },
      { name: 'Widget', description: 'The embeddable widget' },
      { name: 'Partners', description: 'Registration, keys and widget analytics' },
      { name: 'Data', description: 'Market data computed from the RFQs and quotes Procura holds' },
      { name: 'Site', description: 'The figures the public pages show' },
      { name: 'Privacy', description: "Consented site analytics, proof of cookie choices, and buyers' requests for their data" },
      { name: 'Health', description: 'For load balancers' },
      {
        name: 'Supplier workspace',
        description:
          "A supplier's own people: sign-in links, sessions, colleagues, and their leads to firm up, decline or confirm. Called by Procura's pages with the `procura_supplier` cookie; every state change needs PUBLIC_URL's Origin",
      },
    ],
    paths,
    components: {
      schemas: { Error: errorSchema() },
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Your API key, `procura_live_…`, with your partner id in X-Partner-ID.' },
        supplierSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'procura_supplier',
          description: 'The supplier session a sign-in link starts (`__Host-procura_supplier` on https). HttpOnly; ends after 12 hours unused or 7 days.',
        },
      },
      parameters: {
        PartnerId: {
          name: 'X-Partner-ID',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: 'Your partner id; it must be the one your key belongs to.',
        },
      },
      headers: {
        'X-RateLimit-Limit': header('Requests allowed in the window (an hour; a second on Enterprise)'),
        'X-RateLimit-Remaining': header('Requests left in the window'),
        'X-RateLimit-Reset': header('When the window resets, in seconds since the epoch'),
        'RateLimit-Policy': header('The quota and window in seconds, e.g. `1000;w=3600` (IETF draft)'),
        RateLimit: header('`limit=…, remaining=…, reset=…` with reset in seconds (IETF draft)'),
      },
    },
  };
}
