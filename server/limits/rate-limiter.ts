import { hash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Context, Middleware, Next } from 'koa';
import type { Executor } from '../db/executor';
import type { GroupCommit } from '../db/group-commit';
import { ApiError } from '../errors';
import { countHit, countHitBelow, countHits, windowId, windowsHits, type WindowHits } from './limits.repository';

/** A limit: at most `limit` hits per subject in each fixed window of `windowSeconds`, or in any such span when `sliding`. */
export interface RatePolicy {
  /** Names the counter; policies with one bucket share their windows. */
  bucket: string;
  limit: number;
  windowSeconds: number;
  /**
   * Counts over a sliding window: the hits of the current fixed window plus those of the one
   * before, weighted by the share of it that the last `windowSeconds` still cover (the estimate
   * Cloudflare's limiter makes). A limit then cannot be spent twice across a window's edge, and
   * comes back little by little instead of all at once on the hour. A refused hit is not
   * counted, so asking on and on never pushes the subject's own window further away.
   */
  sliding?: boolean;
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
  return hash('sha256', `${bucket}\n${subject}`, 'base64url').slice(0, 32);
}

/**
 * Counts a hit of `subject` against `policy` and says whether it is within the limit. The
 * counters live in the database, so every server process on one database shares each window.
 */
export async function admit(db: Executor, policy: RatePolicy, subject: string, nowMs: number): Promise<Admission> {
  if (policy.sliding) return admitSliding(db, policy, subject, nowMs);
  const window = windowOf(policy, subject, nowMs);
  return admitted(policy, await countHit(db, window), window.endMs, nowMs);
}

/**
 * {@link admit} over a sliding window: reads the previous and current windows' hits, then counts
 * the hit in one statement bounded by the room the previous window's weighted share leaves, so
 * that two processes admitting at once cannot both take the last place.
 */
async function admitSliding(db: Executor, policy: RatePolicy, subject: string, nowMs: number): Promise<Admission> {
  const windowMs = policy.windowSeconds * 1000;
  const start = nowMs - (nowMs % windowMs);
  const key = subjectKey(policy.bucket, subject);
  const hits = await windowsHits(db, { bucket: policy.bucket, subject: key, windowKeys: [String(start - windowMs), String(start)] });
  const previous = hits.get(String(start - windowMs)) ?? 0;
  const carried = previous * (1 - (nowMs - start) / windowMs);
  // The current window's hits may reach this many; it is read again, atomically, as the hit is counted.
  const room = Math.floor(policy.limit - carried + 1e-9);
  const current = { bucket: policy.bucket, subject: key, windowKey: String(start), expiresAt: new Date(start + 2 * windowMs).toISOString() };
  const used = room >= 1 ? await countHitBelow(db, current, room) : undefined;
  const base = { limit: policy.limit, windowSeconds: policy.windowSeconds };
  if (used !== undefined) {
    return { ...base, allowed: true, remaining: Math.max(0, room - used), resetSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) };
  }
  const retryMs = slidingRetryMs({ limit: policy.limit, windowMs, start, previous, current: hits.get(String(start)) ?? 0 }, nowMs);
  return { ...base, allowed: false, remaining: 0, resetSeconds: Math.max(1, Math.ceil(retryMs / 1000)) };
}

/**
 * How long until a sliding window has room for one more hit: the previous window's weight fades
 * through the current one, and at its end the current window becomes the previous.
 */
function slidingRetryMs(w: { limit: number; windowMs: number; start: number; previous: number; current: number }, nowMs: number): number {
  const { limit, windowMs, start, previous, current } = w;
  // The first whole millisecond `elapsed` into a window at which weight * (1 - elapsed / window) <= room.
  const fadedAt = (weight: number, room: number) => (weight <= room ? 0 : windowMs - Math.floor((windowMs * room) / weight));
  // Within this window, once the previous one's weight leaves room for this one's hits and one more.
  if (current + 1 <= limit) return Math.max(0, start + fadedAt(previous, limit - current - 1) - nowMs);
  // Else in the next one, where this window's hits are the previous.
  return start + windowMs + fadedAt(current, limit - 1) - nowMs;
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
 * requests". The hits of a fixed-window policy that arrive together are counted in one write
 * (see {@link batchedHits}).
 */
export function limitPerClient(deps: { writes: GroupCommit; clock: () => number }, policy: RatePolicy, what: string): Middleware {
  const count = batchedHits(deps.writes);
  const admitClient = async (subject: string, now: number) => {
    // A sliding window reads before it counts: its few routes (sign-in links) are not the hot ones the batching is for.
    if (policy.sliding) return deps.writes.run((trx) => admit(trx, policy, subject, now));
    const window = windowOf(policy, subject, now);
    return admitted(policy, await count(window), window.endMs, now);
  };
  return async function limitClient(ctx: Context, next: Next) {
    const now = deps.clock();
    const admission = await admitClient(clientSubject(ctx.ip), now);
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
