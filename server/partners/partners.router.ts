import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { partnerHostInputSchema, partnerRegistrationSchema } from '../../sdk/index';
import type { AppDeps } from '../deps';
import { limitPerClient } from '../limits/rate-limiter';
import { validate } from '../http/validate';
import { partnerAuth, type AuthenticatedPartner } from './partner-auth';
import { addPartnerHost, listPartnerHosts, partnerAnalytics, partnerProfile, registerPartner, removePartnerHost, rotatePartnerKey } from './partners.service';

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

  router.get('/api/partners/hosts', auth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listPartnerHosts(deps.database.db, partnerOf(ctx).id);
  });

  router.post('/api/partners/hosts', auth, validate({ body: partnerHostInputSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await addPartnerHost(deps.database.db, partnerOf(ctx).id, ctx.request.body.host, new Date(deps.clock()));
  });

  router.delete('/api/partners/hosts/:host', auth, validate({ params: z.object({ host: partnerHostInputSchema.shape.host }) }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await removePartnerHost(deps.database.db, partnerOf(ctx).id, ctx.params.host);
  });

  return router;
}
