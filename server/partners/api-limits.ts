import type { Kysely } from 'kysely';
import { API_TIERS, type ApiTier } from '../../sdk/index';
import type { DB } from '../db/schema';
import { countRequest } from './partners.repository';

export interface Admission {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * Counts a partner's request against its tier: Starter and Professional per clock hour,
 * Enterprise per second (a safety cap, no hourly quota). The counters live in the database, so
 * every server process on one database shares them.
 */
export async function admitRequest(db: Kysely<DB>, partnerId: string, tier: ApiTier, nowMs: number): Promise<Admission> {
  const plan = API_TIERS[tier];
  const hourly = plan.hourlyQuota !== null;
  const limit = (hourly ? plan.hourlyQuota : plan.perSecondCap) ?? 0;
  const windowMs = hourly ? 3_600_000 : 1000;
  const start = nowMs - (nowMs % windowMs);
  const used = await countRequest(db, partnerId, `${hourly ? 'h' : 's'}:${start}`, new Date(start + windowMs).toISOString());
  return {
    allowed: used <= limit,
    limit,
    remaining: Math.max(0, limit - used),
    resetSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)),
    windowSeconds: windowMs / 1000,
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
