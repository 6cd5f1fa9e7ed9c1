import Router from '@koa/router';
import type { Context } from 'koa';
import { marketTrendsQuerySchema, procurementDataQuerySchema, spanQuerySchema, supplierQuerySchema } from '../../sdk/schemas/data';
import type { AppDeps } from '../deps';
import { answerJson } from '../http/json-answer';
import { validate } from '../http/validate';
import { partnerAuth, requireProduct } from '../partners/partner-auth';
import { marketIntelligence, marketTrends, procurementData, rfqInsights, supplierMetrics, supplierPerformance } from './data.service';

/** The data API: computed from the RFQs and quotes Procura holds, for authenticated partners by tier. */
export function dataRouter(deps: AppDeps) {
  const router = new Router();
  const auth = partnerAuth(deps);
  const now = () => new Date(deps.clock());
  const answer = (ctx: Context, body: unknown) => {
    ctx.set('Cache-Control', 'no-store');
    answerJson(ctx, body);
  };

  // Each path, the product (and so the tiers) it belongs to, and its answer. Credentials and tier
  // are checked before the query, so a caller without access learns nothing from its errors.
  const span = validate({ query: spanQuerySchema });
  const trendsQuery = validate({ query: marketTrendsQuerySchema });
  const supplierQuery = validate({ query: supplierQuerySchema });
  const intelligence = [auth, requireProduct('market-intelligence'), span] as const;
  const trends = [auth, requireProduct('pricing-trends'), trendsQuery] as const;
  const directory = [auth, requireProduct('supplier-directory'), supplierQuery] as const;

  for (const path of ['/api/data/market-intelligence', '/api/v1/market-intelligence']) {
    router.get(path, ...intelligence, async (ctx) => answer(ctx, await marketIntelligence(deps.database, ctx.query, now())));
  }
  for (const path of ['/api/data/pricing-trends', '/api/v2/market-trends']) {
    router.get(path, ...trends, async (ctx) => answer(ctx, await marketTrends(deps.database, ctx.query, now())));
  }
  for (const path of ['/api/data/supplier-directory', '/api/v1/suppliers/metrics']) {
    router.get(path, ...directory, async (ctx) => answer(ctx, await supplierMetrics(deps.database, ctx.query, now())));
  }
  router.get('/api/v2/supplier-performance', ...directory, async (ctx) => answer(ctx, await supplierPerformance(deps.database, ctx.query, now())));
  router.get('/api/data/rfq-insights', auth, requireProduct('rfq-insights'), span, async (ctx) =>
    answer(ctx, await rfqInsights(deps.database, ctx.query, now())),
  );
  router.get('/api/v2/procurement-data', auth, requireProduct('enterprise-package'), validate({ query: procurementDataQuerySchema }), async (ctx) =>
    answer(ctx, await procurementData(deps.database, ctx.query)),
  );

  return router;
}
