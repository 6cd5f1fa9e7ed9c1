/**
 * The errors a {@link createClient} call can throw. Each sets `name`, and the guards compare it,
 * so they also recognise errors thrown in another frame or by another copy of this package.
 *
 * @module
 */

/**
 * The base of every error the client throws.
 *
 * @example
 * try { await client.rfq.get('123') } catch (e) { if (isProcuraError(e)) console.error(e.message) }
 */
export class ProcuraError extends Error {
  override name: string = 'ProcuraError';
}

/**
 * The API answered with an error status. `code`, `apiMessage` and `details` are the API's own
 * (`{ "error": { "code", "message", "details"? } }`); `requestId` is its X-Request-Id. The
 * error's `message` is the text Procura shows for any failed call: `'{status}: {the API's
 * message, or the status text when the answer has none}'`, e.g. `'404: RFQ not found'`.
 *
 * @example
 * catch (e) { if (isHttpError(e) && e.status === 400) showFieldErrors(e.details) }
 */
export class HttpError extends ProcuraError {
  override name = 'HttpError';
  constructor(
    /** The HTTP status, e.g. 400, 401, 429. */
    readonly status: number,
    /** The API's error code, e.g. `validation_error`, `rate_limited`. */
    readonly code: string,
    /** The API's own message (or the status text), without the status. */
    readonly apiMessage: string,
    /** What the API added: for bad input, `fields` maps each field to its message. */
    readonly details: unknown,
    /** The request's id, to quote to Procura's support. */
    readonly requestId: string | null,
    /** For a 429: seconds to wait, from Retry-After. */
    readonly retryAfter: number | null = null,
  ) {
    super(`${status}: ${apiMessage}`);
  }
}

/**
 * The API did not answer within the client's `timeout`.
 *
 * @example
 * catch (e) { if (isTimeoutError(e)) retryLater() }
 */
export class TimeoutError extends ProcuraError {
  override name = 'TimeoutError';
}

/**
 * The request never reached the API, or its answer never came back (offline, DNS, refused).
 *
 * @example
 * catch (e) { if (isNetworkError(e)) showOfflineBanner() }
 */
export class NetworkError extends ProcuraError {
  override name = 'NetworkError';
}

/**
 * The API answered successfully, but not in the shape this SDK version knows: usually a newer
 * server or an older SDK. `issues` lists what did not match.
 *
 * @example
 * catch (e) { if (isResponseValidationError(e)) console.error(e.issues) }
 */
export class ResponseValidationError extends ProcuraError {
  override name = 'ResponseValidationError';
  constructor(
    message: string,
    /** Each mismatch: where in the answer, and what was expected. */
    readonly issues: { path: (string | number)[]; message: string }[],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const NAMES = new Set(['ProcuraError', 'HttpError', 'TimeoutError', 'NetworkError', 'ResponseValidationError']);
const named = (e: unknown, name: string) => typeof e === 'object' && e !== null && (e as { name?: unknown }).name === name;

/**
 * Whether `e` is any error of this client, from this frame or another.
 *
 * @example
 * if (isProcuraError(e)) report(e.name, e.message);
 */
export const isProcuraError = (e: unknown): e is ProcuraError => [...NAMES].some((name) => named(e, name));
/**
 * Whether `e` is an {@link HttpError}.
 *
 * @example
 * if (isHttpError(e) && e.code === 'rate_limited') await sleep(e.retryAfter! * 1000);
 */
export const isHttpError = (e: unknown): e is HttpError => named(e, 'HttpError');
/**
 * Whether `e` is a {@link TimeoutError}.
 *
 * @example
 * if (isTimeoutError(e)) console.warn('Procura is slow to answer');
 */
export const isTimeoutError = (e: unknown): e is TimeoutError => named(e, 'TimeoutError');
/**
 * Whether `e` is a {@link NetworkError}.
 *
 * @example
 * if (isNetworkError(e)) console.warn('offline?');
 */
export const isNetworkError = (e: unknown): e is NetworkError => named(e, 'NetworkError');
/**
 * Whether `e` is a {@link ResponseValidationError}.
 *
 * @example
 * if (isResponseValidationError(e)) console.error(e.issues);
 */
export const isResponseValidationError = (e: unknown): e is ResponseValidationError => named(e, 'ResponseValidationError');

/**
 * The field messages of a failed call: for a 400 `validation_error`, its `details.fields` (one
 * message per field, word for word as the form shows them); otherwise none.
 *
 * @example
 * catch (e) { setErrors(fieldMessages(e)) } // { contactEmail: 'Valid email required' }
 */
export function fieldMessages(e: unknown): Record<string, string> {
  if (!isHttpError(e)) return {};
  const fields = (e.details as { fields?: unknown } | null | undefined)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
