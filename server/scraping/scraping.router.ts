import Router from '@koa/router';
import type { Context } from 'koa';
import { approveItemSchema, directoryQuerySchema, reviewItemParamsSchema, reviewItemsQuerySchema, scrapeUrlSchema } from '../../contract/schemas/scraping';
import type { AuditAction } from '../../contract/schemas/audit';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { staffOf, staffOnly } from '../staff/staff-auth';
import { PoliteFetcher, scraperUserAgent } from './fetcher';
import { approvalImportPath } from './import-path';
import { readSamplePage, SAMPLE_PATH } from './sample';
import { addDirectory, listDirectories, removeDirectory } from './directories.service';
import { approveItem, auditScraping, listReviewItems, rejectItemByStaff } from './review.service';
import type { ScrapeSession } from '../../contract/schemas/scraping';

/** The host a URL names, for the audit log: where a crawl went, without the rest of the address. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(no host)';
  }
}

/**
 * The scraper's calls (role admin; Origin checked on every change, every change audited), and
 * the sample directory the demonstration crawls, served read-only at `/scraper-sample/`.
 */
export function scrapingRouter(deps: AppDeps) {
  const router = new Router();
  const admin = staffOnly(deps, 'admin');
  const runner = deps.scraper;
  const db = () => deps.database.db;
  const now = () => new Date(deps.clock());
  const audit = (ctx: Context, action: AuditAction, detail: string) => auditScraping(db(), staffOf(ctx).id, action, detail, now());
  const started = async (ctx: Context, action: AuditAction, session: ScrapeSession, detail: string) => {
    await audit(ctx, action, `session ${session.id}: ${detail}`);
    ctx.status = 202;
    ctx.body = { session };
  };

  for (const path of [SAMPLE_PATH, `${SAMPLE_PATH}/`, `${SAMPLE_PATH}/:file`]) {
    router.get(path, async (ctx) => {
      const page = readSamplePage(ctx.params.file ?? '');
      if (!page) return; // the 404 page
      ctx.type = page.contentType;
      ctx.set('Cache-Control', 'no-cache');
      // Fictional businesses: for the demonstration, never for a search engine's index.
      ctx.set('X-Robots-Tag', 'noindex');
      ctx.body = page.body;
    });
  }

  router.get('/api/scraping/status', admin, async (ctx) => {
    ctx.body = await runner.status();
  });

  // Every scraper call lives under /api/scraping/ but this one: the product's published list of
  // calls names POST /api/scrape for a crawl of one URL, so it keeps that one path rather than
  // gaining a second name under /api/scraping/.
  router.post('/api/scrape', admin, validate({ body: scrapeUrlSchema }), async (ctx) => {
    const session = await runner.startUrl(ctx.request.body.url);
    await started(ctx, 'scraping.start', session, `crawl of ${hostOf(ctx.request.body.url)}`);
  });

  router.post('/api/scraping/start', admin, async (ctx) => {
    const session = await runner.startDirectories();
    await started(ctx, 'scraping.start', session, `crawl of the saved directories (${session.pagesPlanned})`);
  });

  router.post('/api/scraping/products', admin, async (ctx) => {
    const session = await runner.startProducts();
    await started(ctx, 'scraping.start', session, `product crawl of ${session.pagesPlanned} supplier websites`);
  });

  router.post('/api/scraping/simulate', admin, async (ctx) => {
    const result = await runner.simulate();
    await audit(ctx, 'scraping.simulate', `session ${result.session.id}: the sample directory, ${result.session.status}`);
    ctx.body = result;
  });

  router.post('/api/scraping/stop', admin, async (ctx) => {
    const session = await runner.stop();
    await audit(ctx, 'scraping.stop', `session ${session.id}`);
    ctx.body = { session };
  });

  router.get('/api/scraping/items', admin, validate({ query: reviewItemsQuerySchema }), async (ctx) => {
    ctx.body = { items: await listReviewItems(db(), ctx.query) };
  });

  router.post('/api/scraping/items/:id/approve', admin, validate({ params: reviewItemParamsSchema, body: approveItemSchema }), async (ctx) => {
    const staff = staffOf(ctx);
    const id = ctx.params.id;
    const item = await approveItem(db(), id, approvalImportPath(deps.database, staff.id, id, ctx.request.body, now()), `staff:${staff.id}`, now());
    // The approval changed the market in its transaction; this process quotes from it at once.
    deps.market.invalidate();
    ctx.body = { item };
  });

  router.post('/api/scraping/items/:id/reject', admin, validate({ params: reviewItemParamsSchema }), async (ctx) => {
    const staff = staffOf(ctx);
    const id = ctx.params.id;
    ctx.body = { item: await rejectItemByStaff(db(), id, staff.id, now()) };
  });

  router.get('/api/scraping/directories', admin, async (ctx) => {
    ctx.body = { directories: await listDirectories(db()) };
  });

  router.post('/api/scraping/directories', admin, validate({ body: scrapeUrlSchema }), async (ctx) => {
    // The URL is checked as a crawl would check it, before it is saved.
    const fetcher = new PoliteFetcher({ userAgent: scraperUserAgent(deps.config.publicUrl), allowHosts: deps.config.scraper.allowHosts });
    const directories = await addDirectory(db(), fetcher, ctx.request.body.url, now());
    await audit(ctx, 'scraping.directories', `added ${hostOf(ctx.request.body.url)}`);
    ctx.body = { directories };
  });

  router.delete('/api/scraping/directories', admin, validate({ query: directoryQuerySchema }), async (ctx) => {
    const directories = await removeDirectory(db(), ctx.query.url);
    await audit(ctx, 'scraping.directories', `removed ${hostOf(ctx.query.url)}`);
    ctx.body = { directories };
  });

  return router;
}
