import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { adminListQuerySchema, supplierIdParamsSchema, supplierStandingSchema } from '../../contract/schemas/admin';
import { auditQuerySchema } from '../../contract/schemas/audit';
import { bulkImportSchema, productImportSchema, supplierImportSchema } from '../../contract/schemas/import-calls';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { staffOnly } from '../staff/staff-auth';
import { readOutboxDepth } from '../mail/outbox';
import type { StaffMember } from '../staff/staff.service';
import { auditLog, listProducts, listSuppliers, productsCsv, setSupplierStanding, suppliersCsv } from './admin.service';
import { bulkImport, importProducts, importSuppliers } from '../catalogue/import/import.service';
import { performanceQuerySchema } from '../../contract/schemas/supplier-performance';
import { adminSupplierScorecard } from '../track-record/supplier-performance.service';

/** An import of 10,000 lines is about 2 MB of JSON; the admin imports alone read bodies this large. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

function sendCsv(ctx: Context, name: string, rows: AsyncGenerator<string>, now: Date): void {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(`procura-${name}-${now.toISOString().slice(0, 10)}.csv`);
  ctx.body = Readable.from(rows);
}

/** The admin console's calls (role admin): imports, lists and their CSV, standing, the audit log. */
export function adminRouter(deps: AppDeps) {
  const router = new Router();
  const admin = staffOnly(deps, 'admin');
  // Set by staffOnly, which runs before every handler here.
  const staffId = (ctx: Pick<Context, 'state'>) => (ctx.state.staff as StaffMember).id;

  router.post('/api/admin/suppliers', admin, validate({ body: supplierImportSchema, bodyLimit: IMPORT_BODY_LIMIT }), async (ctx) => {
    ctx.body = await importSuppliers(deps, staffId(ctx), ctx.request.body);
  });

  router.post('/api/admin/products', admin, validate({ body: productImportSchema, bodyLimit: IMPORT_BODY_LIMIT }), async (ctx) => {
    ctx.body = await importProducts(deps, staffId(ctx), ctx.request.body);
  });

  router.post('/api/admin/bulk-import', admin, validate({ body: bulkImportSchema, bodyLimit: IMPORT_BODY_LIMIT }), async (ctx) => {
    ctx.body = await bulkImport(deps, staffId(ctx), ctx.request.body);
  });

  router.get('/api/admin/suppliers', admin, validate({ query: adminListQuerySchema }), async (ctx) => {
    ctx.body = await listSuppliers(deps, ctx.query);
  });

  router.get('/api/admin/products', admin, validate({ query: adminListQuerySchema }), async (ctx) => {
    ctx.body = await listProducts(deps.database.db, ctx.query);
  });

  router.get('/api/admin/suppliers.csv', admin, async (ctx) => {
    sendCsv(ctx, 'suppliers', suppliersCsv(deps.database.db), new Date(deps.clock()));
  });

  router.get('/api/admin/products.csv', admin, async (ctx) => {
    sendCsv(ctx, 'products', productsCsv(deps.database.db), new Date(deps.clock()));
  });

  // The supplier's scorecard, its orders with their outcomes, and the receipts kept but not counted.
  router.get('/api/admin/suppliers/:id/scorecard', admin, validate({ params: supplierIdParamsSchema, query: performanceQuerySchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await adminSupplierScorecard(deps, ctx.params.id, ctx.query.cursor);
  });

  router.patch('/api/admin/suppliers/:id', admin, validate({ params: supplierIdParamsSchema, body: supplierStandingSchema }), async (ctx) => {
    ctx.body = await setSupplierStanding(deps, staffId(ctx), ctx.params.id, ctx.request.body);
  });

  router.get('/api/admin/audit', admin, validate({ query: auditQuerySchema }), async (ctx) => {
    ctx.body = await auditLog(deps.database.db, ctx.query.limit);
  });

  router.get('/api/admin/outbox', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // The development mailbox exists outside production only (server/app.ts).
    ctx.body = { ...(await readOutboxDepth(deps.database.db, deps.clock())), mailbox: deps.config.env === 'production' ? null : '/dev/mailbox' };
  });

  return router;
}
