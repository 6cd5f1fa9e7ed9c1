import Router from '@koa/router';
import { trackingPathSchema } from '../../sdk/index';
import type { AppDeps } from '../deps';
import { sameOriginWhenGiven } from '../http/origin';
import { validate } from '../http/validate';
import { actOnQuote, trackQuote, QUOTE_ACTIONS } from './quotes.service';

export function quotesRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/api/quotes' });
  const origin = sameOriginWhenGiven(deps.config.publicUrl);

  router.get('/track/:token', validate({ params: trackingPathSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await trackQuote(deps, ctx.params.token, new Date(deps.clock()));
  });

  // No body: the token names the quote, the path the action.
  for (const action of QUOTE_ACTIONS) {
    router.post(`/track/:token/${action}`, origin, validate({ params: trackingPathSchema }), async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await actOnQuote(deps, ctx.params.token, action, new Date(deps.clock()));
    });
  }

  return router;
}
