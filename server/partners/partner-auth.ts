import type { Context, Middleware, Next } from 'koa';
import { API_TIERS, DATA_PRODUCTS, type ApiTier, type DataProduct } from '../../contract/data-api';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { hashSecret } from '../lib/ids';
import { rateLimited } from '../limits/rate-limiter';
import { admitRequest, rateLimitHeaders } from './api-limits';
import { isWellFormedApiKey } from './api-keys';
import { findPartnerByKeyHash } from './partners.repository';

export interface AuthenticatedPartner {
  id: string;
  tier: ApiTier;
  companyName: string;
}

const CREDENTIALS_HELP = 'Send your API key as "Authorization: Bearer <apiKey>" and your partner id as "X-Partner-ID".';

/**
 * Authenticates a partner from `Authorization: Bearer <apiKey>` and `X-Partner-ID` (401 without
 * or with a bad key, 403 when the header names another partner), then counts the request against
 * the partner's tier (429 over it). Rejected credentials count against no one.
 */
export function partnerAuth(deps: { database: Database; clock: () => number }): Middleware {
  return async function authenticatePartner(ctx: Context, next: Next) {
    const started = performance.now();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
    if (!match) throw new ApiError(401, 'unauthorized', `An API key is required. ${CREDENTIALS_HELP}`, undefined, { 'WWW-Authenticate': 'Bearer' });
    const key = match[1]!;
    const row = isWellFormedApiKey(key) ? await findPartnerByKeyHash(deps.database.db, hashSecret(key)) : undefined;
    if (!row)
      throw new ApiError(401, 'invalid_api_key', 'This API key is not valid. It may have been rotated.', undefined, {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    const claimed = ctx.get('x-partner-id');
    if (!claimed) throw new ApiError(401, 'partner_id_required', `The X-Partner-ID header is required. ${CREDENTIALS_HELP}`);
    if (claimed !== row.id) throw new ApiError(403, 'partner_mismatch', 'X-Partner-ID does not match the partner this API key belongs to.');
    const partner: AuthenticatedPartner = { id: row.id, tier: row.tier as ApiTier, companyName: row.company_name };
    ctx.state.partner = partner;

    const now = deps.clock();
    const admission = await admitRequest(deps.database.db, partner.id, partner.tier, now);
    ctx.set(rateLimitHeaders(admission, now));
    // What authentication and the shared rate limiter cost this request, for clients and the bench.
    ctx.set('Server-Timing', `auth;desc="key check and rate limit";dur=${(performance.now() - started).toFixed(2)}`);
    if (!admission.allowed) {
      throw rateLimited(
        admission.resetSeconds,
        `Rate limit of ${admission.limit} requests per ${admission.windowSeconds === 1 ? 'second' : 'hour'} reached. Try again in ${admission.resetSeconds} second${admission.resetSeconds === 1 ? '' : 's'}.`,
      );
    }
    await next();
  };
}

/** Lets through only partners whose tier includes the data product (403 otherwise). */
export function requireProduct(product: DataProduct): Middleware {
  return async function checkTier(ctx: Context, next: Next) {
    const partner = ctx.state.partner as AuthenticatedPartner;
    const plan = API_TIERS[partner.tier];
    if (!(plan.products as readonly DataProduct[]).includes(product)) {
      throw new ApiError(
        403,
        'product_not_in_tier',
        `${DATA_PRODUCTS[product].label} is not part of the ${plan.label} tier. Upgrade to a tier that includes it.`,
      );
    }
    await next();
  };
}
