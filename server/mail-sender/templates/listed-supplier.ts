// What every e-mail to a listed business that never asked (no workspace user) carries: the way to
// claim its listing and a one-click stop, in the body and as RFC 8058 headers.
import { html, safeUrl } from '../../lib/html';
import { aboveFooter, type Email } from './layout';

/** The claim line's words, as every such e-mail shows them. */
const CLAIM_LINE = 'Is this your business? Manage it on Procura';

/**
 * The e-mail with the claim line and the stop link above its footer, and `List-Unsubscribe` with
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail client's button stops it too.
 *
 * @example
 * withListedSupplierLinks(supplierLeadEmail(input), { joinUrl: 'https://procura.co.za/suppliers/join?supplier=cleanco', stopUrl: 'https://procura.co.za/mail/stop/…' });
 */
export function withListedSupplierLinks(email: Email, links: { joinUrl: string; stopUrl: string }): Email {
  const paragraph = html`<strong><a href="${safeUrl(links.joinUrl)}" style="color:#1d4ed8;">${CLAIM_LINE}</a></strong>: set your own prices, delivery areas and how leads come.<br>
<span style="font-size:12px;color:#64748b;">Procura listed your business from its public details. No more e-mails from Procura: <a href="${safeUrl(links.stopUrl)}" style="color:#1d4ed8;">stop them</a>.</span>`;
  const line = `${CLAIM_LINE}: ${links.joinUrl}\nProcura listed your business from its public details. No more e-mails from Procura: ${links.stopUrl}`;
  const withLinks = aboveFooter(email, paragraph, line);
  // RFC 8058: a mail client's POST to the https address stops with no page in between.
  return { ...withLinks, headers: { ...email.headers, 'List-Unsubscribe': `<${links.stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
