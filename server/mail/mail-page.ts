// The small pages the links in e-mails open: unsubscribe, "this wasn't me" and a listed business's stop.
import type { Context } from 'koa';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { html, SafeHtml } from '../lib/html';
import { limitPerClient } from '../limits/rate-limiter';

// A literal of this file, never input.
const STYLE = new SafeHtml(`body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}
main{max-width:560px;margin:48px auto;padding:24px;background:#fff;border:1px solid #e2e8f0;border-radius:8px}
h1{font-size:22px;margin:0 0 12px}button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}button:focus-visible,a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}a{color:#1d4ed8}
@media (max-width:600px){main{margin:16px;padding:16px}}`);

/** Answers a page: uncached, and with no Referer, because the token is in the address. */
export function mailPage(ctx: Context, status: number, title: string, body: SafeHtml): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  // The token is in the address: no page it leads to may learn it.
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.type = 'html';
  ctx.body = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Procura</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`.value;
}

/** A link whose token is unknown. */
const UNKNOWN_LINK = html`<h1>This link does not work</h1><p>It may have been copied only in part. Open it again from the e-mail, or write to Procura support.</p>`;

/**
 * The page of a link whose token is unknown, counted against one per-client limit for every e-mail link's pages: past it,
 * a page like the links' others, 429 with Retry-After, since a person reads it in a browser. Only unknown links count.
 * Their tokens are too long to guess, so the limit caps what one network can make the pages look up in vain; a link
 * that works always opens, since the one-click unsubscribes of a mail provider's many users come from its few servers.
 */
export function unknownLinkPage(deps: Pick<AppDeps, 'writes' | 'clock' | 'config'>): (ctx: Context) => Promise<void> {
  const limit = limitPerClient(deps, { bucket: 'mail-link', ...deps.config.rateLimits.mailLink }, 'unknown e-mail links');
  return async function unknownLink(ctx) {
    try {
      await limit(ctx, async () => mailPage(ctx, 404, 'Link not found', UNKNOWN_LINK));
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'rate_limited') throw err;
      if (err.headers) ctx.set(err.headers);
      mailPage(ctx, 429, 'Too many visits', html`<h1>Please wait a moment</h1><p>${err.message}</p>`);
    }
  };
}
