import { describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema, trackedQuoteResponseSchema, type Quote } from '../../../sdk/schemas/rfq';
import { centsToRand, formatRand, vatCents } from '../../../sdk/format';
import { SUPPLIER_MESSAGES, supplierLeadSchema, type SupplierLead } from '../../../contract/schemas/supplier-workspace';
import { MessageRenderer } from '../../mail-sender/renderer';
import { acceptQuote, getRfq as getRfqOf, requestMail, submitBasket as submitBasketTo } from '../../test/baskets';
import { startTestServerForFile, validRfq } from '../../test/harness';
import { lastSupplierAudit, signInSupplier } from '../../test/suppliers';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });

const submitBasket = () => submitBasketTo(server, 2);

let people = 0;
/** The first supplier's workspace on a fresh basket: the basket, that quote, and the headers its person sends. */
async function basketLead(i = 0) {
  const rfq = await submitBasket();
  const quote = rfq.quotes[i]!;
  const s = await signInSupplier(server, quote.supplier.id, `lines-${++people}-${quote.id.toLowerCase()}@supplier.example`);
  return { rfq, quote, headers: s.headers };
}

const firm = (quoteId: string, body: unknown, headers: Record<string, string>) =>
  server.request('POST', `/api/supplier/leads/${quoteId}/firm`, { body, headers });
const withdraw = (quoteId: string, body: unknown, headers: Record<string, string>) =>
  server.request('POST', `/api/supplier/leads/${quoteId}/decline`, { body, headers });
const accept = (token: string, body: Record<string, unknown> = {}) => acceptQuote(server, token, body);
const getRfq = (rfqId: string) => getRfqOf(server, rfqId);
const tracked = async (quote: Quote) =>
  trackedQuoteResponseSchema
    .parse((await server.request('GET', `/api/quotes/track/${quote.trackingToken}`)).json)
    .quote.rfq.quotes.find((q) => q.id === quote.id)!;
const leadOf = async (quoteId: string, headers: Record<string, string>): Promise<SupplierLead> =>
  ((await server.request('GET', '/api/supplier/leads', { headers })).json.leads as SupplierLead[]).find((l) => l.quoteId === quoteId)!;
const buyerMail = (rfqId: string, kind: string) => requestMail(server, rfqId, kind);
const render = (row: { kind: string; recipient: string; payload: string }) =>
  new MessageRenderer(server.database.db, { publicUrl: 'http://procura.test', messageIdDomain: 'procura.test' }, server.app.deps.market).render(row);
const cents = (rand: number) => Math.round(rand * 100);

describe("firming up a basket's lead line by line", () => {
  it('makes each named line firm at its price, keeps the indicative price, and the quote, the buyer’s page and e-mail follow', async () => {
    const { rfq, quote, headers } = await basketLead();
    const [l1, l2, l3] = quote.lines!;
    const res = await firm(
      quote.id,
      {
        lines: [
          { lineId: 'L1', unitPrice: 14.88 },
          { lineId: 'L2', unitPrice: l2!.unitPrice },
        ],
      },
      headers,
    );
    expect(res.status).toBe(200);
    const lead = supplierLeadSchema.parse(res.json);
    expect(lead.lines!.map((l) => [l.lineId, l.status, l.unitPrice, l.indicativeUnitPrice, l.firmedAt !== null])).toEqual([
      ['L1', 'open', 14.88, l1!.unitPrice, true],
      ['L2', 'open', l2!.unitPrice, l2!.unitPrice, true],
      ['L3', 'open', l3!.unitPrice, l3!.unitPrice, false],
    ]);
    // The quote's totals are its lines' at their firm prices, VAT on their sum.
    const totalCents = 1488 * l1!.quantity + cents(l2!.totalPrice) + cents(l3!.totalPrice);
    expect([lead.totalPrice, lead.totalPriceInclVat]).toEqual([centsToRand(totalCents), centsToRand(totalCents + vatCents(totalCents, quote.vatRate))]);
    // One line is still indicative: the quote is not firm yet.
    expect(lead.firmedAt).toBeNull();

    const seen = await tracked(quote);
    expect(seen.totalPrice).toBe(centsToRand(totalCents));
    expect(seen.vatAmount).toBe(centsToRand(vatCents(totalCents, quote.vatRate)));
    expect(seen.firmedAt).toBeUndefined();
    expect(seen.lines![0]).toMatchObject({
      unitPrice: 14.88,
      totalPrice: centsToRand(1488 * l1!.quantity),
      indicativeUnitPrice: l1!.unitPrice,
      status: 'offered',
    });
    expect(seen.lines![0]!.firmedAt).toBeDefined();
    expect(seen.lines![2]!.firmedAt).toBeUndefined();
    expect((await getRfq(rfq.rfqId)).quotes[0]!.totalPrice).toBe(centsToRand(totalCents));
    expect(await lastSupplierAudit(server, quote.supplier.id)).toEqual({ action: 'leads.firm', detail: `${quote.id} L1, L2` });

    const [mailed] = await buyerMail(rfq.rfqId, 'buyer-quote-firmed');
    const email = await render(mailed!);
    expect(email.subject).toBe(`Procura: ${quote.supplier.name} changed prices on quote ${quote.id}`);
    expect(email.text).toContain(
      `Hand Sanitizer 70% Alcohol: 200 litres at R14.88 per litre excl. VAT, ${formatRand(centsToRand(1488 * 200))}, firm (indicative ${formatRand(l1!.unitPrice)})`,
    );
    expect(email.text).toContain(`Total excl. VAT: ${formatRand(centsToRand(totalCents))}`);

    // A repeat changes nothing; the last indicative line made firm makes the quote firm.
    expect((await firm(quote.id, { lines: [{ lineId: 'L1', unitPrice: 14.88 }] }, headers)).status).toBe(200);
    expect(await buyerMail(rfq.rfqId, 'buyer-quote-firmed')).toHaveLength(1);
    const whole = supplierLeadSchema.parse((await firm(quote.id, { lines: [{ lineId: 'L3', unitPrice: l3!.unitPrice }] }, headers)).json);
    expect(whole.firmedAt).not.toBeNull();
    const firmQuote = await tracked(quote);
    expect(firmQuote.firmedAt).toBeDefined();
    expect(firmQuote.indicativeTotalPrice).toBe(quote.totalPrice);
    expect(firmQuote.totalPrice).toBe(centsToRand(totalCents));
  });

  it('refuses a line id not on the quote, a malformed body, and a single product’s lead given lines', async () => {
    const { quote, headers } = await basketLead();
    const missing = await firm(quote.id, { lines: [{ lineId: 'L9', unitPrice: 10 }] }, headers);
    expect([missing.status, missing.json]).toEqual([404, { error: { code: 'line_not_found', message: 'L9 is not a product of this quote.' } }]);
    const fields = async (body: unknown, send = firm) => {
      const res = await send(quote.id, body, headers);
      expect([res.status, res.json.error.code]).toEqual([400, 'validation_error']);
      return res.json.error.details.fields;
    };
    expect(await fields({ lines: [] })).toEqual({ lines: SUPPLIER_MESSAGES.lines });
    expect(await fields({ lines: [{ lineId: 'X1', unitPrice: 10 }] })).toEqual({ 'lines.0.lineId': SUPPLIER_MESSAGES.lineId });
    expect(await fields({ lines: [{ lineId: 'L1', unitPrice: 0 }] })).toEqual({ 'lines.0.unitPrice': SUPPLIER_MESSAGES.unitPrice });
    expect(
      await fields({
        lines: [
          { lineId: 'L1', unitPrice: 10 },
          { lineId: 'L1', unitPrice: 11 },
        ],
      }),
    ).toEqual({ lines: SUPPLIER_MESSAGES.lineTwice });
    expect(await fields({ unitPrice: 10, lines: [{ lineId: 'L1', unitPrice: 10 }] })).toEqual({ unitPrice: SUPPLIER_MESSAGES.basketLines });
    expect(await fields({ lineIds: [], reason: 'Out of stock' }, withdraw)).toEqual({ lineIds: SUPPLIER_MESSAGES.lineIds });
    expect(await fields({ lineIds: ['L1', 'L1'], reason: 'Out of stock' }, withdraw)).toEqual({ lineIds: SUPPLIER_MESSAGES.lineTwice });
    const missingLine = await withdraw(quote.id, { lineIds: ['L4'], reason: 'Out of stock' }, headers);
    expect([missingLine.status, missingLine.json.error.code]).toEqual([404, 'line_not_found']);
    // Nothing changed.
    expect((await leadOf(quote.id, headers)).lines!.every((l) => l.firmedAt === null)).toBe(true);

    const single = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq() })).json).quotes[0]!;
    const s = await signInSupplier(server, single.supplier.id, `single-${single.id.toLowerCase()}@supplier.example`);
    const res = await firm(single.id, { lines: [{ lineId: 'L1', unitPrice: 10 }] }, s.headers);
    expect([res.status, res.json.error.details.fields]).toEqual([400, { lines: SUPPLIER_MESSAGES.notBasket }]);
    const off = await withdraw(single.id, { lineIds: ['L1'], reason: 'Out of stock' }, s.headers);
    expect([off.status, off.json.error.details.fields]).toEqual([400, { lineIds: SUPPLIER_MESSAGES.notBasket }]);
    // The single product's firm-up still takes one unit price.
    expect((await firm(single.id, { unitPrice: 10 }, s.headers)).json.unitPrice).toBe(10);
  });
});

describe("withdrawing lines of a basket's lead", () => {
  it('takes them out of the quote with a reason the buyer sees, and refuses to answer them again', async () => {
    const { rfq, quote, headers } = await basketLead();
    const [l1, l2] = quote.lines!;
    const res = await withdraw(quote.id, { lineIds: ['L3'], reason: 'Refuse bags are out of stock until January' }, headers);
    expect(res.status).toBe(200);
    const lead = supplierLeadSchema.parse(res.json);
    expect(lead.status).toBe('offered');
    expect(lead.lines!.map((l) => [l.lineId, l.status, l.withdrawalReason])).toEqual([
      ['L1', 'open', null],
      ['L2', 'open', null],
      ['L3', 'withdrawn', 'Refuse bags are out of stock until January'],
    ]);
    const totalCents = cents(l1!.totalPrice) + cents(l2!.totalPrice);
    expect([lead.quantity, lead.unit, lead.totalPrice]).toEqual([2, 'products', centsToRand(totalCents)]);

    const seen = await tracked(quote);
    expect(seen.totalPrice).toBe(centsToRand(totalCents));
    expect(seen.totalPriceInclVat).toBe(centsToRand(totalCents + vatCents(totalCents, quote.vatRate)));
    expect(seen.coverage).toMatchObject({ covered: 2, total: 3, text: '2 of 3 lines' });
    expect(seen.lines![2]).toMatchObject({ status: 'withdrawn', withdrawalReason: 'Refuse bags are out of stock until January' });
    // The split no longer gives this supplier the withdrawn line.
    const split = (await getRfq(rfq.rfqId)).split!.split;
    expect(split.lines.find((l) => l.lineId === 'L3')!.quoteId).not.toBe(quote.id);
    expect(await lastSupplierAudit(server, quote.supplier.id)).toEqual({ action: 'leads.decline', detail: `${quote.id} L3` });

    const [mailed] = await buyerMail(rfq.rfqId, 'buyer-quote-declined');
    const email = await render(mailed!);
    expect(email.subject).toBe(`Procura: ${quote.supplier.name} withdrew products from quote ${quote.id}`);
    expect(email.text).toContain(
      `${quote.supplier.name} withdrew Refuse Bags from its quote ${quote.id}; the rest of its quote stands, now ${formatRand(centsToRand(totalCents))} excl. VAT.`,
    );
    expect(email.text).toContain('Their reason: Refuse bags are out of stock until January');

    // A withdrawn line can be neither withdrawn again nor made firm.
    const again = await withdraw(quote.id, { lineIds: ['L3'], reason: 'Still out of stock' }, headers);
    expect([again.status, again.json]).toEqual([409, { error: { code: 'line_not_open', message: 'You already withdrew Refuse Bags.' } }]);
    const priced = await firm(quote.id, { lines: [{ lineId: 'L3', unitPrice: 3 }] }, headers);
    expect([priced.status, priced.json.error.code]).toEqual([409, 'line_not_open']);

    // Withdrawing the last open lines withdraws the quote.
    const rest = supplierLeadSchema.parse((await withdraw(quote.id, { lineIds: ['L1', 'L2'], reason: 'No longer supplying this area' }, headers)).json);
    expect([rest.status, rest.withdrawalReason]).toEqual(['withdrawn', 'No longer supplying this area']);
    expect((await tracked(quote)).status).toBe('withdrawn');
  });

  it('refuses a line the buyer ordered, from this supplier or another', async () => {
    const { rfq, quote, headers } = await basketLead();
    const other = rfq.quotes[1]!;
    expect((await accept(other.trackingToken!, { lineIds: ['L1'] })).status).toBe(200);
    const elsewhere = await firm(quote.id, { lines: [{ lineId: 'L1', unitPrice: 10 }] }, headers);
    expect([elsewhere.status, elsewhere.json]).toEqual([
      409,
      { error: { code: 'line_not_open', message: 'The buyer already ordered Hand Sanitizer 70% Alcohol from another supplier.' } },
    ]);
    const s = await signInSupplier(server, other.supplier.id, `ordered-${other.id.toLowerCase()}@supplier.example`);
    const own = await withdraw(other.id, { lineIds: ['L1'], reason: 'Out of stock after all' }, s.headers);
    expect([own.status, own.json]).toEqual([
      409,
      { error: { code: 'line_not_open', message: 'The buyer already ordered Hand Sanitizer 70% Alcohol from you.' } },
    ]);
    // A line it still offers can be answered on the quote already ordered from.
    const open = await firm(other.id, { lines: [{ lineId: 'L2', unitPrice: 9.5 }] }, s.headers);
    expect([open.status, supplierLeadSchema.parse(open.json).lines!.find((l) => l.lineId === 'L2')!.unitPrice]).toEqual([200, 9.5]);
  });
});

describe('a basket lead after another supplier’s order', () => {
  it('shows only the products still open to it, counted and totalled, and those ordered from it as ordered', async () => {
    const { rfq, quote, headers } = await basketLead();
    const other = rfq.quotes[1]!;
    expect((await accept(other.trackingToken!, { lineIds: ['L2'] })).status).toBe(200);
    const lead = await leadOf(quote.id, headers);
    expect(lead.lines!.map((l) => [l.lineId, l.status])).toEqual([
      ['L1', 'open'],
      ['L3', 'open'],
    ]);
    const [l1, , l3] = quote.lines!;
    const totalCents = cents(l1!.totalPrice) + cents(l3!.totalPrice);
    expect([lead.quantity, lead.unit, lead.productName, lead.totalPrice, lead.totalPriceInclVat]).toEqual([
      2,
      'products',
      'Hand Sanitizer 70% Alcohol and 1 more product',
      centsToRand(totalCents),
      centsToRand(totalCents + vatCents(totalCents, quote.vatRate)),
    ]);

    // The supplier ordered from sees its ordered line as ordered, beside those still open to it.
    const s = await signInSupplier(server, other.supplier.id, `after-${other.id.toLowerCase()}@supplier.example`);
    const won = await leadOf(other.id, s.headers);
    expect(won.lines!.map((l) => [l.lineId, l.status, l.ordered])).toEqual([
      ['L1', 'open', false],
      ['L2', 'ordered', true],
      ['L3', 'open', false],
    ]);
    expect(won.quantity).toBe(3);
  });
});

describe('withdrawing the last offer of a product once the rest of the basket was ordered', () => {
  it('leaves nothing to order: the request is awarded and the quotes with nothing left are not selected', async () => {
    const { rfq, quote, headers } = await basketLead(1);
    const ordered = rfq.quotes[0]!;
    expect((await accept(ordered.trackingToken!, { lineIds: ['L1', 'L2'] })).status).toBe(200);
    // Only this supplier still offers the last product.
    const quoteIds = rfq.quotes.filter((q) => q.id !== quote.id).map((q) => Number(q.id.slice(2)));
    await server.database.db
      .updateTable('quote_lines')
      .set({ status: 'withdrawn' })
      .where('quote_id', 'in', quoteIds)
      .where('status', '=', 'offered')
      .execute();
    expect((await getRfq(rfq.rfqId)).status).toBe('open');

    const res = await withdraw(quote.id, { lineIds: ['L3'], reason: 'Refuse bags are out of stock until January' }, headers);
    expect([res.status, res.json.status]).toEqual([200, 'withdrawn']);
    const after = await getRfq(rfq.rfqId);
    expect(after.status).toBe('awarded');
    expect(after.quotes.map((q) => q.status)).toEqual(['accepted', 'withdrawn', ...rfq.quotes.slice(2).map(() => 'not_selected')]);
  });
});
