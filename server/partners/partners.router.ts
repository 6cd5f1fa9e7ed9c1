import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { partnerHostInputSchema, partnerRegistrationSchema } from '../../sdk/schemas/partners';
import type { AppDeps } from '../deps';
import { limitPerClient } from '../limits/rate-limiter';
import { validate } from '../http/validate';
import { partnerAuth, type AuthenticatedPartner } from './partner-auth';
import { openMailLink } from './partner-credit';
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

  // The links of the e-mail about a request whose partner credit waits for the buyer: opening one
  // shows the address is the buyer's, then leads on to the page it names.
  const opened = async (ctx: Context) => {
    const { rfqId = '', proof = '', token } = ctx.params as Record<string, string | undefined>;
    const to = await openMailLink(
      { db: deps.database.db, writes: deps.writes, publicUrl: deps.config.publicUrl, revenue: deps.config.revenue },
      { rfqId, proof, token, accept: ctx.query.action === 'accept' },
      new Date(deps.clock()),
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.redirect(to);
  };
  router.get('/mail/open/:rfqId/:proof', opened);
  router.get('/mail/open/:rfqId/:proof/:token', opened);

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
    ctx.body = await partnerAnalytics(deps.database.db, partnerOf(ctx).id, new Date(deps.clock()), deps.config.revenue);
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
