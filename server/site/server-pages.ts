import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import type { SiteFigures } from '../../sdk/schemas/site';

/** What a page told the server renderer about its head. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's canonical path: an alias names the page it shows. */
  canonicalPath: string;
}

/** The portal's server renderer, built by rollup into `dist/ssr/render.js` from `portal/ssr.tsx`. */
export interface PortalRenderer {
  /** The paths rendered on the server; every other page is the plain shell the browser fills. */
  serverRendered: readonly string[];
  render(path: string, figures: SiteFigures | null, data?: PageData | null): Promise<{ html: string; head: PageHead }>;
}

/** What a pattern page (`/suppliers/:slug`) is rendered with beside the figures, for the path it is for. */
export interface PageData {
  path: string;
  data: unknown;
  /** A pattern page of nothing (no such supplier): the portal renders its not-found page, and the server answers 404. */
  missing?: true;
}

/** A page rendered on the server; `missing` when it is a pattern page of nothing, to be answered with status 404. */
export interface RenderedPage {
  html: string;
  missing: boolean;
}

/** A listed path as a test of a request's path: `:name` stands for one segment. */
function pathTest(pattern: string): RegExp {
  const escaped = pattern.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('/')}$`);
}

/** The renderer beside the static files (`dist/public` -> `dist/ssr/render.js`), or null before a build. */
async function loadRenderer(staticDir: string): Promise<PortalRenderer | null> {
  const file = join(resolve(staticDir), '..', 'ssr', 'render.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PortalRenderer;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside `<script type="application/json">`: nothing in it may close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The element the portal reads its first figures from instead of asking the API. */
const FIGURES_ELEMENT_ID = 'site-figures';
/** The element a pattern page reads what it was rendered with from (portal/lib/page-data.tsx). */
const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * The shell with a rendered page in it: the page's title, description, canonical URL and Open
 * Graph tags in the head, its markup in `#root` for the browser to hydrate, and the figures it
 * was rendered with.
 */
export function composePage(
  shell: string,
  page: { html: string; head: PageHead },
  figures: SiteFigures | null,
  publicUrl: string,
  pageData: PageData | null = null,
): string {
  const { title, description, canonicalPath } = page.head;
  const url = publicUrl + canonicalPath;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Procura">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="summary">`,
  ].join('\n');
  const data =
    (figures ? `<script type="application/json" id="${FIGURES_ELEMENT_ID}">${scriptJson(figures)}</script>` : '') +
    (pageData ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(pageData)}</script>` : '');
  return shell
    .replace(/<title>[\s\S]*?<\/title>\n?/, '')
    .replace(/<meta name="description"[^>]*>\n?/, '')
    .replace('</head>', `${head}\n</head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>${data}`);
}

/**
 * Renders the portal's content pages on the server, with figures at most a minute old: a page is
 * rendered again whenever the figures are counted again, and kept until then. A pattern page
 * (`/suppliers/:slug`) is rendered with what `pageData` reads for its path, read on every request
 * and rendered again when it changed; when that is null (no
 * such supplier) it is the not-found page, marked `missing` for a 404 and never kept, so made-up
 * paths hold no memory. Pages outside the renderer's list, and everything before a build, get the
 * plain shell.
 */
export class ServerPages {
  private readonly renderer: Promise<PortalRenderer | null>;
  private readonly cache = new Map<string, { asOf: string; shown: string; html: string }>();

  private tests: { pattern: string; test: RegExp }[] = [];

  constructor(
    private readonly options: {
      staticDir: string;
      publicUrl: string;
      figures: () => Promise<SiteFigures>;
      /** What a pattern page at this path is rendered with; null when there is nothing to show. */
      pageData?: (path: string) => Promise<unknown>;
      logger: Logger;
    },
  ) {
    // Loaded at start-up, so the first visitor does not wait for a megabyte of renderer.
    this.renderer = loadRenderer(options.staticDir).catch((err: unknown) => {
      options.logger.error({ err }, 'the server renderer did not load; pages are served as the plain shell');
      return null;
    });
  }

  /** The whole page for `path`, or null when it is not rendered on the server. `notFound` renders the 404 page. */
  async page(shell: string, path: string, notFound = false): Promise<RenderedPage | null> {
    const renderer = await this.renderer;
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (!renderer) return null;
    const listed = renderer.serverRendered.includes(normalised);
    const pattern = listed || notFound ? null : this.patternOf(renderer, normalised);
    if (!notFound && !listed && !pattern) return null;
    try {
      const figures = await this.options.figures();
      const key = notFound ? '(not found)' : normalised;
      let pageData: PageData | null = null;
      if (pattern) {
        const data = (await this.options.pageData?.(normalised)) ?? null;
        pageData = data === null ? { path: normalised, data: null, missing: true } : { path: normalised, data };
      }
      const missing = pageData?.missing === true;
      // A pattern page is kept for what it shows too: a supplier's page reads a receipt recorded a second ago.
      const shown = pageData ? JSON.stringify(pageData.data) : '';
      const held = this.cache.get(key);
      if (held && held.asOf === figures.asOf && held.shown === shown && !notFound && !missing) return { html: held.html, missing: false };
      const html = composePage(shell, await renderer.render(normalised, figures, pageData), figures, this.options.publicUrl, pageData);
      if (!notFound && !missing) this.cache.set(key, { asOf: figures.asOf, shown, html });
      return { html, missing };
    } catch (err) {
      // The browser renders the page itself from the shell: slower, never broken.
      this.options.logger.warn({ err, route: notFound ? '(no route)' : normalised }, 'server render failed; serving the shell');
      return null;
    }
  }

  /** The listed pattern (`/suppliers/:slug`) this path is a page of, if any. */
  private patternOf(renderer: PortalRenderer, path: string): string | null {
    if (this.tests.length === 0) this.tests = renderer.serverRendered.filter((p) => p.includes('/:')).map((pattern) => ({ pattern, test: pathTest(pattern) }));
    return this.tests.find((t) => t.test.test(path))?.pattern ?? null;
  }
}
