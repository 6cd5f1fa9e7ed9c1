import Router from '@koa/router';
import { markDeliveredSchema, supplierResponsePathSchema, supplierWithdrawalSchema } from '../../../sdk/schemas/supplier-responses';
import type { AppDeps } from '../../deps';
import { sameOriginWhenGiven } from '../../http/origin';
import { validate } from '../../http/validate';
import { answerOrder, deliveredByLink, getSupplierResponse, supplierPurchaseOrder } from './supplier-responses.service';
import { readLimits, sendPdf } from '../quotes/quotes.router';

/** The accepted supplier's response link: the order, its confirm or withdraw, and its delivery. */
export function supplierResponsesRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/api/supplier-responses' });
  const origin = sameOriginWhenGiven(deps.config.publicUrl);
  const limits = readLimits(deps);

  router.get('/:token', limits.tracking, validate({ params: supplierResponsePathSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getSupplierResponse(deps, ctx.params.token);
  });

  router.get('/:token/purchase-order.pdf', limits.paperwork, validate({ params: supplierResponsePathSchema }), async (ctx) => {
    sendPdf(ctx, await supplierPurchaseOrder(deps, ctx.params.token));
  });

  router.post('/:token/confirm', origin, validate({ params: supplierResponsePathSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await answerOrder(deps, ctx.params.token, { kind: 'confirm' }, new Date(deps.clock()));
  });

  router.post('/:token/withdraw', origin, validate({ params: supplierResponsePathSchema, body: supplierWithdrawalSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await answerOrder(deps, ctx.params.token, { kind: 'withdraw', reason: ctx.request.body.reason }, new Date(deps.clock()));
  });

  router.post('/:token/delivered', origin, validate({ params: supplierResponsePathSchema, body: markDeliveredSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deliveredByLink(deps, ctx.params.token, ctx.request.body, new Date(deps.clock()));
  });

  return router;
}
