import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { embedRfqSchema, widgetLoadSchema, type EmbedRfqResponse, type RecentEmbedRfqs, type RfqSubmitResponse } from '../../sdk/index';
import type { AppDeps } from '../app';
import { ApiError } from '../errors';
import { readJson } from '../http/body';
import { idempotencyKey } from '../http/idempotency';
import { rateLimit } from '../http/rate-limit';
import { referrerHost, submitRfq } from '../rfq/rfq.service';
import { partnerExists } from '../partners/partners.repository';
import { countWidgetLoad, recentEmbedRfqs } from './embed.repository';

/** How many recent embedded requests the Live Data tab shows (spec 9). */
const RECENT_LIMIT = 10;

function quantityBand(quantity: number): RecentEmbedRfqs['rfqs'][number]['quantityBand'] {
  return quantity < 10 ? '1-9' : quantity < 100 ? '10-99' : quantity < 1000 ? '100-999' : '1000+';
}

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
  const limit = rateLimit(deps.config.rfqRateLimit);

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

  router.post('/api/embed/rfq', limit, async (ctx) => {
    const key = idempotencyKey(ctx);
    const input = embedRfqSchema.parse(await readJson(ctx));
    const result = await submitRfq(
      deps,
      {
        productName: input.productName,
        productDescription: input.productDescription,
        quantity: input.quantity,
        unit: undefined,
        budgetRange: input.budgetRange,
        supplierCount: 3,
        deliveryLocation: input.location,
        primaryEmail: input.contactEmail,
        additionalEmails: [],
        companyName: input.companyName,
        contactName: undefined,
        agreeTerms: true,
        embedId: input.embedId,
        referrerUrl: input.referrerUrl,
        embedSource: input.source,
        timestamp: undefined,
        partnerId: input.partnerId,
      },
      key === undefined ? undefined : `embed:${key}`,
      new Date(deps.clock()),
    );
    const body = result.body as RfqSubmitResponse;
    const answer: EmbedRfqResponse = { rfqId: body.rfqId, matching: body.matching, quotes: body.quotes };
    ctx.set('Cache-Control', 'no-store');
    ctx.status = result.status;
    ctx.body = answer;
  });

  router.get('/api/embed/recent', async (ctx) => {
    const rows = await recentEmbedRfqs(deps.database.db, RECENT_LIMIT);
    const body: RecentEmbedRfqs = {
      rfqs: rows.map((r) => ({
        product: r.item ?? r.category,
        category: r.category,
        city: r.city,
        quantityBand: quantityBand(r.quantity),
        receivedAt: `${r.created_at.slice(0, 16)}Z`,
      })),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/analytics/widget-load', async (ctx) => {
    const load = widgetLoadSchema.parse(await readJson(ctx));
    const known = load.partnerId !== undefined && (await partnerExists(deps.database.db, load.partnerId));
    await countWidgetLoad(deps.database.db, {
      partnerId: known ? load.partnerId! : '',
      embedId: load.embedId,
      referrerHost: referrerHost(load.referrerUrl) ?? '',
      day: new Date(deps.clock()).toISOString().slice(0, 10),
      compact: load.config?.compact ?? false,
      theme: load.config?.theme ?? 'light',
      brandingHidden: load.config?.hideProcuraBranding ?? false,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  return router;
}
