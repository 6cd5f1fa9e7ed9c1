import Router from '@koa/router';
import { catalogueSearchQuerySchema as searchQuery, popularQuerySchema as popularQuery, quotePreviewQuerySchema } from '../../sdk/index';
import type { AppDeps } from '../app';
import { rfqCountsByItem } from './catalogue.repository';
import {
  DEFAULT_PRODUCT_SUGGESTIONS,
  matchLocations,
  matchProducts,
  monthStart,
  popularProducts,
  quotePreview,
} from './catalogue.service';

export function catalogueRouter({ database, market }: AppDeps) {
  const router = new Router({ prefix: '/api/catalogue' });

  router.get('/products', async (ctx) => {
    const { q } = searchQuery.parse(ctx.query);
    const snapshot = await market.current();
    const suggestions =
      q.trim().length < 2
        ? popularProducts(snapshot, await rfqCountsByItem(database.db, monthStart(new Date())), DEFAULT_PRODUCT_SUGGESTIONS).map(
            ({ rfqCount: _n, ...suggestion }) => suggestion,
          )
        : matchProducts(snapshot, q);
    ctx.body = { suggestions };
  });

  router.get('/popular', async (ctx) => {
    const { limit } = popularQuery.parse(ctx.query);
    const snapshot = await market.current();
    const counts = await rfqCountsByItem(database.db, monthStart(new Date()));
    ctx.body = { products: popularProducts(snapshot, counts, limit) };
  });

  router.get('/locations', async (ctx) => {
    const { q } = searchQuery.parse(ctx.query);
    ctx.body = { suggestions: matchLocations(await market.current(), q) };
  });

  router.get('/preview', async (ctx) => {
    const query = quotePreviewQuerySchema.parse(ctx.query);
    ctx.body = quotePreview(await market.current(), query);
  });

  return router;
}
