import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { html, SafeHtml } from '../lib/html';
import { MessageRenderer } from './renderer';
import { outboxMessage, outboxPage, type OutboxRow } from '../mail/outbox';
import type { Email } from './templates/layout';

const LIST_LIMIT = 100;

/** A list cell's column heading, shown beside it on a narrow screen. */
const label = (text: string) => html`<span class="label" aria-hidden="true">${text}: </span>`;

/**
 * An outbox time (ISO, UTC) as the rest of the site shows times: Johannesburg's wall clock
 * (UTC+2 all year, no daylight saving), labelled so nobody reads it as UTC.
 */
function sastTime(iso: string): string {
  return `${new Date(Date.parse(iso) + 2 * 3_600_000).toISOString().replace('T', ' ').slice(0, 16)} SAST`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}
main{max-width:1100px;margin:0 auto;padding:24px 16px}h1{font-size:22px;margin:0 0 4px}
p.lead{color:#475569;margin:0 0 16px}table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e2e8f0;vertical-align:top;font-size:14px}
th{background:#f1f5f9}a{color:#1d4ed8}a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
.status{display:inline-block;padding:1px 8px;border-radius:10px;background:#e2e8f0;font-size:12px}
.status-sent{background:#dcfce7;color:#166534}.status-dead{background:#fee2e2;color:#991b1b}
.status-held{background:#fef9c3;color:#854d0e}pre{white-space:pre-wrap;background:#fff;padding:16px;border:1px solid #e2e8f0}
iframe{width:100%;height:720px;border:1px solid #e2e8f0;background:#fff}dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:4px 16px}
dt{color:#475569}dd{margin:0}td,dd,h1,pre{overflow-wrap:anywhere}td .label{display:none;color:#475569}
@media (max-width:640px){table,tbody,tr,td,caption{display:block}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
tr{border-bottom:1px solid #e2e8f0;padding:8px 0}td{border:0;padding:2px 8px}td .label{display:inline}
dl{grid-template-columns:minmax(0,1fr)}dd{margin:0 0 8px}iframe{height:560px}}`;
// A literal of this file, never input.
const STYLE_SHEET = new SafeHtml(STYLE);

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Procura development mailbox</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE_SHEET}</style></head>
<body><main>${body}</main></body></html>`.value;
}

const STATUS_TEXT: Record<OutboxRow['status'], string> = {
  held: 'held: no SMTP server is configured, so it was sent nowhere',
  pending: 'waiting to be sent',
  sending: 'being sent',
  sent: 'sent',
  dead: 'not sent: gave up after repeated failures',
};

async function tryRender(renderer: MessageRenderer, row: OutboxRow): Promise<Email | { error: string }> {
  try {
    return await renderer.render(row);
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

function messageId(ctx: { params: Record<string, string | undefined> }): number {
  const id = Number(ctx.params.id);
  if (!Number.isInteger(id) || id < 1) throw new ApiError(404, 'not_found', 'No such e-mail');
  return id;
}

/**
 * The development mailbox: every e-mail in the outbox, rendered as it would be sent. Mounted
 * only outside production, where it is how e-mail is read when no SMTP server is configured.
 */
export function mailboxRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/dev/mailbox' });
  const { db } = deps.database;

  router.get('/', async (ctx) => {
    const { rows, counts } = await outboxPage(db, LIST_LIMIT);
    const renderer = new MessageRenderer(db, deps.outbox.settings, deps.market);
    const rendered = await Promise.all(rows.map((row) => tryRender(renderer, row)));
    const summary = Object.entries(counts)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ');
    const intro = deps.outbox.holding
      ? 'No SMTP server is configured (SMTP_URL), so e-mails are kept here and sent nowhere.'
      : 'E-mails are sent over SMTP; this page shows what the outbox holds.';
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    ctx.body = page(
      'Mailbox',
      html`<h1>Development mailbox</h1><p class="lead">${intro} ${summary ? `In the outbox: ${summary}.` : ''}</p>
${
  rows.length === 0
    ? html`<p>No e-mails yet. Submit a quote request and its e-mails appear here.</p>`
    : html`<table><caption class="lead" style="text-align:left">The latest ${Math.min(rows.length, LIST_LIMIT)} e-mails, newest first</caption>
<thead><tr><th scope="col">Written (SAST)</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead><tbody>
${rows.map((row, i) => {
  const email = rendered[i]!;
  const subject = 'subject' in email ? email.subject : `(${row.kind})`;
  // Each cell's heading, shown beside it where the table becomes a block per e-mail; hidden from
  // assistive technology, which reads the column headings.
  return html`<tr><td>${label('Written')}${sastTime(row.created_at)}</td><td>${label('To')}${row.recipient}</td>
<td>${label('Subject')}<a href="/dev/mailbox/${row.id}">${subject}</a></td><td>${label('Status')}<span class="status status-${row.status}">${row.status}</span>${row.attempts > 0 ? ` (${row.attempts} attempts)` : ''}</td></tr>`;
})}</tbody></table>`
}`,
    );
  });

  router.get('/:id', async (ctx) => {
    const row = await outboxMessage(db, messageId(ctx));
    if (!row) throw new ApiError(404, 'not_found', 'No such e-mail');
    const renderer = new MessageRenderer(db, deps.outbox.settings, deps.market);
    const email = await tryRender(renderer, row);
    const attachments = 'subject' in email ? await renderer.attachments(row) : [];
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    ctx.body = page(
      'subject' in email ? email.subject : row.kind,
      html`<p><a href="/dev/mailbox">Back to the mailbox</a></p>
<h1>${'subject' in email ? email.subject : row.kind}</h1>
<dl><dt>To</dt><dd>${row.recipient}</dd><dt>From</dt><dd>${deps.config.mail.from}</dd><dt>Message-ID</dt><dd>${row.message_id}</dd>
<dt>Written</dt><dd>${sastTime(row.created_at)}</dd><dt>Status</dt><dd>${STATUS_TEXT[row.status]}</dd><dt>Attempts</dt><dd>${row.attempts}</dd>
${row.sent_at ? html`<dt>Sent</dt><dd>${sastTime(row.sent_at)}</dd>` : ''}${row.last_error ? html`<dt>Last error</dt><dd>${row.last_error}</dd>` : ''}
${
  attachments.length > 0
    ? html`<dt>Attachments</dt><dd>${attachments.map(
        (a, n) =>
          html`<a href="/dev/mailbox/${row.id}/attachments/${n}" download="${a.filename}">${a.filename}</a> (${Math.ceil(a.content.length / 1024)} KB) `,
      )}</dd>`
    : ''
}</dl>
${
  'subject' in email
    ? html`<h2>HTML part</h2><iframe sandbox src="/dev/mailbox/${row.id}/html" title="HTML part of the e-mail"></iframe>
<h2>Plain-text part</h2><pre>${email.text}</pre>`
    : html`<p>${email.error}</p>`
}`,
    );
  });

  router.get('/:id/html', async (ctx) => {
    const row = await outboxMessage(db, messageId(ctx));
    if (!row) throw new ApiError(404, 'not_found', 'No such e-mail');
    const email = await tryRender(new MessageRenderer(db, deps.outbox.settings, deps.market), row);
    if (!('html' in email)) throw new ApiError(404, 'not_found', email.error);
    ctx.set('Cache-Control', 'no-store');
    // The e-mail's own markup: inline styles only, no scripts, framed only by the mailbox page.
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
    );
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.type = 'html';
    ctx.body = email.html;
  });

  router.get('/:id/attachments/:n', async (ctx) => {
    const row = await outboxMessage(db, messageId(ctx));
    const attachment = row && (await new MessageRenderer(db, deps.outbox.settings, deps.market).attachments(row))[Number(ctx.params.n)];
    if (!attachment) throw new ApiError(404, 'not_found', 'No such attachment');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${attachment.filename}"`);
    ctx.type = attachment.contentType;
    ctx.body = attachment.content;
  });

  return router;
}
