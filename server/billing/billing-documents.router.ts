import Router from '@koa/router';
import type { Context } from 'koa';
import { invoiceParamsSchema } from '../../contract/schemas/supplier-billing';
import { partnerStatementParamsSchema } from '../../sdk/schemas/partners';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { partnerAuth, type AuthenticatedPartner } from '../partners/partner-auth';
import { readLimits, sendPdf } from '../requests/quotes/quotes.router';
import { supplierOf, supplierOnly } from '../supplier/supplier-auth';
import { partnerStatementCsv, partnerStatementPdf, partnerStatements, supplierInvoicePdf, supplierInvoices } from './billing-documents.service';

const partnerOf = (ctx: Context) => ctx.state.partner as AuthenticatedPartner;

/** Each party's own documents: a supplier's tax invoices (its session), a partner's statements (its API key). */
export function billingDocumentsRouter(deps: AppDeps) {
  const router = new Router();
  const supplier = supplierOnly(deps);
  const partner = partnerAuth(deps);
  const limits = readLimits(deps);
  const db = deps.database.db;

  router.get('/api/supplier/invoices', supplier, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { invoices: await supplierInvoices(db, supplierOf(ctx).supplierId) };
  });

  router.get('/api/supplier/invoices/:number.pdf', supplier, limits.paperwork, validate({ params: invoiceParamsSchema }), async (ctx) => {
    sendPdf(ctx, await supplierInvoicePdf(db, supplierOf(ctx).supplierId, ctx.params.number));
  });

  router.get('/api/partners/statements', partner, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { statements: await partnerStatements(db, partnerOf(ctx).id) };
  });

  router.get('/api/partners/statements/:number.pdf', partner, limits.paperwork, validate({ params: partnerStatementParamsSchema }), async (ctx) => {
    sendPdf(ctx, await partnerStatementPdf(db, partnerOf(ctx).id, ctx.params.number));
  });

  router.get('/api/partners/statements/:number.csv', partner, validate({ params: partnerStatementParamsSchema }), async (ctx) => {
    const csv = await partnerStatementCsv(db, partnerOf(ctx).id, ctx.params.number);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(csv.fileName);
    ctx.body = csv.text;
  });

  return router;
}
