import { createReadStream, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context, Next } from 'koa';
import type { ErrorCode } from '../error-codes';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Build output names carry a content hash (name-3f9a1c2b.js); those never change, so cache them for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * Serves the built portal and widget from `root` for GET and HEAD. Hashed assets are cached for
 * a year as immutable; anything else is revalidated with its ETag.
 */
export function serveStatic(root: string) {
  const base = resolve(root);
  return async function staticFiles(ctx: Context, next: Next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(ctx.path)).replace(/^([/\\])+/, '');
    } catch {
      return next();
    }
    const file = join(base, relative);
    if (relative === '' || relative.includes('\0') || !file.startsWith(base + sep)) return next();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return next();
    ctx.state.route = '(static file)';
    ctx.set('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('ETag', `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`);
    ctx.set('Last-Modified', info.mtime.toUTCString());
    ctx.type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    ctx.status = 200; // `fresh` only compares validators on a successful answer
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.length = info.size;
    if (ctx.method === 'GET') ctx.body = createReadStream(file);
  };
}

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page Not Found · Procura</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}
main{text-align:center;padding:2rem}
h1{font-size:2rem;margin:0 0 .5rem}
p{color:#475569;margin:0 0 1.5rem}
a{display:inline-block;margin:.25rem;background:#3b82f6;color:#fff;text-decoration:none;padding:.75rem 1.25rem;border-radius:.5rem;font-weight:600}
a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>Page Not Found</h1>
<p>The page you are looking for does not exist or has moved.</p>
<a href="/">Return Home</a>
<a href="/suppliers">Browse suppliers</a>
</main>
</body>
</html>
`;

/** The last middleware: a path no route answered gets 404, as JSON under /api/ and as a page elsewhere. */
export interface PortalShell {
  html: string;
  /** Each route's pattern, as the log names it, and what matches it. */
  routes: { pattern: string; test: RegExp }[];
}

/** The built portal's page and route patterns (`/quote/:token`), or null before a build. */
export function loadPortal(root: string): PortalShell | null {
  try {
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    const patterns = JSON.parse(readFileSync(join(root, 'routes.json'), 'utf8')) as string[];
    const routes = patterns.map((pattern) => ({
      pattern,
      test: new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:[a-zA-Z]+/g, '[^/]+')}/?$`),
    }));
    return { html, routes };
  } catch {
    return null;
  }
}

/**
 * Renders a page on the server into the shell, or answers null to leave the shell as it is;
 * `missing` says the path names nothing (a supplier page of no supplier): its not-found page is answered 404.
 */
export interface PageRenderer {
  page(shell: string, path: string, notFound?: boolean): Promise<{ html: string; missing: boolean } | null>;
}

/**
 * Answers the portal's page for the paths its router knows, rendered on the server when the
 * renderer renders it; the app takes over (hydrates) from there.
 */
export function portalPages(portal: PortalShell | null, renderer?: PageRenderer) {
  return async function pages(ctx: Context, next: Next) {
    if (!portal || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    const route = portal.routes.find((r) => r.test.test(ctx.path));
    if (!route) return next();
    ctx.state.route = route.pattern;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    const page = await renderer?.page(portal.html, ctx.path);
    if (page?.missing) ctx.status = 404;
    ctx.body = page?.html ?? portal.html;
  };
}

/**
 * The last middleware: 404 for anything not answered. API paths get the JSON error shape; pages
 * get the portal (which shows 'Page Not Found') or, before a build, a plain page saying so.
 */
export function notFound(portal: PortalShell | null, renderer?: PageRenderer) {
  return async function pageNotFound(ctx: Context) {
    if (ctx.body !== undefined && ctx.body !== null) return;
    ctx.status = 404;
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') {
      ctx.body = { error: { code: 'not_found' satisfies ErrorCode, message: `No API route for ${ctx.method} ${ctx.path}` } };
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    if (ctx.method === 'HEAD') {
      ctx.body = null;
      return;
    }
    ctx.body = (portal && (await renderer?.page(portal.html, ctx.path, true))?.html) ?? portal?.html ?? NOT_FOUND_PAGE;
  };
}
