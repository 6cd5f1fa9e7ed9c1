import Router from '@koa/router';
import { z } from 'zod';
import { activityInputSchema, shareLinkInputSchema } from '../../contract/schemas/outreach';
import { demoRequestSchema } from '../../contract/schemas/demo-request';
import { SALES_MESSAGES } from '../../contract/schemas/sales';
import { prospectImportSchema, prospectInputSchema, prospectListQuerySchema, prospectPatchSchema } from '../../contract/schemas/prospects';
import type { AppDeps } from '../deps';
import { validationError } from '../errors';
import { readJson } from '../http/body';
import { validate } from '../http/validate';
import { limitPerClient } from '../limits/rate-limiter';
import { staffOf, staffOnly } from '../staff/staff-auth';
import { activitySummary, outreachDashboard } from './outreach-dashboard.service';
import { bookDemo } from './demo.service';
import { importProspects, prospectsCsv } from './prospects-csv';
import { createProspect, deleteProspect, listProspects, logActivity, updateProspect } from './sales.service';
import { johannesburgDay } from '../domain/calendar';
import { createShareLink, listShareLinks, revokeShareLink, sharedDashboard } from './share-links.service';

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'must be a whole number' })
    .transform(Number),
});
const tokenParams = z.object({ token: z.string().regex(/^[\w-]{1,200}$/, { error: SALES_MESSAGES.shareLinkGone }) });

/** An import's CSV may be larger than other requests' bodies. */
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The sales workspace (sales and admin staff; share links admin only), the dashboard a share
 * link opens, and the public demo booking.
 */
export function salesRouter(deps: AppDeps) {
  const router = new Router();
  const sales = staffOnly(deps, 'sales', 'admin');
  const admin = staffOnly(deps, 'admin');
  const db = deps.database.db;

  router.get('/api/staff/prospects', sales, validate({ query: prospectListQuerySchema }), async (ctx) => {
    ctx.body = await listProspects(db, ctx.query);
  });

  router.post('/api/staff/prospects', sales, validate({ body: prospectInputSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await createProspect(db, staffOf(ctx as never), ctx.request.body, deps.clock());
  });

  router.get('/api/staff/prospects.csv', sales, async (ctx) => {
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="procura-prospects-${johannesburgDay(deps.clock())}.csv"`);
    ctx.body = await prospectsCsv(db);
  });

  router.post('/api/staff/prospects/import', sales, async (ctx) => {
    const parsed = prospectImportSchema.safeParse(await readJson(ctx, IMPORT_BODY_LIMIT));
    if (!parsed.success) throw validationError(parsed.error);
    const result = await importProspects(db, staffOf(ctx), parsed.data, deps.clock());
    ctx.status = result.imported ? 201 : 200;
    ctx.body = result;
  });

  router.patch('/api/staff/prospects/:id', sales, validate({ params: idParams, body: prospectPatchSchema }), async (ctx) => {
    ctx.body = await updateProspect(db, staffOf(ctx as never), ctx.params.id, ctx.request.body, deps.clock());
  });

  router.delete('/api/staff/prospects/:id', sales, validate({ params: idParams }), async (ctx) => {
    await deleteProspect(db, staffOf(ctx as never), ctx.params.id, deps.clock());
    ctx.status = 204;
  });

  router.post('/api/staff/prospects/:id/activities', sales, validate({ params: idParams, body: activityInputSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await logActivity(db, staffOf(ctx as never), ctx.params.id, ctx.request.body, deps.clock());
  });

  router.get('/api/staff/activity', sales, async (ctx) => {
    ctx.body = await activitySummary(db, deps.clock());
  });

  router.get('/api/staff/analytics', sales, async (ctx) => {
    ctx.body = await outreachDashboard(db, deps.clock(), { shared: false });
  });

  router.get('/api/staff/share-links', admin, async (ctx) => {
    ctx.body = await listShareLinks(db, deps.clock());
  });

  router.post('/api/staff/share-links', admin, validate({ body: shareLinkInputSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await createShareLink(db, deps.config.publicUrl, staffOf(ctx as never), ctx.request.body.expiresInDays, deps.clock());
  });

  router.delete('/api/staff/share-links/:id', admin, validate({ params: idParams }), async (ctx) => {
    await revokeShareLink(db, staffOf(ctx as never), ctx.params.id, deps.clock());
    ctx.status = 204;
  });

  router.get('/api/shared-dashboard/:token', validate({ params: tokenParams }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.body = await sharedDashboard(db, ctx.params.token, deps.clock());
  });

  const demoLimit = limitPerClient(deps, { bucket: 'demo-request', ...deps.config.rateLimits.demoRequest }, 'demo requests');
  router.post('/api/demo-requests', demoLimit, validate({ body: demoRequestSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await bookDemo(deps, ctx.request.body, deps.clock());
  });

  return router;
}
