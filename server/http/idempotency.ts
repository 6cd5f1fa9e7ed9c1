import type { Context } from 'koa';
import { ApiError } from '../errors';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The request's Idempotency-Key, undefined without one; 400 when it is not 1 to 200 visible ASCII characters. */
export function idempotencyKey(ctx: Context): string | undefined {
  const raw = ctx.get('idempotency-key');
  if (raw === '') return undefined;
  if (!IDEMPOTENCY_KEY.test(raw)) {
    throw new ApiError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 200 visible ASCII characters');
  }
  return raw;
}
