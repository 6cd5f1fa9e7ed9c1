// The e-mails a supplier receives: its leads, one by one or as a digest, the orders it won, the
// courtesy note when it was not selected, and its sign-in link.
import type { CompanySize } from '../../../sdk/rules';
import type { Quote } from '../../../sdk/schemas/rfq';
import { formatQuantity } from '../../../sdk/units';
import { formatDate, formatRand, possessive } from '../../../sdk/format';
import { html, type SafeHtml, safeUrl } from '../../lib/html';
import {
  button,
  detailsEmail,
  detailsTable,
  type Email,
  footer,
  layout,
  lineRows,
  link,
  oneLine,
  type OrderDetailsForMail,
  type OrderRequest,
  orderRows,
  signInLinkEmail,
  SUPPORT_HOURS,
} from './layout';

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

export interface SupplierSignInInput {
  /** `PUBLIC_URL/supplier/sign-in#sl_…`: the token rides in the fragment, which browsers never send. */
  link: string;
  supplierName: string;
  validMinutes: number;
}

/** A supplier user's one-time link into the supplier workspace. */
export function supplierSignInEmail(input: SupplierSignInInput): Email {
  const subject = `Sign in to ${input.supplierName} on Procura`;
  const intro = `Use this link to sign in to ${possessive(input.supplierName)} workspace on Procura: your leads, price list, delivery areas and terms.`;
  return signInLinkEmail(subject, intro, 'Sign in', input);
}

export interface SupplierInvoiceInput {
  number: string;
  /** "November 2026". */
  monthName: string;
  orders: number;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  /** The workspace's Billing tab, where the invoice and its PDF are kept. */
  billingUrl: string;
}

/** A month's tax invoice of success fees, to each of the supplier's people; its PDF is attached and kept in the workspace. */
export function supplierInvoiceEmail(input: SupplierInvoiceInput): Email {
  const rand = (cents: number) => formatRand(cents / 100);
  const subject = `Procura tax invoice ${input.number}: success fees of ${input.monthName}`;
  const intro = `Procura's tax invoice ${input.number} for the success fees on the orders you confirmed in ${input.monthName} is attached. It is kept with each order's fee under Billing in your workspace.`;
  return detailsEmail(
    subject,
    intro,
    [
      ['Invoice', input.number],
      ['Orders', String(input.orders)],
      ['Fees excl. VAT', rand(input.subtotalCents)],
      ['VAT', rand(input.vatCents)],
      ['Total incl. VAT', rand(input.totalCents)],
    ],
    { url: input.billingUrl, label: 'Open Billing' },
  );
}
