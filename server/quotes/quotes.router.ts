import Router from '@koa/router';
import { trackingPathSchema } from '../../sdk/index';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { trackQuote } from './quotes.service';

export function quotesRouter({ database }: AppDeps) {
  const router = new Router({ prefix: '/api/quotes' });

  router.get('/track/:token', validate({ params: trackingPathSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await trackQuote(database.db, ctx.params.token, new Date());
  });

  return router;
}
