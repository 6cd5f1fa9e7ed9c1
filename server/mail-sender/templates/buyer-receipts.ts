// The e-mails that ask a buyer to confirm receipt of an order: the supplier's word that it
// delivered, and the one reminder after the promised day. Both link to the receipt form.
import type { Quote } from '../../../sdk/schemas/rfq';
import { formatDate } from '../../../sdk/format';
import { html } from '../../lib/html';
import { button, detailsTable, type Email, footer, layout } from './layout';

export interface BuyerReceiptInput {
  quote: Quote;
  poNumber: string | null;
  /** The order's promised day: a receipt on or before it is on time. */
  promisedOn: string | null;
  /** The day the supplier says it delivered, once it said so. */
  deliveredOn: string | null;
  /** The receipt form (`/quote/{token}?action=receipt`), or the results page when no token is at hand. */
  receiptUrl: string;
}

function rows(input: BuyerReceiptInput): [string, string][] {
  return [
    ...(input.poNumber ? [['Purchase order', input.poNumber] as [string, string]] : []),
    ['Quote reference', input.quote.id],
    ...(input.promisedOn ? [['Promised for', formatDate(input.promisedOn)] as [string, string]] : []),
    ...(input.deliveredOn ? [['Delivered on, says the supplier', formatDate(input.deliveredOn)] as [string, string]] : []),
  ];
}

function receiptEmail(input: BuyerReceiptInput, subject: string, intro: string): Email {
  const ask =
    'Tell us the day it arrived, whether everything arrived, and rate the supplier from 1 to 5. It takes a minute, and other buyers see how the supplier delivers.';
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
${detailsTable(rows(input))}
<p style="margin:16px 0;">${ask}</p>
<p style="margin:0;">${button(input.receiptUrl, 'Confirm receipt')}</p>`;
  const text = [intro, '', ...rows(input).map(([label, value]) => `${label}: ${value}`), '', ask, '', `Confirm receipt: ${input.receiptUrl}`, '', footer].join(
    '\n',
  );
  return { subject, html: layout(subject, intro, body), text };
}

/** The buyer's notice that the supplier says it delivered, asking them to confirm receipt. */
export function buyerOrderDeliveredEmail(input: BuyerReceiptInput): Email {
  const name = input.quote.supplier.name;
  const on = input.deliveredOn ? formatDate(input.deliveredOn) : 'a day it gave';
  const subject = `Procura: ${name} says your order was delivered on ${on}`;
  const intro = `${name} says your order${input.poNumber ? ` (purchase order ${input.poNumber})` : ''} was delivered on ${on}. Did it arrive?`;
  return receiptEmail(input, subject, intro);
}

/** The one reminder to confirm receipt of an order. */
export function buyerReceiptReminderEmail(input: BuyerReceiptInput): Email {
  const name = input.quote.supplier.name;
  const subject = `Procura: did your order from ${name} arrive?`;
  const intro = `Your order from ${name}${input.poNumber ? ` (purchase order ${input.poNumber})` : ''} was due${input.promisedOn ? ` by ${formatDate(input.promisedOn)}` : ''}. Please confirm whether it arrived. This is the only reminder we send.`;
  return receiptEmail(input, subject, intro);
}
