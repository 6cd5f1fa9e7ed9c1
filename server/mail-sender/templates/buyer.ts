// The e-mails a buyer receives: their quotes, the copies and answers of their orders, a supplier's
// firm price or withdrawal, and the link to their data.
import { DEMO_REQUEST_NOTICE, supplierResponseText } from '../../../sdk/buyer-notices';
import { POSITION_BADGES } from '../../../sdk/quote-status';
import type { Quote } from '../../../sdk/schemas/rfq';
import { formatQuantity, singularUnit } from '../../../sdk/units';
import { formatDate, formatRand } from '../../../sdk/format';
import { bbeeLabel } from '../../../sdk/bbee';
import { compareFragment, FROM_EMAIL, quotationPath } from '../../../contract/buyer-links';
import { html, safeUrl } from '../../lib/html';
import {
  button,
  detailsEmail,
  detailsTable,
  type Email,
  footer,
  fromEmail,
  layout,
  lineRows,
  link,
  oneLine,
  type OrderRequest,
  orderRows,
  plural,
  SUPPORT_HOURS,
} from './layout';

export interface BuyerQuotesInput {
  /** The token of this e-mail's unsubscribe and "this wasn't me" links; rows written before they existed have none. */
  linkToken?: string | undefined;
  /** The From address's domain, where the mailto unsubscribe goes. */
  messageIdDomain: string;
  rfqId: string;
  productName: string;
  /** The sentence that says how many suppliers quoted for what, where. */
  matchingMessage: string;
  quotes: Quote[];
  publicUrl: string;
  /**
   * For a partner's request waiting for evidence of the buyer's address: the e-mail's links go
   * through this address (`/mail/open/{rfqId}/{proof}`), which records that the e-mail was opened
   * and forwards to the page the link names.
   */
  openUrl?: string | undefined;
  /** A request from the widget demo: said so at the top, with no quote to accept. */
  demo?: boolean;
}

function quoteRows(q: Quote): [string, string][] {
  if (q.lines) {
    return [
      ['Lines quoted', q.coverage?.text ?? String(q.lines.length)],
      ...lineRows(q.lines),
      ['Total excl. VAT', formatRand(q.totalPrice)],
      [`Total incl. VAT (${Math.round(q.vatRate * 100)}%)`, formatRand(q.totalPriceInclVat)],
      ['Lead time', `${q.leadTime} (the longest of its lines)`],
      ...(q.minimumOrder ? [['Minimum order', `${formatRand(q.minimumOrder)} excl. VAT`] as [string, string]] : []),
      ['Valid until', `${formatDate(q.validUntil)} (${q.validityPeriod})`],
      ['Payment terms', q.paymentTerms],
      ['Supplier contact', [q.supplier.contactPerson, q.supplier.email, q.supplier.phone].filter(Boolean).join(', ')],
      ['Supplier response', supplierResponseText(q.supplier.responseTimeHours)],
    ];
  }
  return [
    ['Unit price', `${formatRand(q.unitPrice)} excl. VAT per ${singularUnit(q.unit)}`],
    ['Total excl. VAT', formatRand(q.totalPrice)],
    [`Total incl. VAT (${Math.round(q.vatRate * 100)}%)`, formatRand(q.totalPriceInclVat)],
    ['B-BBEE', `${bbeeLabel(q.supplier.bbee)} · recognised ${formatRand(q.recognisedSpend)} (${q.supplier.bbee.recognitionPercent}%)`],
    ['Lead time', q.leadTime],
    ['Minimum order', formatQuantity(q.minimumOrderQuantity, q.unit)],
    ['Valid until', `${formatDate(q.validUntil)} (${q.validityPeriod})`],
    ['Payment terms', q.paymentTerms],
    // An imported supplier may have no contact person or phone yet: only what is known is listed.
    ['Supplier contact', [q.supplier.contactPerson, q.supplier.email, q.supplier.phone].filter(Boolean).join(', ')],
    ['Supplier response', supplierResponseText(q.supplier.responseTimeHours)],
  ];
}

/**
 * The tracking page with the accept confirmation open: the buyer confirms there, so a mail
 * scanner that follows every link never accepts a quote.
 */
/** The supplier's earned record, never a typed rating: "rated 4.6 from 12 buyers · Delivered on time …", or "New on Procura". */
function supplierRecordLine(q: Quote): string {
  const record = q.supplier.record;
  return !record || record.new ? 'New on Procura' : `rated ${record.ratingText} · ${record.text}`;
}

function acceptUrl(trackingUrl: string): string {
  return `${trackingUrl}?action=accept`;
}

/** The buyer's e-mail: every quote with its figures, note, contact, tracking link and accept button. */
export function buyerQuotesEmail(input: BuyerQuotesInput): Email {
  const n = input.quotes.length;
  // Anyone can type a product name and any address: the subject carries no text of theirs.
  const subject = `Procura${input.demo ? ' demo' : ''}: ${plural(n, 'quote', 'quotes')} for your request`;
  const home = `${input.publicUrl}/`;
  const demoNotice = `${DEMO_REQUEST_NOTICE} To order, send a request at`;
  // The results page accepts with the tokens of the link's fragment, in any browser; a fragment
  // reaches no server (the browser keeps it across /mail/open's redirect), log or Referer. A demo's
  // quotes cannot be accepted: its link carries only the e-mail's mark.
  const resultsUrl = `${input.openUrl ?? `${input.publicUrl}/quote-success?rfqId=${input.rfqId}`}#${input.demo ? FROM_EMAIL : compareFragment(input.quotes)}`;
  const trackingUrl = (q: Quote) => (input.openUrl && q.trackingToken ? `${input.openUrl}/${q.trackingToken}` : q.trackingUrl!);
  const viewUrl = (q: Quote) => fromEmail(trackingUrl(q));
  const acceptLink = (q: Quote) => fromEmail(acceptUrl(trackingUrl(q)));
  const links = input.linkToken
    ? {
        unsubscribe: `${input.publicUrl}/mail/unsubscribe/${input.linkToken}`,
        notMe: `${input.publicUrl}/mail/not-me/${input.linkToken}`,
        mailto: `mailto:unsubscribe@${input.messageIdDomain}?subject=unsubscribe%20${input.linkToken}`,
      }
    : undefined;

  const blocks = input.quotes.map(
    (q) => html`
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:1px solid #e2e8f0;border-radius:6px;">
<tr><td style="padding:12px 16px;background:#f8fafc;border-bottom:1px solid #e2e8f0;">
<span style="font-size:16px;font-weight:bold;">${q.rank}. ${q.supplier.name}</span>
<span style="display:inline-block;margin-left:8px;padding:2px 8px;border-radius:10px;background:#dbeafe;color:#1e40af;font-size:12px;">${POSITION_BADGES[q.aiInsights.competitivePosition]}</span><br>
<span style="font-size:13px;color:#475569;">${q.supplier.location}, ${q.supplier.province}${q.supplier.verified ? ' · verified' : ''} · ${supplierRecordLine(q)}</span>
</td></tr>
<tr><td style="padding:8px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;">
${quoteRows(q).map(
  ([label, value]) => html`<tr><td style="padding:3px 12px 3px 0;color:#475569;width:45%;vertical-align:top;">${label}</td>
<td style="padding:3px 0;font-weight:bold;vertical-align:top;">${value}</td></tr>`,
)}
</table>
<p style="margin:8px 0;font-size:13px;color:#334155;">${q.aiInsights.recommendation}</p>
<p style="margin:8px 0;font-size:12px;color:#64748b;">${q.notes} Quote reference ${q.id}.</p>
${
  q.trackingUrl
    ? html`<p style="margin:8px 0 4px;">${
        input.demo
          ? ''
          : html`<a href="${safeUrl(acceptLink(q))}" style="display:inline-block;margin:0 12px 8px 0;background:#15803d;color:#ffffff;text-decoration:none;padding:8px 14px;border-radius:6px;font-weight:bold;">Accept this quote</a>
`
      }<a href="${safeUrl(viewUrl(q))}" style="display:inline-block;margin:0 0 8px;color:#1d4ed8;font-weight:bold;">View this quote</a>
${q.trackingToken ? html`<a href="${safeUrl(`${input.publicUrl}${quotationPath(q.trackingToken)}`)}" style="display:inline-block;margin:0 0 8px 12px;color:#1d4ed8;">Quotation (PDF)</a>` : ''}</p>`
    : ''
}
</td></tr></table>`,
  );

  const body = html`${input.demo ? html`<p style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d97706;background:#fffbeb;">${demoNotice} <a href="${safeUrl(home)}" style="color:#1d4ed8;">${home}</a>.</p>` : ''}<p style="margin:0 0 16px;">${input.matchingMessage}</p>
${blocks}
<p style="margin:16px 0 8px;"><a href="${safeUrl(resultsUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:bold;">Compare all quotes</a></p>
<p style="margin:8px 0 0;font-size:13px;color:#475569;">Prices are indicative, from each supplier's price list. Contact a supplier directly to confirm price, stock and delivery, quoting the reference.</p>
${links ? html`<p style="margin:16px 0 0;font-size:12px;color:#64748b;">Someone asked Procura to send quotes to this address. Did you not ask for them? <a href="${safeUrl(links.notMe)}" style="color:#1d4ed8;">This wasn't me</a>. No more quote e-mails: <a href="${safeUrl(links.unsubscribe)}" style="color:#1d4ed8;">unsubscribe</a>.</p>` : ''}`;

  const text = [
    ...(input.demo ? [`${demoNotice} ${home}.`, ''] : []),
    input.matchingMessage,
    '',
    ...input.quotes.flatMap((q) => [
      `${q.rank}. ${q.supplier.name} (${POSITION_BADGES[q.aiInsights.competitivePosition]})`,
      `   ${q.supplier.location}, ${q.supplier.province}${q.supplier.verified ? ', verified' : ''}; ${supplierRecordLine(q)}`,
      ...quoteRows(q).map(([label, value]) => `   ${label}: ${value}`),
      `   ${q.aiInsights.recommendation}`,
      `   ${q.notes} Quote reference ${q.id}.`,
      ...(q.trackingUrl ? [...(input.demo ? [] : [`   Accept this quote: ${acceptLink(q)}`]), `   View this quote: ${viewUrl(q)}`] : []),
      ...(q.trackingUrl && q.trackingToken ? [`   Quotation (PDF): ${input.publicUrl}${quotationPath(q.trackingToken)}`] : []),
      '',
    ]),
    `Compare all quotes: ${resultsUrl}`,
    '',
    ...(links ? [`Did you not ask for these quotes? This wasn't me: ${links.notMe}`, `No more quote e-mails: ${links.unsubscribe}`, ''] : []),
    `Procura support: ${SUPPORT_HOURS} (South African time).`,
  ].join('\n');
  const headers = links
    ? // RFC 8058: a mail client's POST to the https address unsubscribes with no page in between.
      { 'List-Unsubscribe': `<${links.unsubscribe}>, <${links.mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : undefined;
  return { subject, html: layout(subject, input.matchingMessage, body), text, ...(headers ? { headers } : {}) };
}

export interface BuyerOrderInput {
  request: Pick<OrderRequest, 'productName' | 'quantity' | 'unit'>;
  quote: Quote;
  /** Procura's purchase order number of the order. */
  poNumber?: string | null;
  /** The buyer's tracking page of the quote, or the request's results page when no token is at hand. */
  quotesUrl: string;
}

/** What the buyer ordered from a quote: a basket's lines awarded to it (before that, every line it quotes), or the single product. */
function orderedGoods(request: BuyerOrderInput['request'], q: Quote): string {
  if (!q.lines) return `${formatQuantity(request.quantity, request.unit)} of ${request.productName}`;
  const ordered = q.lines.filter((l) => l.status === 'accepted');
  return (ordered.length > 0 ? ordered : q.lines).map((l) => `${formatQuantity(l.quantity, l.unit)} of ${l.productName}`).join(', ');
}

export interface BuyerOrderPlacedInput {
  request: BuyerOrderInput['request'];
  /** The orders one acceptance sent: a quote with the lines of its order alone, and its purchase order. */
  orders: { quote: Quote; poNumber: string | null }[];
  /** What the buyer gave when accepting (the same for every order of one acceptance). */
  given: { deliveryAddress: string | null; purchaseOrderReference: string | null };
  quotesUrl: string;
}

/**
 * The buyer's copy of what they just ordered: each purchase order, sent to its supplier and
 * awaiting the supplier's confirmation, with the PDFs attached.
 */
export function buyerOrderPlacedEmail(input: BuyerOrderPlacedInput): Email {
  const [first] = input.orders;
  const one = input.orders.length === 1 && first;
  const subject = one
    ? `Procura: ${first.poNumber ? `purchase order ${first.poNumber}` : 'your order'} was sent to ${first.quote.supplier.name}`
    : `Procura: your ${input.orders.length} purchase orders were sent`;
  const intro = one
    ? `Your order of ${orderedGoods(input.request, first.quote)} was sent to ${first.quote.supplier.name}, awaiting their confirmation. The purchase order is attached.`
    : `Your order was sent to ${input.orders.length} suppliers, awaiting their confirmation. The purchase orders are attached.`;
  const { deliveryAddress, purchaseOrderReference } = input.given;
  const shared: [string, string][] = [
    ...(purchaseOrderReference ? [['Your reference', purchaseOrderReference] as [string, string]] : []),
    ...(deliveryAddress ? [['Delivery address', oneLine(deliveryAddress)] as [string, string]] : []),
  ];
  const orders = input.orders.map(({ quote, poNumber }) => ({
    heading: `${poNumber ? `Purchase order ${poNumber}` : `Quote ${quote.id}`}: sent to ${quote.supplier.name}, awaiting confirmation`,
    rows: orderRows(quote),
  }));
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
${shared.length > 0 ? detailsTable(shared) : ''}
${orders.map((o) => html`<p style="margin:16px 0 8px;font-weight:bold;">${o.heading}</p>${detailsTable(o.rows)}`)}
<p style="margin:16px 0 0;">${button(input.quotesUrl, 'See your order')}</p>`;
  const text = [
    intro,
    '',
    ...shared.map(([label, value]) => `${label}: ${value}`),
    ...orders.flatMap((o) => ['', o.heading, ...o.rows.map(([label, value]) => `   ${label}: ${value}`)]),
    '',
    `See your order: ${input.quotesUrl}`,
    '',
    footer,
  ].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

/**
 * The buyer's notice that the supplier confirmed the accepted order, with where it goes and the
 * buyer's own reference as given for it (a basket's orders may each have their own).
 */
export function buyerOrderConfirmedEmail(input: BuyerOrderInput & { given: { deliveryAddress: string | null; purchaseOrderReference: string | null } }): Email {
  const q = input.quote;
  const subject = input.poNumber
    ? `Procura: ${q.supplier.name} confirmed purchase order ${input.poNumber}`
    : `Procura: ${q.supplier.name} confirmed your order`;
  const intro = `${q.supplier.name} confirmed your order of ${orderedGoods(input.request, q)} (${input.poNumber ? `purchase order ${input.poNumber}, ` : ''}quote ${q.id}). They will contact you about delivery and payment.`;
  const { deliveryAddress, purchaseOrderReference } = input.given;
  const rows: [string, string][] = [
    ...(input.poNumber ? [['Purchase order', input.poNumber] as [string, string]] : []),
    ...(purchaseOrderReference ? [['Your reference', purchaseOrderReference] as [string, string]] : []),
    ...(deliveryAddress ? [['Delivery address', oneLine(deliveryAddress)] as [string, string]] : []),
    ...orderRows(q),
    ['Supplier contact', [q.supplier.contactPerson, q.supplier.email, q.supplier.phone].filter(Boolean).join(', ')],
  ];
  return detailsEmail(subject, intro, rows, { url: input.quotesUrl, label: 'See your order' });
}

export interface BuyerOrderWithdrawnInput extends BuyerOrderInput {
  reason: string;
  /** How many of the request's quotes the buyer can still accept: for a basket, of those offering the withdrawn products. */
  acceptable: number;
}

/** The buyer's notice that the supplier withdrew, with its reason and the way back to the other quotes. */
export function buyerOrderWithdrawnEmail(input: BuyerOrderWithdrawnInput): Email {
  const q = input.quote;
  const subject = input.poNumber
    ? `Procura: ${q.supplier.name} withdrew from purchase order ${input.poNumber}`
    : `Procura: ${q.supplier.name} withdrew quote ${q.id}`;
  const intro = input.poNumber
    ? `${q.supplier.name} withdrew from your order of ${orderedGoods(input.request, q)} (purchase order ${input.poNumber}, quote ${q.id}); the purchase order is cancelled.`
    : `${q.supplier.name} withdrew the quote you accepted for ${orderedGoods(input.request, q)} (quote ${q.id}).`;
  const next = q.lines
    ? input.acceptable > 0
      ? `Those products are open again: ${plural(input.acceptable, 'other quote still offers', 'other quotes still offer')} them, and you can accept one.`
      : 'Those products are open again, but no quote you can still accept offers them: send a new request for them to get fresh quotes.'
    : input.acceptable > 0
      ? `Your request is open again: ${plural(input.acceptable, 'other quote is', 'other quotes are')} still valid, and you can accept one of them.`
      : 'Your request is open again, but none of its other quotes is still valid: send a new request to get fresh quotes.';
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
<p style="margin:0 0 8px;font-weight:bold;">Their reason</p>
<p style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #cbd5e1;background:#f8fafc;overflow-wrap:anywhere;word-break:break-word;">${input.reason}</p>
<p style="margin:0 0 16px;">${next}</p>
<p style="margin:0;">${button(input.quotesUrl, input.acceptable > 0 ? 'Choose another quote' : 'See your request')}</p>`;
  const text = [
    intro,
    '',
    `Their reason: ${input.reason}`,
    '',
    next,
    '',
    `${input.acceptable > 0 ? 'Choose another quote' : 'See your request'}: ${input.quotesUrl}`,
    '',
    footer,
  ].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

export interface BuyerQuoteFirmedInput extends BuyerOrderInput {
  /** The indicative unit price the quote was made at. */
  indicativeUnitPrice: number;
  /** A basket's quote: the lines its supplier just made firm (`L1` is the first). */
  lineIds?: readonly string[] | undefined;
}

/** The buyer's notice that a supplier made its quote firm: at the indicative price, or a changed one; a basket's, line by line. */
export function buyerQuoteFirmedEmail(input: BuyerQuoteFirmedInput): Email {
  const q = input.quote;
  if (q.lines) return basketLinesFirmedEmail(input, q.lines);
  const changed = q.unitPrice !== input.indicativeUnitPrice;
  const name = q.supplier.name;
  const subject = changed
    ? `Procura: ${name} changed its price to ${formatRand(q.unitPrice)} per ${singularUnit(q.unit)}`
    : `Procura: ${name} confirmed its price`;
  const intro = changed
    ? `${name} made its quote ${q.id} for ${formatQuantity(input.request.quantity, input.request.unit)} of ${input.request.productName} firm at ${formatRand(q.unitPrice)} per ${singularUnit(q.unit)} excl. VAT; the indicative price was ${formatRand(input.indicativeUnitPrice)}.`
    : `${name} confirmed its quote ${q.id} for ${formatQuantity(input.request.quantity, input.request.unit)} of ${input.request.productName}: the price of ${formatRand(q.unitPrice)} per ${singularUnit(q.unit)} excl. VAT is now firm.`;
  const rows: [string, string][] = [...orderRows(q), ...(q.supplierNote ? [['Note from the supplier', q.supplierNote] as [string, string]] : [])];
  return detailsEmail(subject, intro, rows, { url: input.quotesUrl, label: 'Compare your quotes' });
}

/** The buyer's notice that a supplier made lines of its basket quote firm: each with its firm price, and the quote as it now stands. */
function basketLinesFirmedEmail(input: BuyerQuoteFirmedInput, lines: NonNullable<Quote['lines']>): Email {
  const q = input.quote;
  const name = q.supplier.name;
  const firmed = lines.filter((l) => l.firmedAt && (input.lineIds ?? []).includes(l.lineId));
  const changed = firmed.filter((l) => l.indicativeUnitPrice !== undefined && l.indicativeUnitPrice !== l.unitPrice);
  const subject = changed.length > 0 ? `Procura: ${name} changed prices on quote ${q.id}` : `Procura: ${name} confirmed prices on quote ${q.id}`;
  const intro = `${name} made ${firmed.length === 1 ? 'the price' : 'the prices'} of ${firmed.map((l) => l.productName).join(', ')} on its quote ${q.id} firm. Its quote now comes to ${formatRand(q.totalPrice)} excl. VAT.`;
  const rows: [string, string][] = [...orderRows(q), ...(q.supplierNote ? [['Note from the supplier', q.supplierNote] as [string, string]] : [])];
  return detailsEmail(subject, intro, rows, { url: input.quotesUrl, label: 'Compare your quotes' });
}

export interface BuyerQuoteDeclinedInput extends BuyerOrderInput {
  reason: string;
  /** How many of the request's quotes the buyer can still accept: for a basket, of those offering the withdrawn products. */
  acceptable: number;
  /** A basket's quote whose supplier withdrew some of its lines only (`L1` is the first). */
  lineIds?: readonly string[] | undefined;
}

/** The buyer's notice that a supplier withdrew its quote, or some of a basket quote's products, before the buyer chose. */
export function buyerQuoteDeclinedEmail(input: BuyerQuoteDeclinedInput): Email {
  const q = input.quote;
  const products = (q.lines ?? []).filter((l) => (input.lineIds ?? []).includes(l.lineId)).map((l) => l.productName);
  const partly = products.length > 0 && q.status !== 'withdrawn';
  const subject = partly ? `Procura: ${q.supplier.name} withdrew products from quote ${q.id}` : `Procura: ${q.supplier.name} withdrew quote ${q.id}`;
  const intro = partly
    ? `${q.supplier.name} withdrew ${products.join(', ')} from its quote ${q.id}; the rest of its quote stands, now ${formatRand(q.totalPrice)} excl. VAT.`
    : `${q.supplier.name} withdrew its quote ${q.id} for ${formatQuantity(input.request.quantity, input.request.unit)} of ${input.request.productName}.`;
  const next =
    input.acceptable > 0
      ? `${plural(input.acceptable, 'other quote is', 'other quotes are')} still valid, and you can accept one of them.`
      : 'None of your request\u2019s other quotes is still valid: send a new request to get fresh quotes.';
  const body = html`<p style="margin:0 0 8px;font-weight:bold;">Their reason</p>
<p style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #cbd5e1;background:#f8fafc;overflow-wrap:anywhere;word-break:break-word;">${input.reason}</p>
<p style="margin:0 0 16px;">${next}</p>
<p style="margin:0;">${button(input.quotesUrl, 'See your quotes')}</p>`;
  const text = [intro, '', `Their reason: ${input.reason}`, '', next, '', `See your quotes: ${input.quotesUrl}`, '', footer].join('\n');
  return { subject, html: layout(subject, intro, html`<p style="margin:0 0 16px;">${intro}</p>${body}`), text };
}

export interface DataRequestMailInput {
  /** The page that shows the data: its token is in the fragment, which no server or log sees. */
  link: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

/** A buyer's one-time link to see, download and delete the data Procura holds for their address. */
export function dataRequestEmail(input: DataRequestMailInput): Email {
  const subject = 'Procura: the link to your data';
  const intro = 'You asked to see the data Procura holds for this e-mail address. This link shows it, lets you download it and delete it.';
  const validity = `The link works for ${input.validMinutes} minutes, and ends when you delete your data. If you did not ask, ignore this e-mail: nothing is shown without the link.`;
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
<p style="margin:0 0 16px;"><a href="${safeUrl(input.link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;">See my data</a></p>
<p style="margin:0 0 16px;">${link(input.link)}</p>
<p style="margin:0;color:#475569;">${validity}</p>`;
  const text = [intro, '', input.link, '', validity, '', `Procura support: ${SUPPORT_HOURS} (South African time).`].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}
