import Router from '@koa/router';
import { catalogueSearchQuerySchema as searchQuery, popularQuerySchema as popularQuery, quotePreviewQuerySchema } from '../../sdk/schemas/catalogue';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { matchLocations, popularThisMonth, productSuggestions, quotePreview } from './catalogue.service';

export function catalogueRouter({ database, market, config, clock }: AppDeps) {
  const router = new Router({ prefix: '/api/catalogue' });

  router.get('/products', validate({ query: searchQuery }), async (ctx) => {
    ctx.body = { suggestions: await productSuggestions(database.db, await market.current(), ctx.query.q, new Date(clock())) };
  });

  router.get('/popular', validate({ query: popularQuery }), async (ctx) => {
    ctx.body = { products: await popularThisMonth(database.db, await market.current(), ctx.query.limit, new Date(clock())) };
  });

  router.get('/locations', validate({ query: searchQuery }), async (ctx) => {
    ctx.body = { suggestions: matchLocations(await market.current(), ctx.query.q) };
  });

  router.get('/preview', validate({ query: quotePreviewQuerySchema }), async (ctx) => {
    ctx.body = quotePreview(await market.current(), ctx.query, config.vatRate);
  });

  return router;
}
