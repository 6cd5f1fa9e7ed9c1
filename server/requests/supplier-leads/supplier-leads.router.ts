import Router from '@koa/router';
import { z } from 'zod';
import { declineLeadSchema, firmLeadSchema, leadDeliveredSchema, supplierLeadsQuerySchema } from '../../../contract/schemas/supplier-workspace';
import { singleLine } from '../../../sdk/schemas/text';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { supplierOf, supplierOnly } from '../../supplier/supplier-auth';
import { purchaseOrderQuerySchema } from '../../../sdk/schemas/rfq';
import { readLimits, sendPdf } from '../quotes/quotes.router';
import { confirmLead, declineLead, firmLead, leadPurchaseOrder, listLeads, markLeadDelivered } from './supplier-leads.service';

const leadParams = z.object({ quoteId: z.string().check(singleLine('Lead')).max(40) });

/** The supplier's leads: the list, firming up, declining, and confirming an accepted order, and marking it delivered. */
export function supplierLeadsRouter(deps: AppDeps) {
  const router = new Router();
  const signedIn = supplierOnly(deps);
  const limits = readLimits(deps);

  router.get('/api/supplier/leads', signedIn, validate({ query: supplierLeadsQuerySchema }), async (ctx) => {
    ctx.body = { leads: await listLeads(deps, supplierOf(ctx), ctx.query.status) };
  });

  router.post('/api/supplier/leads/:quoteId/firm', signedIn, validate({ params: leadParams, body: firmLeadSchema }), async (ctx) => {
    ctx.body = await firmLead(deps, supplierOf(ctx), ctx.params.quoteId, ctx.request.body);
  });

  router.post('/api/supplier/leads/:quoteId/decline', signedIn, validate({ params: leadParams, body: declineLeadSchema }), async (ctx) => {
    ctx.body = await declineLead(deps, supplierOf(ctx), ctx.params.quoteId, ctx.request.body);
  });

  router.get(
    '/api/supplier/leads/:quoteId/purchase-order.pdf',
    signedIn,
    limits.paperwork,
    validate({ params: leadParams, query: purchaseOrderQuerySchema }),
    async (ctx) => {
      sendPdf(ctx, await leadPurchaseOrder(deps, supplierOf(ctx), ctx.params.quoteId, ctx.query.po));
    },
  );

  router.post('/api/supplier/leads/:quoteId/confirm', signedIn, validate({ params: leadParams }), async (ctx) => {
    ctx.body = await confirmLead(deps, supplierOf(ctx), ctx.params.quoteId);
  });

  router.post('/api/supplier/leads/:quoteId/delivered', signedIn, validate({ params: leadParams, body: leadDeliveredSchema }), async (ctx) => {
    ctx.body = await markLeadDelivered(deps, supplierOf(ctx), ctx.params.quoteId, ctx.request.body);
  });

  return router;
}
