import Router from '@koa/router';
import type { Context } from 'koa';
import { partnerRegistrationSchema } from '../../sdk/index';
import type { AppDeps } from '../deps';
import { limitPerClient } from '../limits/rate-limiter';
import { validate } from '../http/validate';
import { partnerAuth, type AuthenticatedPartner } from './partner-auth';
import { partnerAnalytics, partnerProfile, registerPartner, rotatePartnerKey } from './partners.service';

const partnerOf = (ctx: Context) => ctx.state.partner as AuthenticatedPartner;

/** Registration, the partner's own profile and key, and their widgets' analytics. */
export function partnersRouter(deps: AppDeps) {
  const router = new Router();
  const auth = partnerAuth(deps);
  const limit = limitPerClient(deps, { bucket: 'partner-registration', ...deps.config.rateLimits.partnerRegistration }, 'partner registrations');

  router.post('/api/partners/register', limit, validate({ body: partnerRegistrationSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await registerPartner(deps, ctx.request.body, new Date(deps.clock()));
  });

  router.get('/api/partners/me', auth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await partnerProfile(deps.database.db, partnerOf(ctx).id);
  });

  router.post('/api/partners/rotate-key', auth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await rotatePartnerKey(deps.database.db, partnerOf(ctx).id, new Date(deps.clock()));
  });

  router.get('/api/embed/analytics', auth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await partnerAnalytics(deps.database.db, partnerOf(ctx).id, new Date(deps.clock()));
  });

  return router;
}
