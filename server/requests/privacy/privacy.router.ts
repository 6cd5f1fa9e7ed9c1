import Router from '@koa/router';
import { dataRequestSchema, dataRequestTokenSchema } from '../../../contract/schemas/analytics';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { limitPerClient } from '../../limits/rate-limiter';
import { deleteMyData, myData, requestData } from './privacy.service';

/**
 * Buyers' data requests (POPIA sections 23 and 24): a one-time link by e-mail, the data it shows,
 * and deleting it. The token travels in request bodies, never in a path or query.
 */
export function privacyRouter(deps: AppDeps) {
  const router = new Router();
  const limit = limitPerClient(deps, { bucket: 'data-request', ...deps.config.rateLimits.dataRequest }, 'data requests');
  // Opening and deleting are limited apart from asking, so a buyer who asked can always use the link.
  const limitLink = limitPerClient(
    deps,
    { bucket: 'data-request-link', limit: deps.config.rateLimits.dataRequest.limit * 10, windowSeconds: deps.config.rateLimits.dataRequest.windowSeconds },
    'data requests',
  );

  router.post('/api/privacy/data-requests', limit, validate({ body: dataRequestSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 202;
    ctx.body = await requestData(deps, ctx.request.body);
  });

  router.post('/api/privacy/my-data', limitLink, validate({ body: dataRequestTokenSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await myData(deps, ctx.request.body.token);
  });

  router.post('/api/privacy/my-data/delete', limitLink, validate({ body: dataRequestTokenSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deleteMyData(deps, ctx.request.body.token);
  });

  return router;
}
