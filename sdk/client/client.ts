import type { z } from 'zod';
import {
  marketIntelligenceSchema,
  type marketTrendsQuerySchema,
  marketTrendsSchema,
  type procurementDataQuerySchema,
  procurementDataSchema,
  rfqInsightsSchema,
  type spanQuerySchema,
  supplierMetricsSchema,
  supplierPerformanceSchema,
  type supplierQuerySchema,
  type MarketIntelligence,
  type MarketTrends,
  type ProcurementData,
  type RfqInsights,
  type SupplierMetrics,
  type SupplierPerformance,
} from '../schemas/data';
import { recentEmbedRfqsSchema, type RecentEmbedRfqs } from '../schemas/embed';
import { openApiDocumentSchema, type OpenApiDocument } from '../schemas/openapi';
import {
  partnerAnalyticsSchema,
  partnerCredentialsSchema,
  partnerHostsSchema,
  partnerProfileSchema,
  partnerStatementsSchema,
  type PartnerAnalytics,
  type PartnerCredentials,
  type PartnerHostInput,
  type PartnerHosts,
  type PartnerProfile,
  type PartnerRegistrationInput,
  type PartnerStatements,
} from '../schemas/partners';
import {
  quoteActionResponseSchema,
  rfqSchema,
  trackedQuoteResponseSchema,
  type AcceptQuoteInput,
  type OrderDetailsInput,
  type OrderReceiptInput,
  type QuoteActionResponse,
  type Rfq,
  type TrackedQuoteResponse,
} from '../schemas/rfq';
import { supplierResponseSchema, type MarkDeliveredInput, type SupplierResponse, type SupplierWithdrawalInput } from '../schemas/supplier-responses';
import { siteFiguresSchema, type SiteFigures } from '../schemas/site';
import { formCalls, type FormCalls } from './forms';
import { createTransport, type CallOptions, type ClientOptions, type RateLimit } from './transport';

export type { CallOptions, ClientOptions, RateLimit, SubmitOptions } from './transport';
export type { WithQuantity } from './forms';

/**
 * The parameters of `data.marketIntelligence` and `data.rfqInsights`: a span of days (30) and a category.
 *
 * @example
 * const params: SpanParams = { days: 90, category: 'sanitizers' };
 */
export type SpanParams = z.input<typeof spanQuerySchema>;
/**
 * The parameters of `data.marketTrends`: the period (month) and optional category and region.
 *
 * @example
 * const params: MarketTrendsParams = { period: 'quarter', region: 'gauteng' };
 */
export type MarketTrendsParams = z.input<typeof marketTrendsQuerySchema>;
/**
 * The parameters of `data.supplierMetrics` and `data.supplierPerformance`.
 *
 * @example
 * const params: SupplierParams = { category: 'gloves', region: 'western-cape', min_rating: 4 };
 */
export type SupplierParams = z.input<typeof supplierQuerySchema>;
/**
 * The parameters of `data.procurementData`: filters, a page size up to 1,000 (100) and a cursor.
 *
 * @example
 * const params: ProcurementDataParams = { start_date: '2026-11-01', city_code: 'durban', limit: 1000 };
 */
export type ProcurementDataParams = z.input<typeof procurementDataQuerySchema>;

/**
 * What {@link createClient} answers: one group of calls per part of the API.
 *
 * @example
 * const procura: ProcuraClient = createClient({ baseUrl: 'https://procura.example' });
 * const { rfqId, quotes } = await procura.rfq.submit(form);
 */
export interface ProcuraClient extends FormCalls {
  rfq: FormCalls['rfq'] & {
    /** A stored request with its quotes (`GET /api/rfq/:rfqId`); the e-mail is masked. */
    get(rfqId: string, options?: CallOptions): Promise<Rfq>;
  };
  quotes: {
    /**
     * A quote by its tracking token (`GET /api/quotes/track/:token`); each call counts a view, the
     * buyer's own apart when `ownView` is set (the answer's count is of everyone else's).
     */
    track(token: string, options?: CallOptions & { ownView?: boolean }): Promise<TrackedQuoteResponse>;
    /**
     * Accepts the quote (`POST /api/quotes/track/:token/accept`) with what the supplier needs to
     * deliver: the street address and a phone number, a purchase-order reference and VAT number
     * when there are any. Every other quote of the request is not selected. For a basket,
     * `lineIds` awards only those lines to this supplier; the others stay open.
     */
    accept(token: string, details: AcceptQuoteInput, options?: CallOptions): Promise<QuoteActionResponse>;
    /**
     * Accepts a basket's cheapest split in one step (`POST /api/quotes/track/:token/accept-split`):
     * each supplier of the split gets the order of its lines. The token opens any quote of the basket.
     */
    acceptSplit(token: string, details: OrderDetailsInput, options?: CallOptions): Promise<QuoteActionResponse>;
    /** Declines this one quote (`POST /api/quotes/track/:token/decline`). */
    decline(token: string, options?: CallOptions): Promise<QuoteActionResponse>;
    /** Closes the quote's request without a winner (`POST /api/quotes/track/:token/close`). */
    closeRequest(token: string, options?: CallOptions): Promise<QuoteActionResponse>;
    /**
     * Confirms receipt of an order of the quote and rates its supplier, once
     * (`POST /api/quotes/track/:token/receipt`); the same receipt again answers the same.
     */
    confirmReceipt(token: string, receipt: OrderReceiptInput, options?: CallOptions): Promise<TrackedQuoteResponse>;
  };
  supplierResponses: {
    /** The accepted order behind a supplier's response link (`GET /api/supplier-responses/:token`). */
    get(token: string, options?: CallOptions): Promise<SupplierResponse>;
    /** The supplier confirms the order (`POST /api/supplier-responses/:token/confirm`); the buyer is e-mailed. */
    confirm(token: string, options?: CallOptions): Promise<SupplierResponse>;
    /** The supplier withdraws, with a reason (`POST /api/supplier-responses/:token/withdraw`); the buyer is e-mailed. */
    withdraw(token: string, input: SupplierWithdrawalInput, options?: CallOptions): Promise<SupplierResponse>;
    /** The supplier says it delivered the confirmed order (`POST /api/supplier-responses/:token/delivered`); the buyer is e-mailed once. */
    delivered(token: string, input: MarkDeliveredInput, options?: CallOptions): Promise<SupplierResponse>;
  };
  embed: FormCalls['embed'] & {
    /** The latest 10 requests sent through widgets, with nothing that names a buyer (`GET /api/embed/recent`). */
    recent(options?: CallOptions): Promise<RecentEmbedRfqs>;
  };
  partners: {
    /** Registers a partner (`POST /api/partners/register`); the API key in the answer is shown this once. */
    register(input: PartnerRegistrationInput, options?: CallOptions): Promise<PartnerCredentials>;
    /** The partner the key belongs to (`GET /api/partners/me`); a client with a partner's key and id signs in with it. */
    me(options?: CallOptions): Promise<PartnerProfile>;
    /** A new key (`POST /api/partners/rotate-key`); the old one stops working at once, so make a new client with it. */
    rotateKey(options?: CallOptions): Promise<PartnerCredentials>;
    /** What the partner's widgets brought (`GET /api/embed/analytics`). */
    analytics(options?: CallOptions): Promise<PartnerAnalytics>;
    /** The hosts whose widget RFQs are credited to the partner, and those that sent uncredited ones (`GET /api/partners/hosts`). */
    hosts(options?: CallOptions): Promise<PartnerHosts>;
    /** Credits widget RFQs from one more host (`POST /api/partners/hosts`); answers the new list. */
    addHost(input: PartnerHostInput, options?: CallOptions): Promise<PartnerHosts>;
    /** Stops crediting widget RFQs from a host (`DELETE /api/partners/hosts/{host}`); answers the new list. */
    removeHost(host: string, options?: CallOptions): Promise<PartnerHosts>;
    /** The partner's monthly statements, newest first (`GET /api/partners/statements`); each as PDF or CSV at `/api/partners/statements/{number}.pdf` or `.csv`. */
    statements(options?: CallOptions): Promise<PartnerStatements>;
    /** One statement's document (`GET /api/partners/statements/{number}.pdf` or `.csv`), as a Blob to save. */
    statementFile(number: string, format: 'pdf' | 'csv', options?: CallOptions): Promise<Blob>;
  };
  /** The API's own OpenAPI 3.1 document (`GET /api/openapi.json`). */
  openapi(options?: CallOptions): Promise<OpenApiDocument>;
  site: {
    /** Every figure the public pages show, counted from the database (`GET /api/site/figures`). */
    figures(options?: CallOptions): Promise<SiteFigures>;
  };
  data: {
    /** Demand per category (`GET /api/data/market-intelligence`, also `/api/v1/market-intelligence`). */
    marketIntelligence(params?: SpanParams): Promise<MarketIntelligence>;
    /** Demand and quoted prices per period (`GET /api/v2/market-trends`, also `/api/data/pricing-trends`). */
    marketTrends(params?: MarketTrendsParams): Promise<MarketTrends>;
    /** Suppliers per category and region (`GET /api/v1/suppliers/metrics`, also `/api/data/supplier-directory`). */
    supplierMetrics(params?: SupplierParams): Promise<SupplierMetrics>;
    /** Quotes per category and region (`GET /api/v2/supplier-performance`). */
    supplierPerformance(params?: SupplierParams): Promise<SupplierPerformance>;
    /** What buyers ask for (`GET /api/data/rfq-insights`). */
    rfqInsights(params?: SpanParams): Promise<RfqInsights>;
    /** One page of RFQ records (`GET /api/v2/procurement-data`). */
    procurementData(params?: ProcurementDataParams): Promise<ProcurementData>;
    /** Every page of RFQ records from `params.cursor` (or the start), following `next_cursor`. */
    procurementDataPages(params?: ProcurementDataParams): AsyncGenerator<ProcurementData, void, undefined>;
  };
  /** The rate-limit figures of the last partner answer, or null before the first. */
  readonly rateLimit: RateLimit | null;
}

/**
 * A typed client of Procura's API: quote requests, tracking, the widget's short form, partner
 * registration and every data API call, with answers checked against the same schemas the server
 * uses. Reads are retried after network errors, timeouts and 408, 429 or 5xx answers (honouring
 * Retry-After); submissions are retried only with their idempotency key, so none is sent twice.
 *
 * @example
 * import { createClient } from 'procura';
 *
 * const procura = createClient({ baseUrl: 'https://procura.example', apiKey: process.env.PROCURA_API_KEY, partnerId: process.env.PROCURA_PARTNER_ID });
 * const { trends } = await procura.data.marketTrends({ period: 'month' });
 * console.log(procura.rateLimit?.remaining);
 */
export function createClient(options: ClientOptions): ProcuraClient {
  const api = createTransport(options);
  const { get, post } = api;
  const forms = formCalls(api);
  const segment = (value: string) => encodeURIComponent(value);

  const data: ProcuraClient['data'] = {
    marketIntelligence: (params) => get(marketIntelligenceSchema, 'api/data/market-intelligence', params),
    marketTrends: (params) => get(marketTrendsSchema, 'api/v2/market-trends', params),
    supplierMetrics: (params) => get(supplierMetricsSchema, 'api/v1/suppliers/metrics', params),
    supplierPerformance: (params) => get(supplierPerformanceSchema, 'api/v2/supplier-performance', params),
    rfqInsights: (params) => get(rfqInsightsSchema, 'api/data/rfq-insights', params),
    procurementData: (params) => get(procurementDataSchema, 'api/v2/procurement-data', params),
    async *procurementDataPages(params = {}) {
      let cursor = params.cursor;
      do {
        const page = await data.procurementData({ ...params, cursor });
        yield page;
        cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
      } while (cursor);
    },
  };

  return {
    ...forms,
    rfq: { ...forms.rfq, get: (rfqId, opts) => get(rfqSchema, `api/rfq/${segment(rfqId)}`, undefined, opts) },
    quotes: {
      track: (token, opts) => get(trackedQuoteResponseSchema, `api/quotes/track/${segment(token)}`, opts?.ownView ? { view: 'own' } : undefined, opts),
      accept: (token, details, opts) => post(quoteActionResponseSchema, `api/quotes/track/${segment(token)}/accept`, details, null, opts),
      acceptSplit: (token, details, opts) => post(quoteActionResponseSchema, `api/quotes/track/${segment(token)}/accept-split`, details, null, opts),
      decline: (token, opts) => post(quoteActionResponseSchema, `api/quotes/track/${segment(token)}/decline`, undefined, null, opts),
      closeRequest: (token, opts) => post(quoteActionResponseSchema, `api/quotes/track/${segment(token)}/close`, undefined, null, opts),
      confirmReceipt: (token, receipt, opts) => post(trackedQuoteResponseSchema, `api/quotes/track/${segment(token)}/receipt`, receipt, null, opts),
    },
    supplierResponses: {
      get: (token, opts) => get(supplierResponseSchema, `api/supplier-responses/${segment(token)}`, undefined, opts),
      confirm: (token, opts) => post(supplierResponseSchema, `api/supplier-responses/${segment(token)}/confirm`, undefined, null, opts),
      withdraw: (token, input, opts) => post(supplierResponseSchema, `api/supplier-responses/${segment(token)}/withdraw`, input, null, opts),
      delivered: (token, input, opts) => post(supplierResponseSchema, `api/supplier-responses/${segment(token)}/delivered`, input, null, opts),
    },
    embed: { ...forms.embed, recent: (opts) => get(recentEmbedRfqsSchema, 'api/embed/recent', undefined, opts) },
    partners: {
      register: (input, opts) => post(partnerCredentialsSchema, 'api/partners/register', input, null, opts),
      me: (opts) => get(partnerProfileSchema, 'api/partners/me', undefined, opts),
      rotateKey: (opts) => post(partnerCredentialsSchema, 'api/partners/rotate-key', undefined, null, opts),
      analytics: (opts) => get(partnerAnalyticsSchema, 'api/embed/analytics', undefined, opts),
      hosts: (opts) => get(partnerHostsSchema, 'api/partners/hosts', undefined, opts),
      addHost: (input, opts) => post(partnerHostsSchema, 'api/partners/hosts', input, null, opts),
      removeHost: (host, opts) => api.delete(partnerHostsSchema, `api/partners/hosts/${segment(host)}`, opts),
      statements: (opts) => get(partnerStatementsSchema, 'api/partners/statements', undefined, opts),
      statementFile: (number, format, opts) => api.file(`api/partners/statements/${segment(number)}.${format}`, opts),
    },
    openapi: (opts) => get(openApiDocumentSchema, 'api/openapi.json', undefined, opts),
    site: { figures: (opts) => get(siteFiguresSchema, 'api/site/figures', undefined, opts) },
    data,
    get rateLimit() {
      return api.rateLimit;
    },
  };
}
