import Router from '@koa/router';
import {
  applicationIdParamsSchema,
  applicationListQuerySchema,
  applicationRejectSchema,
  applicationVerifySchema,
  supplierApplicationSchema,
} from '../../contract/schemas/supplier-applications';
import type { AppDeps } from '../deps';
import { sameOrigin } from '../http/sessions';
import { validate } from '../http/validate';
import { noStore } from '../http/security-headers';
import { limitPerClient, type RatePolicy } from '../limits/rate-limiter';
import { linkUsesPerClient } from '../sign-in-links/sign-in-links';
import { staffOnly, staffOf } from '../staff/staff-auth';
import { APPLICANT_LINKS, applyToSupply, approveApplication, listApplications, rejectApplication, verifyApplication } from './supplier-applications.service';

/** Applications per client (an IPv6 client by its /64): 10 in any hour. */
const APPLICATIONS_PER_CLIENT: RatePolicy = { bucket: 'supplier-applications-per-client', limit: 10, windowSeconds: 3600, sliding: true };

/** Businesses applying to supply (public, from Procura's own pages) and staff deciding (admin). */
export function supplierApplicationsRouter(deps: AppDeps) {
  const router = new Router();
  const origin = sameOrigin(deps);
  const admin = staffOnly(deps, 'admin');

  const applyLimit = limitPerClient(deps, APPLICATIONS_PER_CLIENT, 'supplier applications');
  router.post('/api/supplier-applications', noStore, origin, applyLimit, validate({ body: supplierApplicationSchema }), async (ctx) => {
    ctx.body = await applyToSupply(deps, ctx.request.body);
    ctx.status = 202;
  });

  const useLimit = limitPerClient(deps, linkUsesPerClient(APPLICANT_LINKS), 'verification attempts');
  router.post('/api/supplier-applications/verify', noStore, origin, useLimit, validate({ body: applicationVerifySchema }), async (ctx) => {
    ctx.body = await verifyApplication(deps.database.db, ctx.request.body.token, deps.clock());
  });

  router.get('/api/admin/supplier-applications', admin, validate({ query: applicationListQuerySchema }), async (ctx) => {
    ctx.body = await listApplications(deps.database.db, ctx.query.status);
  });

  router.post('/api/admin/supplier-applications/:id/approve', admin, validate({ params: applicationIdParamsSchema }), async (ctx) => {
    ctx.body = await approveApplication(deps, staffOf(ctx).id, ctx.params.id);
  });

  router.post(
    '/api/admin/supplier-applications/:id/reject',
    admin,
    validate({ params: applicationIdParamsSchema, body: applicationRejectSchema }),
    async (ctx) => {
      await rejectApplication(deps, staffOf(ctx).id, ctx.params.id, ctx.request.body.reason);
      ctx.status = 204;
    },
  );

  return router;
}
