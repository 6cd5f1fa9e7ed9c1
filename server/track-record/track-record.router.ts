import Router from '@koa/router';
import { scorecardPathSchema } from '../../contract/schemas/scorecard';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { limitPerClient } from '../limits/rate-limiter';
import { publicSupplier } from './public-supplier.service';
import { supplierScorecard } from './track-record.service';

/** The suppliers' public track record: no buyer and no comment text is in it. */
export function trackRecordRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/api/suppliers' });
  const limit = limitPerClient(deps, { bucket: 'tracking', ...deps.config.rateLimits.tracking }, 'quote and request reads');

  router.get('/:supplier', limit, validate({ params: scorecardPathSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = await publicSupplier(deps, ctx.params.supplier);
  });

  router.get('/:supplier/scorecard', limit, validate({ params: scorecardPathSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = await supplierScorecard(deps, ctx.params.supplier);
  });

  return router;
}
