import type { Kysely } from 'kysely';
import { API_TIERS, type ApiTier } from '../../contract/data-api';
import type { DB } from '../db/schema';
import { admit, type Admission } from '../limits/rate-limiter';

export { rateLimitHeaders, type Admission } from '../limits/rate-limiter';

/**
 * Counts a partner's request against its tier: Starter and Professional per clock hour,
 * Enterprise per second (a safety cap, no hourly quota), in the one database rate limiter.
 */
export async function admitRequest(db: Kysely<DB>, partnerId: string, tier: ApiTier, nowMs: number): Promise<Admission> {
  const plan = API_TIERS[tier];
  return plan.hourlyQuota !== null
    ? admit(db, { bucket: 'data-api-hour', limit: plan.hourlyQuota, windowSeconds: 3600 }, partnerId, nowMs)
    : admit(db, { bucket: 'data-api-second', limit: plan.perSecondCap ?? 0, windowSeconds: 1 }, partnerId, nowMs);
}
