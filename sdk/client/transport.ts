/**
 * How every call of the client reaches the API: ky underneath, answers checked against a zod
 * schema, one error type per failure, one idempotency key maker. The check takes any zod schema
 * (classic or `zod/mini`) through `zod/v4/core`, so a small browser bundle that checks its
 * answers with `zod/mini` schemas carries no more of zod than it uses.
 *
 * @module
 */
import ky, { HTTPError as KyHttpError, TimeoutError as KyTimeoutError, type KyInstance, type Options } from 'ky';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { HttpError, NetworkError, ProcuraError, ResponseValidationError, TimeoutError } from './errors';

/**
 * How `createTransport` (and so `createClient`) reaches the API.
 *
 * @example
 * const options: ClientOptions = { baseUrl: 'https://procura.example', apiKey: process.env.PROCURA_API_KEY, partnerId: process.env.PROCURA_PARTNER_ID, timeout: 5000, retry: 3 };
 */
export interface ClientOptions {
  /** The Procura server, e.g. `https://procura.example`; in a page of Procura's own, `location.origin`. */
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
 * Per-call options of every call.
 *
 * @example
 * const controller = new AbortController();
 * procura.catalogue.products('bleach', { signal: controller.signal });
 * controller.abort(); // the call rejects with the signal's AbortError, not a ProcuraError
 */
export interface CallOptions {
  /** Cancels the call; it then rejects with the signal's reason (an `AbortError`). */
  signal?: AbortSignal;
  /** Headers of this call alone, such as the `X-Session-ID` of an analytics event. */
  headers?: Record<string, string>;
}

/**
 * Per-call options of submissions.
 *
 * @example
 * // The same key for the same form, so a double click or a retry sends one request.
 * await procura.rfq.submit(form, { idempotencyKey: formId });
 */
export interface SubmitOptions extends CallOptions {
  /** Identifies this submission, so a retry cannot create a second request (a new random key by default). */
  idempotencyKey?: string;
}

/**
 * The two requests every call is made of, each answer checked against its schema.
 *
 * @example
 * const api = createTransport({ baseUrl: location.origin });
 * const { suggestions } = await api.get(locationSuggestionsSchema, 'api/catalogue/locations', { q: 'dur' });
 */
export interface Transport {
  /** GETs `path` with the defined `params` as its query, retried after transient failures. */
  get<S extends $ZodType>(schema: S, path: string, params?: object, options?: CallOptions): Promise<output<S>>;
  /**
   * POSTs `json` to `path`. With `keyed`, it carries an Idempotency-Key (the given one or a new
   * one) and is retried like a read; without, it is sent once. A `null` schema expects no body.
   */
  post<S extends $ZodType>(schema: S | null, path: string, json: unknown, keyed?: SubmitOptions | null, options?: CallOptions): Promise<output<S>>;
  /** PATCHes `path` with `json`; sent once. */
  patch<S extends $ZodType>(schema: S | null, path: string, json: unknown, options?: CallOptions): Promise<output<S>>;
  /** PUTs `json` at `path`, replacing what is there; sent once. */
  put<S extends $ZodType>(schema: S | null, path: string, json: unknown, options?: CallOptions): Promise<output<S>>;
  /** DELETEs `path`; sent once, as a repeat after a lost answer would meet a 404. */
  delete<S extends $ZodType>(schema: S | null, path: string, options?: CallOptions): Promise<output<S>>;
  /** GETs the document at `path` (a PDF, a CSV) with the client's credentials, as a Blob of its type. */
  file(path: string, options?: CallOptions): Promise<Blob>;
  /** The rate-limit figures of the last partner answer, or null before the first. */
  readonly rateLimit: RateLimit | null;
}

const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];

/**
 * A fresh idempotency key: 128 random bits as hex. The one place keys are made; it works where
 * `crypto.randomUUID` does not (pages served over plain http).
 *
 * @example
 * const key = newIdempotencyKey(); // '9f86d081884c7d659a2feaa0c55ad015'
 */
function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The query string of defined parameters. */
function searchParams(params: object = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  );
}

/** The API's error body, read without a schema library so the smallest bundle carries none. */
async function toHttpError(response: Response): Promise<HttpError> {
  const requestId = response.headers.get('x-request-id');
  const retryAfter = response.headers.get('retry-after');
  const body: unknown = await response.json().catch(() => null);
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const known =
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string';
  const { code, message, details } = known
    ? (error as { code: string; message: string; details?: unknown })
    : { code: 'http_error', message: response.statusText || 'Request failed', details: undefined };
  return new HttpError(response.status, code, message, details, requestId, retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null);
}

/**
 * The requests under every call: ky with a timeout, retries of reads and keyed submissions
 * (honouring Retry-After), the partner's credentials, the last rate-limit figures, and each
 * failure as one of the client's errors.
 *
 * @example
 * import { createTransport } from './transport';
 *
 * const api = createTransport({ baseUrl: 'https://procura.example' });
 * await api.post(null, 'api/analytics/widget-load', { embedId: 'shop-footer' });
 */
export function createTransport(options: ClientOptions): Transport {
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

  /** The answer to one request, each failure as one of the client's errors. */
  async function send(path: string, init: Options): Promise<Response> {
    const what = `${(init.method ?? 'get').toUpperCase()} /${path}`;
    try {
      return await api(path, init);
    } catch (err) {
      // An aborted call is the caller's own doing: it rejects with the signal's reason, unwrapped.
      if (init.signal?.aborted) throw err;
      if (err instanceof KyHttpError) throw await toHttpError(err.response);
      if (err instanceof KyTimeoutError) throw new TimeoutError(`Procura did not answer ${what} in time`, { cause: err });
      if (err instanceof ProcuraError) throw err;
      throw new NetworkError(`Procura could not be reached for ${what}: ${(err as Error)?.message ?? err}`, { cause: err });
    }
  }

  async function call<S extends $ZodType>(schema: S | null, path: string, init: Options): Promise<output<S>> {
    const what = `${(init.method ?? 'get').toUpperCase()} /${path}`;
    const response = await send(path, init);
    if (schema === null) return undefined as output<S>;
    let body: unknown;
    try {
      body = await response.json();
    } catch (err) {
      if (init.signal?.aborted) throw err;
      throw new ResponseValidationError(`The answer to ${what} is not JSON`, [], { cause: err });
    }
    const parsed = safeParse(schema, body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
      throw new ResponseValidationError(`The answer to ${what} does not match this SDK's schema`, issues);
    }
    return parsed.data;
  }

  return {
    get: (schema, path, params, opts = {}) =>
      call(schema, path, { method: 'get', searchParams: searchParams(params), signal: opts.signal, ...(opts.headers ? { headers: opts.headers } : {}) }),
    post: (schema, path, json, keyed, opts = {}) =>
      call(schema, path, {
        method: 'post',
        json,
        signal: opts.signal ?? keyed?.signal,
        ...(keyed
          ? {
              headers: { ...opts.headers, 'idempotency-key': keyed.idempotencyKey ?? newIdempotencyKey() },
              retry: { limit: retryLimit, methods: ['post'], statusCodes: RETRY_STATUSES },
            }
          : { ...(opts.headers ? { headers: opts.headers } : {}), retry: 0 }),
      }),
    patch: (schema, path, json, opts = {}) => call(schema, path, { method: 'patch', json, signal: opts.signal, retry: 0 }),
    put: (schema, path, json, opts = {}) => call(schema, path, { method: 'put', json, signal: opts.signal, retry: 0 }),
    delete: (schema, path, opts = {}) => call(schema, path, { method: 'delete', signal: opts.signal, retry: 0 }),
    file: async (path, opts = {}) => (await send(path, { method: 'get', headers: { accept: '*/*' }, signal: opts.signal })).blob(),
    get rateLimit() {
      return rateLimit;
    },
  };
}
