import type { Context, Middleware, Next } from 'koa';
import { ApiError } from '../errors';

/**
 * A fixed-window request limit per client address, held in this process. Over the limit the
 * answer is 429 with Retry-After. Windows that ended are swept as new ones start.
 */
export function rateLimit(options: { limit: number; windowSeconds: number; now?: () => number }): Middleware {
  const now = options.now ?? Date.now;
  const windowMs = options.windowSeconds * 1000;
  let windowStart = 0;
  let counts = new Map<string, number>();
  return async function limitRate(ctx: Context, next: Next) {
    const t = now();
    if (t - windowStart >= windowMs) {
      windowStart = t - (t % windowMs);
      counts = new Map();
    }
    const key = ctx.ip;
    const used = (counts.get(key) ?? 0) + 1;
    counts.set(key, used);
    const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - t) / 1000));
    ctx.set('RateLimit-Policy', `${options.limit};w=${options.windowSeconds}`);
    ctx.set('RateLimit', `limit=${options.limit}, remaining=${Math.max(0, options.limit - used)}, reset=${resetSeconds}`);
    if (used > options.limit) {
      throw new ApiError(
        429,
        'rate_limited',
        `Too many quote requests from your network. Please try again in ${resetSeconds} seconds.`,
        undefined,
        { 'Retry-After': String(resetSeconds) },
      );
    }
    await next();
  };
}
