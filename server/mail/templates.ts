// Kept whole: every e-mail's template with the layout and table helpers they share, so they look
// alike.
import { DEMO_REQUEST_NOTICE, supplierResponseText } from '../../sdk/buyer-notices';
import { formatQuantity, perUnit, singularUnit } from '../../sdk/units';
import { POSITION_BADGES } from '../../sdk/quote-status';
import type { CompanySize } from '../../sdk/rules';
import type { Quote } from '../../sdk/schemas/rfq';
import { formatDate, formatRand, vatCents } from '../../sdk/format';
import { bbeeLabel } from '../../sdk/bbee';
import { compareFragment, FROM_EMAIL, quotationPath } from '../../contract/buyer-links';
import { html, safeUrl, type SafeHtml } from './html';

/** Spec section 1: support hours, stated wherever a buyer may need help. */
const SUPPORT_HOURS = 'Monday-Friday 8AM-5PM';

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// Table layout with inline styles: what mail clients render reliably, images or not.
function layout(title: string, preheader: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;">
<div style="display:none;max-height:0;overflow:hidden;">${preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e2e8f0;font-size:20px;font-weight:bold;color:#1d4ed8;">Procura</td></tr>
<tr><td style="padding:20px 24px;font-size:15px;line-height:1.5;">${body}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#64748b;">Procura support: ${SUPPORT_HOURS} (South African time).</td></tr>
</table></td></tr></table></body></html>`.value;
}

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

/** A basket quote's lines, one row each: what, how many, at what price, and whether the price is firm or the line withdrawn. */
function lineRows(lines: NonNullable<Quote['lines']>): [string, string][] {
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
function acceptUrl(trackingUrl: string): string {
  return `${trackingUrl}?action=accept`;
}

/** A link of the buyer's own e-mail to a quote page: its fragment marks the view as theirs (`contract/buyer-links.ts`). */
export function fromEmail(url: string): string {
  return `${url}#${FROM_EMAIL}`;
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
<span style="font-size:13px;color:#475569;">${q.supplier.location}, ${q.supplier.province} · rated ${q.supplier.rating.toFixed(1)}/5${q.supplier.verified ? ' · verified' : ''}</span>
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
      `   ${q.supplier.location}, ${q.supplier.province}; rated ${q.supplier.rating.toFixed(1)}/5${q.supplier.verified ? ', verified' : ''}`,
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

export interface SupplierLeadInput {
  /**
   * What Procura matched the product to: the catalogue item's name, else its category's. The
   * subject and headings name it, never the buyer's words, which anyone may type.
   */
  productName: string;
  /** What the buyer typed for each product, in order (one for a single request): shown only as their quoted words. */
  buyerWords: string[];
  quantity: number;
  unit: string;
  deliveryLocation: string;
  budgetRange: string | null;
  /** The quote sent in the supplier's name; a basket's lines named as Procura matched them. */
  quote: Quote;
  /** The lead in the supplier workspace, where it is made firm or declined. */
  workspaceUrl: string;
}

const BUDGET_LABELS: Record<string, string> = {
  'under-10k': 'under R10,000',
  '10k-50k': 'R10,000 to R50,000',
  '50k-100k': 'R50,000 to R100,000',
  '100k-500k': 'R100,000 to R500,000',
  'over-500k': 'over R500,000',
};

/** What a lead asks for, in a subject or heading: '40 litres of Household Bleach', or a basket's '3 products'. */
function leadWhat(input: SupplierLeadInput): string {
  const lines = input.quote.lines;
  return lines ? `${lines.length} ${lines.length === 1 ? 'product' : 'products'}` : `${formatQuantity(input.quantity, input.unit)} of ${input.productName}`;
}

/** The buyer's own words for what they asked, quoted, where they say more than Procura's names for it. */
function buyerWordsRow(input: SupplierLeadInput): [string, string][] {
  const names = input.quote.lines?.map((l) => l.productName) ?? [input.productName];
  const quoted = input.buyerWords.filter((words, i) => words.trim().toLowerCase() !== names[i]?.toLowerCase()).map((words) => `“${words}”`);
  return quoted.length === 0 ? [] : [[quoted.length === 1 ? 'The buyer wrote' : 'The buyer’s words', quoted.join('; ')]];
}

/**
 * A lead's details, as its own e-mail and a digest show them. Nothing of the buyer's contact: a
 * supplier has it only with the order, once the buyer accepts its quote, as the workspace shows.
 */
function leadRows(input: SupplierLeadInput): [string, string][] {
  const q = input.quote;
  return [
    ...(q.lines
      ? lineRows(q.lines)
      : [['Product', input.productName] as [string, string], ['Quantity', formatQuantity(input.quantity, input.unit)] as [string, string]]),
    ...buyerWordsRow(input),
    ['Delivery to', input.deliveryLocation],
    ...(input.budgetRange ? [['Budget', BUDGET_LABELS[input.budgetRange] ?? input.budgetRange] as [string, string]] : []),
    ['Quote reference', q.id],
    ...(q.lines ? [] : [['Quoted unit price', `${formatRand(q.unitPrice)} excl. VAT`] as [string, string]]),
    ['Quoted total', `${formatRand(q.totalPrice)} excl. VAT, ${formatRand(q.totalPriceInclVat)} incl. VAT`],
    ['Lead time', q.leadTime],
    ['Valid until', formatDate(q.validUntil)],
    ['Payment terms', q.paymentTerms],
  ];
}

const WORKSPACE_LINK = 'Make this price firm or decline, in your supplier workspace';
const CONTACT_AFTER = 'If the buyer accepts your quote, Procura sends you their order with their contact details.';

/** A lead's link into the workspace. */
function leadLink(input: SupplierLeadInput): SafeHtml {
  return html`<p style="margin:16px 0 0;"><a href="${safeUrl(input.workspaceUrl)}" style="color:#1d4ed8;font-weight:bold;">${WORKSPACE_LINK}</a></p>`;
}

/** The lead a matched supplier receives: the request and the quote sent in its name. */
export function supplierLeadEmail(input: SupplierLeadInput): Email {
  const subject = `Procura lead: ${leadWhat(input)} to ${input.deliveryLocation}`;
  const rows = leadRows(input);
  const intro = `A buyer asked Procura for quotes and you were matched. We sent them the quote below in your name, from your price list dated ${formatDate(input.quote.priceListDate)}. ${CONTACT_AFTER}`;
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
${detailsTable(rows)}
${leadLink(input)}`;
  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${WORKSPACE_LINK}: ${input.workspaceUrl}`,
    '',
    `Procura support: ${SUPPORT_HOURS} (South African time).`,
  ].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

/**
 * The leads of a supplier's digest window in one e-mail, oldest first: each with its details and
 * its own link into the workspace, as its own e-mail would have had.
 */
export function supplierLeadDigestEmail(input: { leads: SupplierLeadInput[]; windowMinutes: number }): Email {
  const count = input.leads.length;
  const window = input.windowMinutes === 60 ? 'hour' : `${input.windowMinutes} minutes`;
  const subject = `Procura: ${count} new ${count === 1 ? 'lead' : 'leads'} in the last ${window}`;
  const intro = `Buyers asked Procura for quotes and you were matched ${count === 1 ? 'once' : `${count} times`}. We sent each the quote below in your name, from your price list. ${CONTACT_AFTER} You chose a digest every ${window}; change it under Your details in the workspace.`;
  const sections = input.leads.map(
    (lead, i) => html`<h2 style="font-size:16px;margin:24px 0 8px;">${i + 1}. ${leadWhat(lead)} to ${lead.deliveryLocation}</h2>
${detailsTable(leadRows(lead))}
${leadLink(lead)}`,
  );
  const body = html`<p style="margin:0 0 8px;">${intro}</p>
${sections}`;
  const text = [
    intro,
    ...input.leads.flatMap((lead, i) => [
      '',
      `${i + 1}. ${leadWhat(lead)} to ${lead.deliveryLocation}`,
      ...leadRows(lead).map(([label, value]) => `${label}: ${value}`),
      `${WORKSPACE_LINK}: ${lead.workspaceUrl}`,
    ]),
    '',
    `Procura support: ${SUPPORT_HOURS} (South African time).`,
  ].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

export interface PartnerMailInput {
  partnerId: string;
  companyName: string;
  contactName: string;
  contactEmail: string;
  website: string;
  businessType: string;
  integrationType: string;
  monthlyTraffic: string;
  useCase: string;
  publicUrl: string;
}

/** Label and value rows as an e-mail-safe table. */
function detailsTable(rows: [string, string][]): SafeHtml {
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;border:1px solid #e2e8f0;border-radius:6px;">
${rows.map(
  ([label, value]) => html`<tr><td style="padding:6px 12px;color:#475569;width:40%;border-bottom:1px solid #f1f5f9;vertical-align:top;">${label}</td>
<td style="padding:6px 12px;font-weight:bold;border-bottom:1px solid #f1f5f9;vertical-align:top;overflow-wrap:anywhere;word-break:break-word;">${value}</td></tr>
`,
)}
</table>`;
}

/** A web address as a link that wraps anywhere, so a long one never widens a phone's screen. */
function link(url: string): SafeHtml {
  return html`<a href="${safeUrl(url)}" style="color:#1d4ed8;overflow-wrap:anywhere;word-break:break-word;">${url}</a>`;
}

/** The new partner's welcome: their partner ID, where to start, and what to do without the key. Never the key. */
export function partnerWelcomeEmail(input: PartnerMailInput): Email {
  const subject = 'Welcome to Procura partners';
  const registerUrl = `${input.publicUrl}/api-registration`;
  // Nothing the registering caller typed (name, company, website) is repeated: anyone can register
  // with anyone's address, and this e-mail must not carry a stranger's words to it.
  const intro = `Hello, this address was given when registering a Procura partner account. The partner ID is ${input.partnerId}. If you did not register, you can ignore this e-mail: nothing is sent to this address again without a new registration.`;
  // The key is stored only as a hash, and the partner area and key rotation both authenticate
  // with it: a lost key cannot be recovered, only replaced by registering again.
  const keyBefore =
    'Your API key was shown once, when you registered. We keep only a fingerprint of it, so nobody can send it to you again, and both signing in to the partner area and issuing a new key need the current key. If you did not keep it, register again at';
  const keyAfter = ': you get a new partner ID and key straight away. Then put the new partner ID in your widget snippet and data API calls.';
  const links: [string, string][] = [
    ['Widget configurator: your snippet', `${input.publicUrl}/widget-configurator`],
    ['API documentation', `${input.publicUrl}/docs`],
    ['Partner area: earnings and key rotation', `${input.publicUrl}/partners`],
  ];
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
<p style="margin:0 0 16px;">${keyBefore} ${link(registerUrl)}${keyAfter}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;border:1px solid #e2e8f0;border-radius:6px;table-layout:fixed;">
${links.map(
  ([label, url]) => html`<tr><td style="padding:8px 12px;border-bottom:1px solid #f1f5f9;"><span style="color:#475569;">${label}</span><br>
${link(url)}</td></tr>`,
)}
</table>`;
  const text = [
    intro,
    '',
    `${keyBefore} ${registerUrl}${keyAfter}`,
    '',
    ...links.map(([label, url]) => `${label}: ${url}`),
    '',
    `Procura support: ${SUPPORT_HOURS} (South African time).`,
  ].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

/** The partners team's notice of a registration. */
export function partnerRegisteredEmail(input: PartnerMailInput): Email {
  const subject = `New partner: ${input.companyName} (${input.integrationType})`;
  const intro = `${input.companyName} registered as a partner.`;
  const rows: [string, string][] = [
    ['Partner id', input.partnerId],
    ['Contact', `${input.contactName} <${input.contactEmail}>`],
    ['Website', input.website],
    ['Business type', input.businessType],
    ['Integration', input.integrationType],
    ['Monthly traffic', input.monthlyTraffic],
    ['Use case', input.useCase],
  ];
  const body = html`<p style="margin:0 0 16px;">${intro}</p>${detailsTable(rows)}`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

export interface DemoRequestMailInput {
  demoRequestId: number;
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  /** The band's words, or null when not given. */
  monthlySpend: string | null;
  currentSuppliers: string;
  painPoints: string;
  publicUrl: string;
}

/** The sales team's notice of a demo booking: who, how to reach them, and where the prospect waits. Replies go to the requester. */
export function demoRequestEmail(input: DemoRequestMailInput): Email {
  const subject = `Demo request: ${input.companyName}`;
  const intro = `${input.contactPerson} of ${input.companyName} booked a demo. The site promises a reply within 24 hours.`;
  const rows: [string, string][] = [
    ['Company', input.companyName],
    ['Name', input.contactPerson],
    ['E-mail', input.email],
    ['Phone', input.phone],
    ['Monthly spend', input.monthlySpend ?? 'Not given'],
    ['Current suppliers', input.currentSuppliers || 'Not given'],
    ['Biggest challenge', input.painPoints || 'Not given'],
  ];
  const dashboard = `${input.publicUrl}/customer-dashboard`;
  const body = html`<p style="margin:0 0 16px;">${intro}</p>${detailsTable(rows)}
<p style="margin:16px 0 0;">The request is a new prospect in the ${link(dashboard)} Prospect List (source: demo request).</p>`;
  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `The request is a new prospect in the Prospect List (source: demo request): ${dashboard}`,
  ].join('\n');
  return { subject, html: layout(subject, intro, body), text, headers: { 'Reply-To': input.email } };
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

/** A plain button link, as wide as its text, that mail clients render without images or CSS files. */
function button(url: string, label: string): SafeHtml {
  return html`<a href="${safeUrl(url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:bold;">${label}</a>`;
}

const footer = `Procura support: ${SUPPORT_HOURS} (South African time).`;

/** The figures of an accepted order, as both sides read them. */
function orderRows(q: Quote): [string, string][] {
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
function oneLine(text: string): string {
  return text
    .split(/\s*\n\s*/)
    .filter(Boolean)
    .join(', ');
}

export interface SupplierOrderInput {
  request: OrderRequest;
  quote: Quote;
  /** Procura's purchase order number, the one the supplier's invoice names. */
  poNumber?: string | null;
  /** Null once the buyer's personal data was deleted. */
  buyer: ({ email: string; contactName: string | null; companyName: string | null } & OrderDetailsForMail) | null;
  companySize: CompanySize | null;
  /** The supplier's response page: confirm the order, or withdraw with a reason. */
  responseUrl: string;
}

/** The accepted supplier's order: the buyer's contact, the order, and the link to confirm or withdraw. */
export function supplierOrderEmail(input: SupplierOrderInput): Email {
  const q = input.quote;
  // The subject carries nothing a buyer typed: the purchase order and quote references name the order.
  const subject = input.poNumber
    ? `Procura purchase order ${input.poNumber}: the buyer accepted your quote ${q.id}`
    : `Procura order: the buyer accepted your quote ${q.id}`;
  const intro = `Good news, ${q.supplier.name}: a buyer accepted your Procura quote ${q.id}. Please confirm the order, or withdraw with a reason if you cannot supply it, so the buyer can choose another quote.`;
  const given = (value: string | null | undefined) => value ?? 'Not given';
  const b = input.buyer;
  const buyer: [string, string][] = b
    ? [
        ['E-mail', b.email],
        ['Phone', given(b.phone)],
        ['Name', given(b.contactName)],
        ['Company', given(b.companyName)],
        ['VAT number', given(b.vatNumber)],
        ['Company size', input.companySize ? `${input.companySize} employees` : 'Not given'],
      ]
    : [['Buyer', 'Their contact details were deleted, as Procura does 72 hours after a request ends.']];
  const order: [string, string][] = [
    ...(input.poNumber ? [['Purchase order', `${input.poNumber} (name it on your tax invoice)`] as [string, string]] : []),
    ...(b?.purchaseOrderReference ? [['Buyer’s reference', b.purchaseOrderReference] as [string, string]] : []),
    // A basket's products are its lines, listed with the order.
    ...(q.lines
      ? []
      : ([
          ['Product', input.request.productName],
          ...(input.request.productDescription ? [['Description', input.request.productDescription] as [string, string]] : []),
          ['Quantity', formatQuantity(input.request.quantity, input.request.unit)],
        ] as [string, string][])),
    ...(b?.deliveryAddress ? [['Delivery address', oneLine(b.deliveryAddress)] as [string, string]] : []),
    ['Delivery to', input.request.deliveryLocation],
    ...orderRows(q),
  ];
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
<p style="margin:0 0 8px;font-weight:bold;">The buyer</p>
${detailsTable(buyer)}
<p style="margin:16px 0 8px;font-weight:bold;">The order</p>
${detailsTable(order)}
<p style="margin:16px 0 8px;">${button(input.responseUrl, 'Confirm or withdraw')}</p>
<p style="margin:0 0 8px;font-size:13px;color:#475569;">The link is yours alone: anyone holding it can answer for you. ${link(input.responseUrl)}</p>`;
  const text = [
    intro,
    '',
    'The buyer',
    ...buyer.map(([label, value]) => `   ${label}: ${value}`),
    '',
    'The order',
    ...order.map(([label, value]) => `   ${label}: ${value}`),
    '',
    `Confirm or withdraw: ${input.responseUrl}`,
    'The link is yours alone: anyone holding it can answer for you.',
    '',
    footer,
  ].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

export interface SupplierNotSelectedInput {
  request: Pick<OrderRequest, 'productName' | 'quantity' | 'unit' | 'deliveryLocation'>;
  quote: Quote;
  /** `awarded`: the buyer accepted another quote; `closed`: the buyer ended the request without one. */
  outcome: 'awarded' | 'closed';
}

/** The short courtesy note to a supplier whose quote was not selected. */
export function supplierNotSelectedEmail(input: SupplierNotSelectedInput): Email {
  const q = input.quote;
  const subject = `Procura: your quote ${q.id} was not selected`;
  const what = `${formatQuantity(input.request.quantity, input.request.unit)} of ${input.request.productName} to ${input.request.deliveryLocation}`;
  const intro =
    input.outcome === 'awarded'
      ? `Thank you for quoting on ${what}. The buyer accepted another supplier's quote, so your quote ${q.id} was not selected.`
      : `Thank you for quoting on ${what}. The buyer closed the request without choosing a supplier, so your quote ${q.id} was not selected.`;
  const after = 'Nothing is needed from you. Keeping your price list and delivery areas up to date helps you win the next request.';
  const body = html`<p style="margin:0 0 16px;">${intro}</p><p style="margin:0;">${after}</p>`;
  return { subject, html: layout(subject, intro, body), text: [intro, '', after, '', footer].join('\n') };
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
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
${detailsTable(rows)}
<p style="margin:16px 0 0;">${button(input.quotesUrl, 'See your order')}</p>`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', `See your order: ${input.quotesUrl}`, '', footer].join('\n');
  return { subject, html: layout(subject, intro, body), text };
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

export interface SupplierSignInInput {
  /** `PUBLIC_URL/supplier/sign-in#sl_…`: the token rides in the fragment, which browsers never send. */
  link: string;
  supplierName: string;
  validMinutes: number;
}

/** A supplier user's one-time link into the supplier workspace. */
export function supplierSignInEmail(input: SupplierSignInInput): Email {
  const subject = `Sign in to ${input.supplierName} on Procura`;
  const intro = `Use this link to sign in to ${input.supplierName}'s workspace on Procura: your leads, price list, delivery areas and terms.`;
  const validity = `The link works once, within ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.`;
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
<p style="margin:0 0 16px;">${button(input.link, 'Sign in')}</p>
<p style="margin:0 0 16px;">${link(input.link)}</p>
<p style="margin:0;color:#475569;">${validity}</p>`;
  const text = [intro, '', input.link, '', validity, '', footer].join('\n');
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
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
${detailsTable(rows)}
<p style="margin:16px 0 0;">${button(input.quotesUrl, 'Compare your quotes')}</p>`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', `Compare your quotes: ${input.quotesUrl}`, '', footer].join('\n');
  return { subject, html: layout(subject, intro, body), text };
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
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
${detailsTable(rows)}
<p style="margin:16px 0 0;">${button(input.quotesUrl, 'Compare your quotes')}</p>`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', `Compare your quotes: ${input.quotesUrl}`, '', footer].join('\n');
  return { subject, html: layout(subject, intro, body), text };
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
