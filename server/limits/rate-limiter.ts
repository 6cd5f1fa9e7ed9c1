import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Context, Middleware, Next } from 'koa';
import type { Executor } from '../db/executor';
import type { GroupCommit } from '../db/group-commit';
import { ApiError } from '../errors';
import { countHit, countHits, windowId, type WindowHits } from './limits.repository';

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
export async function admit(db: Executor, policy: RatePolicy, subject: string, nowMs: number): Promise<Admission> {
  const window = windowOf(policy, subject, nowMs);
  return admitted(policy, await countHit(db, window), window.endMs, nowMs);
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

function admitted(policy: RatePolicy, used: number, endMs: number, nowMs: number): Admission {
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

/** The 429 of a limit the caller may try again under in `retryAfterSeconds`, in the one error shape, with Retry-After. */
export function rateLimited(retryAfterSeconds: number, message: string): ApiError {
  return new ApiError(429, 'rate_limited', message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/**
 * The client a per-client limit counts: an IPv4 address as it is, an IPv6 address by its /64
 * network, the block one subscriber is given (RFC 6177), so that stepping through the addresses
 * of one's own network opens no new windows.
 */
export function clientSubject(ip: string): string {
  const address = ip.startsWith('::ffff:') && !ip.slice(7).includes(':') ? ip.slice(7) : ip;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** A window's hits waiting for the next batch, each to learn the count it brought the window to. */
interface Waiting {
  window: Omit<WindowHits, 'n'>;
  hits: { resolve(count: number): void; reject(err: unknown): void }[];
}

/**
 * Counts the hits that arrive together (in one turn of the event loop) in one write: each window
 * once, by the number of its hits, and each hit learns the count it brought its window to, as if
 * they had been counted one by one. On PostgreSQL that is one statement for the whole batch where
 * every request made one of its own; on SQLite the batch joins the group commit as one write.
 */
function batchedHits(writes: GroupCommit): (window: Omit<WindowHits, 'n'>) => Promise<number> {
  let waiting = new Map<string, Waiting>();
  const flush = () => {
    const batch = [...waiting.values()];
    waiting = new Map();
    void writes
      .one((db) =>
        countHits(
          db,
          batch.map((w) => ({ ...w.window, n: w.hits.length })),
        ),
      )
      .then(
        (counts) => {
          batch.forEach((w, i) => {
            const first = counts[i]! - w.hits.length;
            w.hits.forEach((hit, k) => {
              hit.resolve(first + k + 1);
            });
          });
        },
        (err: unknown) => {
          for (const w of batch) for (const hit of w.hits) hit.reject(err);
        },
      );
  };
  return (window) =>
    new Promise<number>((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      const key = windowId(window);
      let entry = waiting.get(key);
      if (!entry) {
        entry = { window, hits: [] };
        waiting.set(key, entry);
      }
      entry.hits.push({ resolve, reject });
    });
}

/**
 * Limits a route per client (`ctx.ip`, as `clientAddress` settled it from the trusted proxy hops,
 * an IPv6 client by its /64). `what` names the thing limited in the 429's message: "quote
 * requests". The hits that arrive together are counted in one write (see {@link batchedHits}).
 */
export function limitPerClient(deps: { writes: GroupCommit; clock: () => number }, policy: RatePolicy, what: string): Middleware {
  const count = batchedHits(deps.writes);
  return async function limitClient(ctx: Context, next: Next) {
    const now = deps.clock();
    const window = windowOf(policy, clientSubject(ctx.ip), now);
    const admission = admitted(policy, await count(window), window.endMs, now);
    ctx.set(rateLimitHeaders(admission, now));
    if (!admission.allowed) {
      throw rateLimited(
        admission.resetSeconds,
        `Too many ${what} from your network. Please try again in ${admission.resetSeconds} second${admission.resetSeconds === 1 ? '' : 's'}.`,
      );
    }
    await next();
  };
}
