import Router from '@koa/router';
import type { Context } from 'koa';
import {
  feeParamsSchema,
  feeReversalSchema,
  financeExportQuerySchema,
  financeQuerySchema,
  monthCloseSchema,
  payoutParamsSchema,
  payoutPaidSchema,
} from '../../contract/schemas/finance';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { staffOnly } from '../staff/staff-auth';
import type { StaffMember } from '../staff/staff.service';
import { financeCsv, markPayoutPaid, monthBooks } from './billing.service';
import { reverseFee } from './fee-reversal.service';
import { closeMonth } from './month-close.service';

/** The books' calls (role admin): a month's figures, its close, a fee reversed, payouts paid, the export. */
export function billingRouter(deps: AppDeps) {
  const router = new Router();
  const admin = staffOnly(deps, 'admin');
  const staffId = (ctx: Pick<Context, 'state'>) => (ctx.state.staff as StaffMember).id;

  router.get('/api/admin/finance', admin, validate({ query: financeQuerySchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await monthBooks(deps.database.db, ctx.query.month);
  });

  router.post('/api/admin/finance/close', admin, validate({ body: monthCloseSchema }), async (ctx) => {
    const { month, preview } = ctx.request.body;
    ctx.body = await closeMonth(deps.database.db, month, deps.config, new Date(deps.clock()), {
      staffId: staffId(ctx),
      preview: preview === true,
      outbox: deps.outbox,
    });
  });

  router.post('/api/admin/finance/fees/:purchaseOrderId/reversal', admin, validate({ params: feeParamsSchema, body: feeReversalSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await reverseFee(deps.database.db, ctx.params.purchaseOrderId, ctx.request.body.reason, staffId(ctx), new Date(deps.clock()));
  });

  router.post('/api/admin/payouts/:id/paid', admin, validate({ params: payoutParamsSchema, body: payoutPaidSchema }), async (ctx) => {
    ctx.body = await markPayoutPaid(deps.database.db, ctx.params.id, ctx.request.body, staffId(ctx), new Date(deps.clock()));
  });

  router.get('/api/admin/finance/export', admin, validate({ query: financeExportQuerySchema }), async (ctx) => {
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`procura-books-${ctx.query.month}.csv`);
    ctx.body = await financeCsv(deps.database.db, ctx.query.month);
  });

  return router;
}
