import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import type { Logger } from 'pino';
import { ERROR_STATUS, type ErrorCode, type ErrorStatus } from './error-codes';
import { routeOf } from './http/request-context';

/**
 * An error the API answers with as it is: status, code, message and optional details. The code is
 * one of `ERROR_CODES` (error-codes.ts) and the status the one that code always has.
 */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly status: ErrorStatus<C>,
    readonly code: C,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Field messages of a zod error, one per field (the first), keyed by the dotted path; an issue
 * about the whole input (an unknown parameter, a body that is not an object) is keyed by `root`.
 */
export function fieldMessages(error: ZodError, root = 'body'): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? root : issue.path.join('.');
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** The one answer to input that fails its rules: 400 `validation_error`, one message per field. */
export function invalidFields(fields: Record<string, string>): ApiError {
  return new ApiError(400, 'validation_error', 'Request validation failed', { fields });
}

/** The error body of a failed validation. */
export function validationError(error: ZodError, root?: string): ApiError {
  return invalidFields(fieldMessages(error, root));
}

function isPayloadError(err: unknown): err is { status: number; expose: boolean; message: string } {
  return (
    typeof err === 'object' &&
    err !== null &&
    'status' in err &&
    typeof (err as { status: unknown }).status === 'number' &&
    (err as { expose?: unknown }).expose === true
  );
}

/** A body Koa's parser refused, under the code its status has (413, 415), else `bad_request`. */
function payloadError(status: number, message: string): ApiError {
  const code = (['payload_too_large', 'unsupported_media_type'] as const).find((c) => ERROR_STATUS[c] === status);
  return code ? new ApiError(ERROR_STATUS[code] as ErrorStatus<typeof code>, code, message) : new ApiError(400, 'bad_request', message);
}

/**
 * The first middleware: whatever fails below becomes `{ error: { code, message, details? } }`.
 * A 500 says only that something went wrong; the cause goes to the log under the request id
 * that the X-Request-Id header gives the caller.
 */
export function errorHandler(logger: Logger) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      if (ctx.status === 405) {
        throw new ApiError(405, 'method_not_allowed', `${ctx.method} is not allowed here; use ${ctx.response.get('Allow')}`);
      }
      if (ctx.status === 501) {
        throw new ApiError(501, 'not_implemented', `${ctx.method} is not supported`);
      }
    } catch (err) {
      let apiError: ApiError;
      if (err instanceof ApiError) apiError = err;
      else if (err instanceof ZodError) apiError = validationError(err);
      else if (isPayloadError(err) && err.status >= 400 && err.status < 500) {
        apiError = payloadError(err.status, err.message);
      } else if (ctx.req.aborted || (err as { code?: unknown }).code === 'ECONNRESET') {
        // The client went away mid-request: nothing failed here, and nobody is left to answer.
        logger.info({ reqId: ctx.state.requestId, route: routeOf(ctx) }, 'aborted');
        apiError = new ApiError(400, 'request_aborted', 'The request was cut off before its end');
      } else {
        logger.error({ err, reqId: ctx.state.requestId, route: routeOf(ctx) }, 'unhandled error');
        apiError = new ApiError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
      }
      ctx.status = apiError.status;
      // The error body replaces whatever was answered before, compressed or not: no stale coding.
      ctx.remove('Content-Encoding');
      if (apiError.headers) ctx.set(apiError.headers);
      const error: Record<string, unknown> = { code: apiError.code, message: apiError.message };
      if (apiError.details !== undefined) error.details = apiError.details;
      ctx.body = { error };
    }
  };
}
