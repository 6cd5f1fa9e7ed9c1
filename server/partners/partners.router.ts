import Router from '@koa/router';
import type { Context } from 'koa';
import { partnerRegistrationSchema, type PartnerAnalytics, type PartnerProfile } from '../../sdk/index';
import type { AppDeps } from '../app';
import { ApiError } from '../errors';
import { readJson } from '../http/body';
import { rateLimit } from '../http/rate-limit';
import { partnerAuth, type AuthenticatedPartner } from './partner-auth';
import { partnerAnalytics, registerPartner, rotatePartnerKey } from './partners.service';

const partnerOf = (ctx: Context) => ctx.state.partner as AuthenticatedPartner;

/** Registration, the partner's own profile and key, and their widgets' analytics. */
export function partnersRouter(deps: AppDeps) {
  const router = new Router();
  const auth = partnerAuth(deps);
  const limit = rateLimit(deps.config.rfqRateLimit);

  router.post('/api/partners/register', limit, async (ctx) => {
    const input = partnerRegistrationSchema.parse(await readJson(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await registerPartner(deps, input, new Date(deps.clock()));
  });

  router.get('/api/partners/me', auth, async (ctx) => {
    const row = await deps.database.db
      .selectFrom('partners')
      .select(['id', 'company_name', 'tier', 'key_prefix', 'key_created_at'])
      .where('id', '=', partnerOf(ctx).id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'partner_not_found', 'Partner not found');
    const body: PartnerProfile = { partnerId: row.id, companyName: row.company_name, tier: row.tier as PartnerProfile['tier'], keyPrefix: row.key_prefix, keyCreatedAt: row.key_created_at };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/partners/rotate-key', auth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await rotatePartnerKey(deps.database.db, partnerOf(ctx).id, new Date(deps.clock()));
  });

  router.get('/api/embed/analytics', auth, async (ctx) => {
    const body: PartnerAnalytics = await partnerAnalytics(deps.database.db, partnerOf(ctx).id, new Date(deps.clock()));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  return router;
}
