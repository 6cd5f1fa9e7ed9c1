// What every e-mail template shares, so they look alike: the layout, the footer, and the tables of
// a quote's lines and of an order's figures.
import type { Quote } from '../../../sdk/schemas/rfq';
import { formatQuantity, perUnit, singularUnit } from '../../../sdk/units';
import { formatDate, formatRand, vatCents } from '../../../sdk/format';
import { FROM_EMAIL } from '../../../contract/buyer-links';
import { html, type SafeHtml, safeUrl } from '../../lib/html';

/** Spec section 1: support hours, stated wherever a buyer may need help. */
export const SUPPORT_HOURS = 'Monday-Friday 8AM-5PM';

export const footer = `Procura support: ${SUPPORT_HOURS} (South African time).`;

export interface Email {
  subject: string;
  html: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** A file an e-mail carries, such as a purchase order. */
export interface Attachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The footer's row of the HTML layout, after which nothing but the closing tags follows. */
const FOOTER_ROW = html`<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#64748b;">${footer}</td></tr>`;

/**
 * A buyer's e-mail with the way back to all their requests (`PUBLIC_URL/account/sign-in`) above
 * the footer, in the HTML and the text alike.
 *
 * @example
 * withAccountLink(buyerQuotesEmail(input), 'https://procura.co.za/account/sign-in');
 */
export function withAccountLink(email: Email, url: string): Email {
  return aboveFooter(
    email,
    html`<a href="${url}" style="color:#1d4ed8;">See all your requests</a> on Procura, and order again in two clicks.`,
    `See all your requests: ${url}`,
  );
}

/**
 * An e-mail with one more paragraph above the footer, in the HTML and the text alike.
 *
 * @example
 * aboveFooter(email, html`Questions? <a href="${url}">Ask us</a>.`, `Questions? ${url}`);
 */
export function aboveFooter(email: Email, paragraph: SafeHtml, line: string): Email {
  const row = html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">${paragraph}</td></tr>`.value;
  const text = email.text.endsWith(`\n${footer}`) ? `${email.text.slice(0, -footer.length)}${line}\n\n${footer}` : `${email.text}\n\n${line}`;
  return { ...email, html: email.html.replace(FOOTER_ROW.value, `${row}\n${FOOTER_ROW.value}`), text };
}

// Table layout with inline styles: what mail clients render reliably, images or not.
export function layout(title: string, preheader: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;">
<div style="display:none;max-height:0;overflow:hidden;">${preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e2e8f0;font-size:20px;font-weight:bold;color:#1d4ed8;">Procura</td></tr>
<tr><td style="padding:20px 24px;font-size:15px;line-height:1.5;">${body}</td></tr>
${FOOTER_ROW}
</table></td></tr></table></body></html>`.value;
}

/** A basket quote's lines, one row each: what, how many, at what price, and whether the price is firm or the line withdrawn. */
export function lineRows(lines: NonNullable<Quote['lines']>): [string, string][] {
  return lines.map((l) => [
    l.productName,
    l.status === 'withdrawn'
      ? `${formatQuantity(l.quantity, l.unit)}: withdrawn by the supplier`
      : `${formatQuantity(l.quantity, l.unit)} at ${formatRand(l.unitPrice)} ${perUnit(l.unit)} excl. VAT, ${formatRand(l.totalPrice)}${firmText(l)}`,
  ]);
}

/** ', firm' on a line whose supplier made its price firm, with the indicative price when it changed. */
function firmText(l: NonNullable<Quote['lines']>[number]): string {
  if (!l.firmedAt) return '';
  return l.indicativeUnitPrice !== undefined && l.indicativeUnitPrice !== l.unitPrice ? `, firm (indicative ${formatRand(l.indicativeUnitPrice)})` : ', firm';
}

/** A link of the buyer's own e-mail to a quote page: its fragment marks the view as theirs (`contract/buyer-links.ts`). */
export function fromEmail(url: string): string {
  return `${url}#${FROM_EMAIL}`;
}

/** Label and value rows as an e-mail-safe table. */
export function detailsTable(rows: [string, string][]): SafeHtml {
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;border:1px solid #e2e8f0;border-radius:6px;">
${rows.map(
  ([label, value]) => html`<tr><td style="padding:6px 12px;color:#475569;width:40%;border-bottom:1px solid #f1f5f9;vertical-align:top;">${label}</td>
<td style="padding:6px 12px;font-weight:bold;border-bottom:1px solid #f1f5f9;vertical-align:top;overflow-wrap:anywhere;word-break:break-word;">${value}</td></tr>
`,
)}
</table>`;
}

/** An e-mail that says one thing, lists its details and offers one action, in the same words as HTML and as text. */
export function detailsEmail(subject: string, intro: string, rows: [string, string][], action: { url: string; label: string }): Email {
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
${detailsTable(rows)}
<p style="margin:16px 0 0;">${button(action.url, action.label)}</p>`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', `${action.label}: ${action.url}`, '', footer].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

/**
 * A one-time sign-in link, the same for every kind of person: what it opens (`intro`), a button
 * named `action`, the address written out, and how long it works.
 */
export function signInLinkEmail(subject: string, intro: string, action: string, input: { link: string; validMinutes: number }): Email {
  const validity = `The link works once, within ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.`;
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
<p style="margin:0 0 16px;">${button(input.link, action)}</p>
<p style="margin:0 0 16px;">${link(input.link)}</p>
<p style="margin:0;color:#475569;">${validity}</p>`;
  const text = [intro, '', input.link, '', validity, '', footer].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

/** A web address as a link that wraps anywhere, so a long one never widens a phone's screen. */
export function link(url: string): SafeHtml {
  return html`<a href="${safeUrl(url)}" style="color:#1d4ed8;overflow-wrap:anywhere;word-break:break-word;">${url}</a>`;
}

/** A plain button link, as wide as its text, that mail clients render without images or CSS files. */
export function button(url: string, label: string): SafeHtml {
  return html`<a href="${safeUrl(url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:bold;">${label}</a>`;
}

/** The figures of an accepted order, as both sides read them. */
export function orderRows(q: Quote): [string, string][] {
  if (q.lines) {
    // A basket's order is the lines the buyer awarded this supplier (before that, every line it quoted).
    const ordered = q.lines.filter((l) => l.status === 'accepted');
    const lines = ordered.length > 0 ? ordered : q.lines.filter((l) => l.status !== 'withdrawn');
    const totalCents = lines.reduce((sum, l) => sum + Math.round(l.totalPrice * 100), 0);
    const vat = vatCents(totalCents, q.vatRate);
    return [
      ['Quote reference', q.id],
      ...lineRows(lines),
      ['Total excl. VAT', formatRand(totalCents / 100)],
      [`VAT (${Math.round(q.vatRate * 100)}%)`, formatRand(vat / 100)],
      ['Total incl. VAT', formatRand((totalCents + vat) / 100)],
      ['Lead time', q.leadTime],
      ['Payment terms', q.paymentTerms],
      ['Valid until', formatDate(q.validUntil)],
    ];
  }
  return [
    ['Quote reference', q.id],
    ['Unit price', `${formatRand(q.unitPrice)} excl. VAT per ${singularUnit(q.unit)}`],
    ['Total excl. VAT', formatRand(q.totalPrice)],
    [`VAT (${Math.round(q.vatRate * 100)}%)`, formatRand(q.vatAmount)],
    ['Total incl. VAT', formatRand(q.totalPriceInclVat)],
    ['Lead time', q.leadTime],
    ['Payment terms', q.paymentTerms],
    ['Valid until', formatDate(q.validUntil)],
  ];
}

export interface OrderRequest {
  productName: string;
  /** Empty once the buyer's personal data (the free text among it) was deleted. */
  productDescription: string;
  quantity: number;
  unit: string;
  deliveryLocation: string;
}

/** What the buyer gave when accepting; null where not given (phone and address: accepted before they were asked). */
export interface OrderDetailsForMail {
  deliveryAddress: string | null;
  phone: string | null;
  /** The buyer's own reference for the order, which is not the purchase order's number. */
  purchaseOrderReference: string | null;
  vatNumber: string | null;
}

/** An order as its e-mails name it: Procura's purchase order number (null for an order made before they were issued) and the buyer's details. */
export interface OrderForMail extends OrderDetailsForMail {
  poNumber: string | null;
}

/** A multi-line address on one line, as a table cell or a text e-mail line holds it. */
export function oneLine(text: string): string {
  return text
    .split(/\s*\n\s*/)
    .filter(Boolean)
    .join(', ');
}
