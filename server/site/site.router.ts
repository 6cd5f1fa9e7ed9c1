import Router from '@koa/router';
import type { Context } from 'koa';
import { PUBLIC_PAGES } from '../../contract/public-pages';
import type { AppDeps } from '../deps';
import { answerJson } from '../http/json-answer';
import { certificateIdentity } from '../../sdk/schemas/site';
import { FIGURES_MAX_AGE_MS, supplierPagePaths, type SiteFiguresStore } from './site.service';

/**
 * The pages search engines may list, in order (contract/public-pages.json marks them). Each is
 * listed only while the portal routes it (`routes.json` of the built portal). Aliases
 * (`/api-docs`, `/privacy-policy`) are left out: their canonical page is listed.
 */
const SITEMAP_PAGES = PUBLIC_PAGES.filter((page) => page.sitemap).map((page) => page.path);

/** Each supplier's public page. */
const SUPPLIER_PAGE = '/suppliers/:slug';

/** What crawlers are asked to leave alone: staff pages, the API, personal links and pages with tokens. */
const DISALLOWED = [
  '/api/',
  '/quote/',
  '/supplier-response/',
  '/account',
  '/quote-success',
  '/da_',
  '/admin',
  '/staff/',
  '/scraper',
  '/customer-dashboard',
  '/internal-analytics',
  '/analytics-test',
  '/partners',
  '/widget-embed',
  '/demo-success',
  '/mail/',
  '/dev/',
] as const;

/** Holds one generated answer for as long as the figures it is made from (the key). */
function memo<T>() {
  let held: { key: string; value: Promise<T> } | null = null;
  return (key: string, make: () => Promise<T>) => {
    if (held?.key !== key) {
      const value = make();
      held = { key, value };
      value.catch(() => {
        if (held?.value === value) held = null;
      });
    }
    return held.value;
  };
}

/** What is left of the figures' minute: a browser or proxy may keep the answer that long, no longer. */
function cacheFor(ctx: Context, asOf: string, now: number) {
  const left = Math.max(0, Math.floor((FIGURES_MAX_AGE_MS - (now - Date.parse(asOf))) / 1000));
  ctx.set('Cache-Control', `public, max-age=${left}`);
}

function pdf(ctx: Context, body: Buffer, fileName: string) {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.body = body;
}

/**
 * The public site's data: the figures every page shows, the two downloads, robots.txt and the
 * sitemap. `portalPaths` are the routes the built portal serves (null before a build).
 */
export function siteRouter({ config, clock, database }: AppDeps, store: SiteFiguresStore, portalPaths: readonly string[] | null) {
  const router = new Router();

  router.get('/api/site/figures', async (ctx) => {
    const figures = await store.current();
    cacheFor(ctx, figures.asOf, clock());
    answerJson(ctx, figures);
  });

  // Each PDF is made at most once per count of the figures, however often it is downloaded.
  // The PDF writer (pdfkit, with its fonts and line-breaking tables) is loaded on the first
  // download, not as the process starts: most processes never write one.
  const pdfs = () => import('./guide-and-certificate.pdf');
  const guide = memo<Buffer>();
  router.get('/downloads/pricing-guide', async (ctx) => {
    const figures = await store.current();
    const body = await guide(figures.asOf, async () => (await pdfs()).pricingGuidePdf(await store.pricingGuide()));
    cacheFor(ctx, figures.asOf, clock());
    pdf(ctx, body, `procura-pricing-guide-${figures.asOf.slice(0, 10)}.pdf`);
  });

  const certificate = memo<Buffer>();
  router.get('/downloads/compliance-certificate', async (ctx) => {
    const figures = await store.current();
    const identity = certificateIdentity(figures.asOf);
    const body = await certificate(figures.asOf, async () => (await pdfs()).complianceCertificatePdf({ ...identity, figures }));
    cacheFor(ctx, figures.asOf, clock());
    pdf(ctx, body, `procura-compliance-certificate-${identity.certificateId}.pdf`);
  });

  router.get('/robots.txt', async (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${config.publicUrl}/sitemap.xml`, ''].join('\n');
  });

  router.get('/sitemap.xml', async (ctx) => {
    const routed = new Set(portalPaths ?? []);
    // A pattern page is listed once for each of its pages: `/suppliers/:slug` for every supplier.
    const supplierPages = routed.has(SUPPLIER_PAGE) ? await supplierPagePaths(database) : [];
    const paths = SITEMAP_PAGES.filter((path) => routed.has(path)).flatMap((path) => (path === SUPPLIER_PAGE ? supplierPages : [path]));
    const urls = paths.map((path) => `  <url><loc>${escapeXml(config.publicUrl + path)}</loc></url>`);
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });

  return router;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
