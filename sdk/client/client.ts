import ky, { HTTPError as KyHttpError, TimeoutError as KyTimeoutError, type KyInstance, type Options } from 'ky';
import type { z, ZodType } from 'zod';
import { errorBodySchema } from '../schemas/common';
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
  type MarketIntelligence,
  type MarketTrends,
  type ProcurementData,
  type RfqInsights,
  type SupplierMetrics,
  type SupplierPerformance,
} from '../schemas/data';
import { embedRfqResponseSchema, type EmbedRfqInput, type EmbedRfqResponse } from '../schemas/embed';
import {
  partnerAnalyticsSchema,
  partnerCredentialsSchema,
  partnerProfileSchema,
  type PartnerAnalytics,
  type PartnerCredentials,
  type PartnerProfile,
  type PartnerRegistrationInput,
} from '../schemas/partners';
import { rfqSchema, rfqSubmitResponseSchema, trackedQuoteResponseSchema, type Rfq, type RfqSubmissionInput, type RfqSubmitResponse, type TrackedQuoteResponse } from '../schemas/rfq';
import { HttpError, NetworkError, ProcuraError, ResponseValidationError, TimeoutError } from './errors';

/**
 * How {@link createClient} reaches the API.
 *
 * @example
 * const options: ClientOptions = { baseUrl: 'https://procura.example', apiKey: process.env.PROCURA_API_KEY, partnerId: process.env.PROCURA_PARTNER_ID, timeout: 5000, retry: 3 };
 */
export interface ClientOptions {
  /** The Procura server, e.g. `https://procura.example`. */
  baseUrl: string;
  /** A partner's API key (`procura_live_…`), for the partner and data calls. */
  apiKey?: string;
  /** The partner id the key belongs to; sent as X-Partner-ID. */
  partnerId?: string;
  /** A fetch to use instead of the global one (tests, proxies, older runtimes). */
  fetch?: typeof fetch;
  /** Milliseconds before a call fails with {@link TimeoutError} (10,000); `false` for none. */
  timeout?: number | false;
  /**
   * How many times a call is tried again after a network error, a timeout, or a 408, 429 or
   * 5xx answer (2). Only reads and keyed submissions are retried, so nothing is sent twice.
   */
  retry?: number;
}

/**
 * The rate-limit figures of the last partner answer.
 *
 * @example
 * const { remaining, resetAt } = procura.rateLimit!;
 * if (remaining === 0) await sleep(resetAt.getTime() - Date.now());
 */
export interface RateLimit {
  /** Requests allowed in the window. */
  limit: number;
  /** Requests left in it. */
  remaining: number;
  /** When the window starts again. */
  resetAt: Date;
}

/**
 * Per-call options of submissions.
 *
 * @example
 * // The same key for the same form, so a double click or a retry sends one request.
 * await procura.rfq.submit(form, { idempotencyKey: formId });
 */
export interface SubmitOptions {
  /** Identifies this submission, so a retry cannot create a second request (a new random key by default). */
  idempotencyKey?: string;
}

/**
 * What a submission takes: the schema's input, with counts as numbers or numeric text (the form
 * sends text; the server reads both).
 *
 * @example
 * const form: WithQuantity<RfqSubmissionInput> = { ...values, quantity: '200', supplierCount: 5 };
 */
export type WithQuantity<T> = Omit<T, 'quantity' | 'supplierCount'> & { quantity: number | string } & ('supplierCount' extends keyof T ? { supplierCount?: number | string } : unknown);

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
export interface ProcuraClient {
  rfq: {
    /** Sends a quote request (`POST /api/rfq`); answers it with its priced quotes. */
    submit(input: WithQuantity<RfqSubmissionInput>, options?: SubmitOptions): Promise<RfqSubmitResponse>;
    /** A stored request with its quotes (`GET /api/rfq/:rfqId`); the e-mail is masked. */
    get(rfqId: string): Promise<Rfq>;
  };
  quotes: {
    /** A quote by its tracking token (`GET /api/quotes/track/:token`); each call counts a view. */
    track(token: string): Promise<TrackedQuoteResponse>;
  };
  embed: {
    /** Sends the widget's short form (`POST /api/embed/rfq`), credited to `partnerId` when given. */
    submitRfq(input: WithQuantity<EmbedRfqInput>, options?: SubmitOptions): Promise<EmbedRfqResponse>;
  };
  partners: {
    /** Registers a partner (`POST /api/partners/register`); the API key in the answer is shown this once. */
    register(input: PartnerRegistrationInput): Promise<PartnerCredentials>;
    /** The partner the key belongs to (`GET /api/partners/me`). */
    me(): Promise<PartnerProfile>;
    /** A new key (`POST /api/partners/rotate-key`); the old one stops working at once, so make a new client with it. */
    rotateKey(): Promise<PartnerCredentials>;
    /** What the partner's widgets brought (`GET /api/embed/analytics`). */
    analytics(): Promise<PartnerAnalytics>;
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

const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];

/** A fresh idempotency key: 128 random bits, hex (works where crypto.randomUUID does not, on plain http). */
function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The query string of defined parameters. */
function searchParams(params: Record<string, unknown> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
}

async function toHttpError(response: Response): Promise<HttpError> {
  const requestId = response.headers.get('x-request-id');
  const retryAfter = response.headers.get('retry-after');
  const body = errorBodySchema.safeParse(await response.json().catch(() => null));
  const { code, message, details } = body.success
    ? body.data.error
    : { code: 'http_error', message: `The API answered ${response.status} ${response.statusText}`.trim(), details: undefined };
  return new HttpError(response.status, code, message, details, requestId, retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null);
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
  const retryLimit = options.retry ?? 2;
  let rateLimit: RateLimit | null = null;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  if (options.partnerId) headers['x-partner-id'] = options.partnerId;

  const api: KyInstance = ky.create({
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    timeout: options.timeout ?? 10_000,
    retry: { limit: retryLimit, methods: ['get'], statusCodes: RETRY_STATUSES },
    fetch: options.fetch,
    hooks: {
      afterResponse: [
        (_request, _options, response) => {
          const limit = response.headers.get('x-ratelimit-limit');
          const remaining = response.headers.get('x-ratelimit-remaining');
          const reset = response.headers.get('x-ratelimit-reset');
          if (limit !== null && remaining !== null && reset !== null) {
            rateLimit = { limit: Number(limit), remaining: Number(remaining), resetAt: new Date(Number(reset) * 1000) };
          }
        },
      ],
    },
  });

  async function call<S extends ZodType>(schema: S, path: string, init: Options): Promise<z.output<S>> {
    const what = `${(init.method ?? 'get').toUpperCase()} /${path}`;
    let response: Response;
    try {
      response = await api(path, init);
    } catch (err) {
      if (err instanceof KyHttpError) throw await toHttpError(err.response);
      if (err instanceof KyTimeoutError) throw new TimeoutError(`Procura did not answer ${what} in time`, { cause: err });
      if (err instanceof ProcuraError) throw err;
      throw new NetworkError(`Procura could not be reached for ${what}: ${(err as Error)?.message ?? err}`, { cause: err });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (err) {
      throw new ResponseValidationError(`The answer to ${what} is not JSON`, [], { cause: err });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
      throw new ResponseValidationError(`The answer to ${what} does not match this SDK's schema`, issues);
    }
    return parsed.data;
  }

  const get = <S extends ZodType>(schema: S, path: string, params?: object) => call(schema, path, { method: 'get', searchParams: searchParams(params as Record<string, unknown>) });
  const post = <S extends ZodType>(schema: S, path: string, json: unknown, keyed?: SubmitOptions) =>
    call(schema, path, {
      method: 'post',
      json,
      ...(keyed
        ? { headers: { 'idempotency-key': keyed.idempotencyKey ?? newIdempotencyKey() }, retry: { limit: retryLimit, methods: ['post'], statusCodes: RETRY_STATUSES } }
        : { retry: 0 }),
    });
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
    rfq: {
      submit: (input, opts = {}) => post(rfqSubmitResponseSchema, 'api/rfq', input, opts),
      get: (rfqId) => get(rfqSchema, `api/rfq/${segment(rfqId)}`),
    },
    quotes: { track: (token) => get(trackedQuoteResponseSchema, `api/quotes/track/${segment(token)}`) },
    embed: { submitRfq: (input, opts = {}) => post(embedRfqResponseSchema, 'api/embed/rfq', input, opts) },
    partners: {
      register: (input) => post(partnerCredentialsSchema, 'api/partners/register', input),
      me: () => get(partnerProfileSchema, 'api/partners/me'),
      rotateKey: () => post(partnerCredentialsSchema, 'api/partners/rotate-key', undefined),
      analytics: () => get(partnerAnalyticsSchema, 'api/embed/analytics'),
    },
    data,
    get rateLimit() {
      return rateLimit;
    },
  };
}
