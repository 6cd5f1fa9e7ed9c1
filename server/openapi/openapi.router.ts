import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { openApiDocument } from './openapi';

/** The product's version, written in by the build (and by the test runner). */
declare const __PROCURA_VERSION__: string;

/** `GET /api/openapi.json`: the contract, built once on first request. */
export function openApiRouter(deps: AppDeps) {
  const router = new Router();
  let document: string | undefined;
  router.get('/api/openapi.json', async (ctx) => {
    document ??= JSON.stringify(openApiDocument(__PROCURA_VERSION__, deps.config.publicUrl));
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.type = 'application/json';
    ctx.body = document;
  });
  return router;
}
