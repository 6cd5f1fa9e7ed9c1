import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { embedRfqSchema, widgetLoadSchema } from '../../sdk/schemas/embed';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { idempotencyKey } from '../http/idempotency';
import { limitPerClient } from '../limits/rate-limiter';
import { validate } from '../http/validate';
import { recentRfqs, recordWidgetLoad, submitEmbedRfq } from './embed.service';

/** The built loader, its version (a content hash) and ETag; null before a build. */
function loadLoader(staticDir: string): { code: string; version: string; etag: string } | null {
  try {
    const code = readFileSync(join(staticDir, 'embed', 'loader.js'), 'utf8');
    const version = createHash('sha256').update(code).digest('hex').slice(0, 12);
    return { code, version, etag: `"${version}"` };
  } catch {
    return null;
  }
}

/** The built /widget-embed page; null before a build. */
function loadEmbedPage(staticDir: string): string | null {
  try {
    return readFileSync(join(staticDir, 'widget-embed.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * The widget's server side: the loader script partners paste, the page inside the iframe, the
 * embed form's RFQ endpoint and the load counter.
 */
export function embedRouter(deps: AppDeps) {
  const router = new Router();
  const loader = loadLoader(deps.config.staticDir);
  const page = loadEmbedPage(deps.config.staticDir);
  // The short form is a quote request too: it shares the main form's window.
  const limit = limitPerClient(deps, { bucket: 'rfq', ...deps.config.rateLimits.rfq }, 'quote requests');
  const limitLoads = limitPerClient(deps, { bucket: 'widget-load', ...deps.config.rateLimits.widgetLoad }, 'widget load reports');

  router.get('/api/embed/widget.js', async (ctx) => {
    if (!loader) throw new ApiError(503, 'widget_unavailable', 'The widget has not been built on this server');
    // Other sites load it with a script tag: it may be read cross-origin, and is cached by version.
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('X-Procura-Widget-Version', loader.version);
    ctx.set('Cache-Control', ctx.query.v === loader.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300, stale-while-revalidate=86400');
    ctx.set('ETag', loader.etag);
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = loader.code;
  });

  router.get('/widget-embed', async (ctx: Context) => {
    if (!page) throw new ApiError(503, 'widget_unavailable', 'The widget has not been built on this server');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });

  router.post('/api/embed/rfq', limit, validate({ body: embedRfqSchema }), async (ctx) => {
    const result = await submitEmbedRfq(deps, ctx.request.body, idempotencyKey(ctx), new Date(deps.clock()));
    ctx.set('Cache-Control', 'no-store');
    ctx.status = result.status;
    ctx.body = result.body;
  });

  router.get('/api/embed/recent', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await recentRfqs(deps.database.db);
  });

  router.post('/api/analytics/widget-load', limitLoads, validate({ body: widgetLoadSchema }), async (ctx) => {
    await recordWidgetLoad(deps.database.db, ctx.request.body, new Date(deps.clock()));
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  return router;
}
