import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { findLink, resubscribeByLink, suppressByLink, type LinkAction } from './guard';
import { html } from '../lib/html';
import { mailPage as page, unknownLinkPage } from './mail-page';

const ASK: Record<LinkAction, { title: string; lead: string; button: string }> = {
  unsubscribe: {
    title: 'Stop quote e-mails',
    lead: 'Procura will send no more quote e-mails to',
    button: 'Unsubscribe',
  },
  'not-me': {
    title: "This wasn't me",
    lead: 'Someone asked Procura to send quotes to',
    button: 'Send no more quote e-mails to this address',
  },
};

/**
 * The links in every buyer e-mail: unsubscribe (also the RFC 8058 one-click POST a mail client
 * makes) and "this wasn't me". A GET only shows a button, because mail scanners open links; a
 * POST, from that button or a mail client, puts the address on the suppression list.
 */
export function unsubscribeRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/mail' });
  const { db } = deps.database;
  const unknown = unknownLinkPage(deps);

  for (const action of ['unsubscribe', 'not-me'] as const) {
    const ask = ASK[action];
    router.get(`/${action}/:token`, async (ctx) => {
      const link = await findLink(db, ctx.params.token ?? '');
      if (!link) return unknown(ctx);
      page(
        ctx,
        200,
        ask.title,
        html`<h1>${ask.title}</h1>
<p>${ask.lead} <strong>${link.maskedAddress}</strong>${action === 'unsubscribe' ? '.' : '. If that was not you, stop them here: Procura will send this address no more quote e-mails.'}</p>
${link.suppressed ? html`<p>This address already gets no quote e-mails from Procura.</p>` : html`<form method="post"><button type="submit">${ask.button}</button></form>`}`,
      );
    });
    router.post(`/${action}/:token`, async (ctx) => {
      const masked = await suppressByLink(db, ctx.params.token ?? '', action, new Date(deps.clock()));
      if (!masked) return unknown(ctx);
      page(
        ctx,
        200,
        'Unsubscribed',
        html`<h1>No more quote e-mails</h1>
<p>Procura will send no more quote e-mails to <strong>${masked}</strong>${action === 'not-me' ? '. Thank you for telling us.' : '.'}</p>
<form method="post" action="/mail/resubscribe/${ctx.params.token ?? ''}"><p>Changed your mind?</p><button type="submit" class="secondary">Send me quote e-mails again</button></form>`,
      );
    });
  }

  router.post('/resubscribe/:token', async (ctx) => {
    const masked = await resubscribeByLink(db, ctx.params.token ?? '');
    if (!masked) return unknown(ctx);
    page(ctx, 200, 'Subscribed again', html`<h1>Quote e-mails are on again</h1><p>Quotes you ask for are e-mailed to <strong>${masked}</strong> again.</p>`);
  });

  return router;
}
