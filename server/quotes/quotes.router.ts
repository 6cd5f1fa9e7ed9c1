import Router from '@koa/router';
import type { AppDeps } from '../app';
import { trackQuote } from './quotes.service';

export function quotesRouter({ database }: AppDeps) {
  const router = new Router({ prefix: '/api/quotes' });
  router.get('/track/:token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await trackQuote(database.db, ctx.params.token!, new Date());
  });
  return router;
}
