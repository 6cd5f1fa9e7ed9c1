import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { html } from '../lib/html';
import { mailPage, unknownLinkPage } from '../mail/mail-page';
import { findStopLink, stopByLink, type StopLink } from './listed-suppliers.service';

/** The way to manage the listing instead, on every page of the link. */
function claimLine(link: StopLink) {
  return html`<p>Is this your business? <a href="${link.joinPath}">Manage it on Procura</a>: joining lifts a stop.</p>`;
}

/** A supplier whose people sign in: the link stops nothing, the workspace decides. */
function joinedPage(link: StopLink) {
  return html`<h1>${link.supplierName} is managed on Procura</h1>
<p>People of ${link.supplierName} sign in to Procura, and choose there how leads come. <a href="/supplier/sign-in">Sign in</a> to change it.</p>`;
}

/**
 * The stop link in every e-mail to a listed business that never asked to be on Procura (also the
 * RFC 8058 one-click POST a mail client makes). A GET only shows a button, because mail scanners
 * open links; a POST, from that button or a mail client, stops the address.
 */
export function listedSuppliersRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/mail' });
  const { db } = deps.database;
  const unknown = unknownLinkPage(deps);

  router.get('/stop/:token', async (ctx) => {
    const link = await findStopLink(db, ctx.params.token ?? '');
    if (!link) return unknown(ctx);
    if (link.joined) return mailPage(ctx, 200, 'Managed on Procura', joinedPage(link));
    mailPage(
      ctx,
      200,
      "Stop Procura's e-mails",
      html`<h1>Stop Procura's e-mails</h1>
<p>Procura lists <strong>${link.supplierName}</strong> as a supplier, from its public business details, and e-mails it buyers' requests for quotes at <strong>${link.maskedAddress}</strong>.</p>
${
  link.stopped
    ? html`<p>This address already gets no e-mails from Procura, and buyers get no quotes in ${link.supplierName}'s name.</p>`
    : html`<p>Stop them, and Procura sends this address no more e-mails and quotes buyers no more prices in ${link.supplierName}'s name.</p>
<form method="post"><button type="submit">Stop Procura's e-mails</button></form>`
}
${claimLine(link)}`,
    );
  });

  router.post('/stop/:token', async (ctx) => {
    const link = await stopByLink(db, ctx.params.token ?? '', new Date(deps.clock()));
    if (!link) return unknown(ctx);
    if (link.joined) return mailPage(ctx, 200, 'Managed on Procura', joinedPage(link));
    deps.market.invalidate();
    mailPage(
      ctx,
      200,
      'Stopped',
      html`<h1>No more e-mails from Procura</h1>
<p>Procura will send no more e-mails to <strong>${link.maskedAddress}</strong>, and quotes buyers no more prices in ${link.supplierName}'s name.</p>
${claimLine(link)}`,
    );
  });

  return router;
}
