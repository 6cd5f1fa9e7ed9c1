// The small pages the links in e-mails open: unsubscribe, "this wasn't me" and a listed business's stop.
import type { Context } from 'koa';
import { html, SafeHtml } from '../lib/html';

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
export const UNKNOWN_LINK = html`<h1>This link does not work</h1><p>It may have been copied only in part. Open it again from the e-mail, or write to Procura support.</p>`;
