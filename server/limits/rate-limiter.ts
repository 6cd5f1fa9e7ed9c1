import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Context, Middleware, Next } from 'koa';
import type { DB } from '../db/schema';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { countHit, readHits } from './limits.repository';

/** A limit: at most `limit` hits per subject in each fixed window of `windowSeconds`. */
export interface RatePolicy {
  /** Names the counter; policies with one bucket share their windows. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface Admission {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * What a subject is counted under: a hash, so the table never holds a client's address or a
 * partner's id, only something that tells one from another for the life of a window.
 */
export function subjectKey(bucket: string, subject: string): string {
  return createHash('sha256').update(`${bucket}\n${subject}`).digest('base64url').slice(0, 32);
}

/**
 * Counts a hit of `subject` against `policy` and says whether it is within the limit. The
 * counters live in the database, so every server process on one database shares each window.
 */
export async function admit(db: Kysely<DB>, policy: RatePolicy, subject: string, nowMs: number): Promise<Admission> {
  const window = windowOf(policy, subject, nowMs);
  return admission(policy, await countHit(db, window), window.endMs, nowMs);
}

/**
 * Whether one more hit of `subject` would be within `policy`, without counting one: for limits
 * that count only some outcomes (failed sign-ins), counted afterwards with {@link admit}.
 */
export async function peek(db: Kysely<DB>, policy: RatePolicy, subject: string, nowMs: number): Promise<Admission> {
  const window = windowOf(policy, subject, nowMs);
  return admission(policy, (await readHits(db, window)) + 1, window.endMs, nowMs);
}

function windowOf(policy: RatePolicy, subject: string, nowMs: number) {
  const windowMs = policy.windowSeconds * 1000;
  const start = nowMs - (nowMs % windowMs);
  return {
    bucket: policy.bucket,
    subject: subjectKey(policy.bucket, subject),
    windowKey: String(start),
    expiresAt: new Date(start + windowMs).toISOString(),
    endMs: start + windowMs,
  };
}

function admission(policy: RatePolicy, used: number, endMs: number, nowMs: number): Admission {
  return {
    allowed: used <= policy.limit,
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - used),
    resetSeconds: Math.max(1, Math.ceil((endMs - nowMs) / 1000)),
    windowSeconds: policy.windowSeconds,
  };
}

/** The rate-limit headers of an admission: the X-RateLimit trio and the IETF RateLimit pair. */
export function rateLimitHeaders(a: Admission, nowMs: number): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(a.limit),
    'X-RateLimit-Remaining': String(a.remaining),
    'X-RateLimit-Reset': String(Math.ceil(nowMs / 1000) + a.resetSeconds),
    'RateLimit-Policy': `${a.limit};w=${a.windowSeconds}`,
    RateLimit: `limit=${a.limit}, remaining=${a.remaining}, reset=${a.resetSeconds}`,
  };
}

/** The 429 of an admission over its limit, in the one error shape, with Retry-After. */
export function rateLimited(a: Admission, message: string): ApiError {
  return new ApiError(429, 'rate_limited', message, undefined, { 'Retry-After': String(a.resetSeconds) });
}

/**
 * Limits a route per client address (`ctx.ip`, as `clientAddress` settled it from the trusted
 * proxy hops). `what` names the thing limited in the 429's message: "quote requests".
 */
export function limitPerClient(deps: { database: Database; clock: () => number }, policy: RatePolicy, what: string): Middleware {
  return async function limitClient(ctx: Context, next: Next) {
    const now = deps.clock();
    const admission = await admit(deps.database.db, policy, ctx.ip, now);
    ctx.set(rateLimitHeaders(admission, now));
    if (!admission.allowed) {
      throw rateLimited(admission, `Too many ${what} from your network. Please try again in ${admission.resetSeconds} second${admission.resetSeconds === 1 ? '' : 's'}.`);
    }
    await next();
  };
}
