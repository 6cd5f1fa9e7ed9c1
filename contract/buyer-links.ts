/**
 * What the links of a buyer's e-mails carry in their fragment (after `#`), and how the pages they
 * open read it. A fragment never reaches a server, its logs or a `Referer` header, and a browser
 * keeps it across a redirect whose `Location` names none, so the links that go through
 * `/mail/open/...` first carry it too. Not published: a contract between Procura's e-mails and pages.
 *
 * @module
 */
import { isTrackingToken } from '../sdk/rules';

/**
 * The mark of a link from the buyer's own e-mail: the quote page it opens does not count the
 * view as someone else's.
 *
 * @example
 * const link = `${trackingUrl}#${FROM_EMAIL}`;
 */
export const FROM_EMAIL = 'from=email';

/**
 * The fragment of the e-mail's "Compare all quotes" link: the e-mail's mark and each quote's
 * tracking token under its reference, so the results page can offer Accept in any browser.
 *
 * @example
 * compareFragment([{ id: 'Q-12', trackingToken: 'qt_c_abc' }]); // 'from=email&Q-12=qt_c_abc'
 */
export function compareFragment(quotes: readonly { id: string; trackingToken?: string | undefined }[]): string {
  const params = new URLSearchParams(FROM_EMAIL);
  for (const q of quotes) if (q.trackingToken) params.append(q.id, q.trackingToken);
  return params.toString();
}

/**
 * What an address's fragment says: whether the link came from the buyer's e-mail, and the
 * tracking tokens it carries by quote reference (anything else is ignored).
 *
 * @example
 * readBuyerFragment('#from=email&Q-12=qt_c_abc'); // { fromEmail: true, tokens: { 'Q-12': 'qt_c_abc' } }
 */
export function readBuyerFragment(hash: string): { fromEmail: boolean; tokens: Record<string, string> } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const tokens: Record<string, string> = {};
  for (const [key, value] of params) if (key.startsWith('Q-') && isTrackingToken(value)) tokens[key] = value;
  return { fromEmail: params.get('from') === 'email', tokens };
}

/**
 * Where a quote's quotation PDF downloads from, by its tracking token (the same link in the
 * buyer's e-mail and on their pages).
 *
 * @example
 * quotationPath('qt_1_abc'); // '/api/quotes/track/qt_1_abc/quotation.pdf'
 */
export function quotationPath(trackingToken: string): string {
  return `/api/quotes/track/${encodeURIComponent(trackingToken)}/quotation.pdf`;
}

/**
 * Where an accepted quote's purchase order downloads from: by the buyer's tracking token, or by
 * the supplier's response token.
 *
 * @example
 * purchaseOrderPath('quotes', 'qt_1_abc'); // '/api/quotes/track/qt_1_abc/purchase-order.pdf'
 * purchaseOrderPath('supplier', 'sr_1_abc'); // '/api/supplier-responses/sr_1_abc/purchase-order.pdf'
 */
export function purchaseOrderPath(side: 'quotes' | 'supplier', token: string): string {
  const t = encodeURIComponent(token);
  return side === 'quotes' ? `/api/quotes/track/${t}/purchase-order.pdf` : `/api/supplier-responses/${t}/purchase-order.pdf`;
}
