import Router from '@koa/router';
import type { Context } from 'koa';
import type { ZodType } from 'zod';
import { marketTrendsQuerySchema, procurementDataQuerySchema, spanQuerySchema, supplierQuerySchema } from '../../sdk/index';
import type { AppDeps } from '../app';
import { ApiError, fieldMessages } from '../errors';
import { answerJson } from '../http/json-answer';
import { partnerAuth, requireProduct } from '../partners/partner-auth';
import { marketIntelligence, marketTrends, procurementData, rfqInsights, supplierMetrics, supplierPerformance } from './data.service';

/** The query parsed by `schema`; 400 naming each bad or unknown parameter. */
function query<T>(ctx: Context, schema: ZodType<T>): T {
  const parsed = schema.safeParse(ctx.query);
  if (parsed.success) return parsed.data;
  const fields = fieldMessages(parsed.error);
  const names = Object.entries(fields).map(([k, m]) => (k === 'body' ? m : k));
  throw new ApiError(400, 'invalid_parameter', `Invalid parameter: ${names.join(', ')}`, { fields });
}

/** The data API: computed from the RFQs and quotes Procura holds, for authenticated partners by tier. */
export function dataRouter(deps: AppDeps) {
  const router = new Router();
  const auth = partnerAuth(deps);

  const now = () => new Date(deps.clock());
  const answer = (ctx: Context, body: unknown) => {
    ctx.set('Cache-Control', 'no-store');
    answerJson(ctx, body);
  };

  // Each path, the product (and so the tiers) it belongs to, and its answer.
  const intelligence = async (ctx: Context) => answer(ctx, await marketIntelligence(deps.database, query(ctx, spanQuerySchema), now()));
  const trends = async (ctx: Context) => answer(ctx, await marketTrends(deps.database, query(ctx, marketTrendsQuerySchema), now()));
  const directory = async (ctx: Context) => answer(ctx, await supplierMetrics(deps.database, query(ctx, supplierQuerySchema)));
  router.get('/api/data/market-intelligence', auth, requireProduct('market-intelligence'), intelligence);
  router.get('/api/v1/market-intelligence', auth, requireProduct('market-intelligence'), intelligence);
  router.get('/api/data/pricing-trends', auth, requireProduct('pricing-trends'), trends);
  router.get('/api/v2/market-trends', auth, requireProduct('pricing-trends'), trends);
  router.get('/api/data/supplier-directory', auth, requireProduct('supplier-directory'), directory);
  router.get('/api/v1/suppliers/metrics', auth, requireProduct('supplier-directory'), directory);
  router.get('/api/v2/supplier-performance', auth, requireProduct('supplier-directory'), async (ctx) =>
    answer(ctx, await supplierPerformance(deps.database, query(ctx, supplierQuerySchema))),
  );
  router.get('/api/data/rfq-insights', auth, requireProduct('rfq-insights'), async (ctx) => answer(ctx, await rfqInsights(deps.database, query(ctx, spanQuerySchema), now())));
  router.get('/api/v2/procurement-data', auth, requireProduct('enterprise-package'), async (ctx) =>
    answer(ctx, await procurementData(deps.database, query(ctx, procurementDataQuerySchema))),
  );

  return router;
}
