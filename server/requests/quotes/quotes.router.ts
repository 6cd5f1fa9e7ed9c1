import Router from '@koa/router';
import {
  acceptQuoteSchema,
  orderDetailsSchema,
  orderReceiptSchema,
  purchaseOrderQuerySchema,
  trackingPathSchema,
  trackingQuerySchema,
} from '../../../sdk/schemas/rfq';
import { recordReceipt } from '../deliveries/deliveries.service';
import type { AppDeps } from '../../deps';
import { sameOriginWhenGiven } from '../../http/origin';
import { validate } from '../../http/validate';
import { limitPerClient } from '../../limits/rate-limiter';
import { acceptSplit, actOnQuote, buyerPurchaseOrder, quotationDocument, trackQuote } from './quotes.service';
import { QUOTE_ACTIONS } from './accept';
import type { PaperDocument } from '../paperwork/paperwork';

/** Answers a document as a PDF download, kept by no cache. */
export function sendPdf(ctx: { type: string; body: unknown; set(field: string, value: string): void }, doc: PaperDocument): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Disposition', `attachment; filename="${doc.fileName}"`);
  ctx.type = 'application/pdf';
  ctx.body = doc.body;
}

/**
 * The per-client limits of the reads anyone holding a token or an rfqId can repeat: the tracking
 * and request pages' JSON (`tracking`), and the PDFs (`paperwork`), which cost far more to make.
 */
export function readLimits(deps: AppDeps) {
  return {
    tracking: limitPerClient(deps, { bucket: 'tracking', ...deps.config.rateLimits.tracking }, 'quote and request reads'),
    paperwork: limitPerClient(deps, { bucket: 'paperwork', ...deps.config.rateLimits.paperwork }, 'document downloads'),
  };
}

export function quotesRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/api/quotes' });
  const origin = sameOriginWhenGiven(deps.config.publicUrl);
  const limits = readLimits(deps);

  router.get('/track/:token', limits.tracking, validate({ params: trackingPathSchema, query: trackingQuerySchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await trackQuote(deps, ctx.params.token, new Date(deps.clock()), ctx.query.view === 'own');
  });

  router.get('/track/:token/quotation.pdf', limits.paperwork, validate({ params: trackingPathSchema }), async (ctx) => {
    sendPdf(ctx, await quotationDocument(deps, ctx.params.token, new Date(deps.clock())));
  });

  router.get('/track/:token/purchase-order.pdf', limits.paperwork, validate({ params: trackingPathSchema, query: purchaseOrderQuerySchema }), async (ctx) => {
    sendPdf(ctx, await buyerPurchaseOrder(deps, ctx.params.token, ctx.query.po));
  });

  // The token names the quote, the path the action; accepting carries what the supplier needs to deliver.
  router.post('/track/:token/accept', origin, validate({ params: trackingPathSchema, body: acceptQuoteSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { lineIds, ...details } = ctx.request.body;
    ctx.body = await actOnQuote(deps, ctx.params.token, { kind: 'accept', details, lineIds }, new Date(deps.clock()));
  });
  // A basket's cheapest split, accepted in one step: the token opens any quote of the basket.
  router.post('/track/:token/accept-split', origin, validate({ params: trackingPathSchema, body: orderDetailsSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await acceptSplit(deps, ctx.params.token, ctx.request.body, new Date(deps.clock()));
  });
  // Only the holder of the tracking token confirms receipt and rates, once per order.
  router.post('/track/:token/receipt', origin, validate({ params: trackingPathSchema, body: orderReceiptSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await recordReceipt(deps, ctx.params.token, ctx.request.body, new Date(deps.clock()));
  });
  for (const kind of QUOTE_ACTIONS.filter((a) => a !== 'accept')) {
    router.post(`/track/:token/${kind}`, origin, validate({ params: trackingPathSchema }), async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await actOnQuote(deps, ctx.params.token, { kind }, new Date(deps.clock()));
    });
  }

  return router;
}
