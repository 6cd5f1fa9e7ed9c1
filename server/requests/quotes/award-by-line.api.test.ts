import { describe, expect, it } from 'vitest';
import { quoteActionResponseSchema, rfqSubmitResponseSchema, trackedQuoteResponseSchema, type Rfq, type RfqSubmitResponse } from '../../../sdk/schemas/rfq';
import { supplierResponseSchema } from '../../../sdk/schemas/supplier-responses';
import { formatRand } from '../../../sdk/format';
import { formatQuantity } from '../../../sdk/units';
import { perUnit } from '../../../sdk/rules';
import { MessageRenderer } from '../../mail-sender/renderer';
import { parseTrackingToken } from '../../lib/ids';
import { pdfText } from '../../test/pdf-text';
import { acceptQuote, getRfq as getRfqOf, submitBasket as submitBasketTo } from '../../test/baskets';
import { validOrder, validRfq, startTestServerForFile } from '../../test/harness';
import { listLeads } from '../supplier-leads/supplier-leads.service';
import type { SupplierMember } from '../../supplier/supplier-users.service';
import { signInSupplier } from '../../test/suppliers';
import { SUPPLIER_MESSAGES } from '../../../contract/schemas/supplier-workspace';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });

const submitBasket = () => submitBasketTo(server, 3);

const accept = (token: string, body: Record<string, unknown> = {}) => acceptQuote(server, token, body);
const acceptSplit = (token: string) => server.request('POST', `/api/quotes/track/${token}/accept-split`, { body: validOrder() });
const getRfq = (rfqId: string) => getRfqOf(server, rfqId);
const lineStatuses = (rfq: Rfq, quoteIndex: number) => rfq.quotes[quoteIndex]!.lines!.map((l) => `${l.lineId}:${l.status}`);
const mail = (rfqId: string) =>
  server.database.db
    .selectFrom('outbox')
    .select(['kind', 'recipient', 'payload'])
    .where('payload', 'like', `%"rfqId":"${rfqId}"%`)
    .where('kind', 'in', ['supplier-order', 'supplier-not-selected', 'buyer-order-withdrawn'])
    .orderBy('id')
    .execute();
const quoteIdOf = (rfq: RfqSubmitResponse, i: number) => parseTrackingToken(rfq.quotes[i]!.trackingToken!)!.quoteId;

/** Makes quote `i` the cheapest for the lines `cheap` (by far), so the split is known in advance. */
async function priceLines(rfq: RfqSubmitResponse, assignment: Record<number, number[]>): Promise<void> {
  const { db } = server.database;
  for (const [i, cheap] of Object.entries(assignment)) {
    await db
      .updateTable('quote_lines')
      .set({ total_cents: 100 })
      .where('quote_id', '=', quoteIdOf(rfq, Number(i)))
      .where('line_no', 'in', cheap)
      .execute();
  }
}

async function orderText(rfqId: string, recipient: string): Promise<string> {
  const row = (await mail(rfqId)).find((m) => m.kind === 'supplier-order' && m.recipient === recipient)!;
  const renderer = new MessageRenderer(server.database.db, { publicUrl: 'http://procura.test', messageIdDomain: 'procura.test' }, server.app.deps.market);
  return (await renderer.render(row)).text;
}

describe('accepting some lines of a basket', () => {
  it('awards only those lines, keeps the rest open for the others, and awards the request once no line is left', async () => {
    const rfq = await submitBasket();
    const [a, b] = [rfq.quotes[0]!, rfq.quotes[1]!];

    const first = await accept(a.trackingToken!, { lineIds: ['L1', 'L1'] });
    expect(first.status).toBe(200);
    expect(quoteActionResponseSchema.parse(first.json).quote).toMatchObject({ status: 'accepted', rfq: { status: 'open', awardedQuoteId: null } });
    let stored = await getRfq(rfq.rfqId);
    expect(lineStatuses(stored, 0)).toEqual(['L1:accepted', 'L2:offered', 'L3:offered']);
    expect(lineStatuses(stored, 1)).toEqual(['L1:not_selected', 'L2:offered', 'L3:offered']);
    // The tracking page's request has the same lines, each marked as the results page marks it.
    const tracked = trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${b.trackingToken}`)).json).quote.rfq;
    expect(tracked.quotes.map((q) => q.lines?.map((l) => `${l.lineId}:${l.status}`))).toEqual(
      stored.quotes.map((q) => q.lines!.map((l) => `${l.lineId}:${l.status}`)),
    );
    // The split is of what is left to order.
    expect(stored.split!.split.lines.find((l) => l.lineId === 'L1')!.quoteId).toBeNull();
    expect(stored.split!.split.covered).toBe(2);
    // Its message counts the products still to order, all of which a supplier quotes.
    expect(stored.split!.message).not.toMatch(/no supplier yet/);
    expect((await mail(rfq.rfqId)).map((m) => [m.kind, m.recipient])).toEqual([['supplier-order', a.supplier.email]]);

    // The supplier's order names only its line, with that line's totals, and its purchase order.
    const text = await orderText(rfq.rfqId, a.supplier.email);
    const l1 = a.lines!.find((l) => l.lineId === 'L1')!;
    expect(text).toContain(`   Hand Sanitizer 70% Alcohol: ${formatQuantity(l1.quantity, l1.unit)} at`);
    expect(text).not.toContain('Household Bleach');
    expect(text).not.toMatch(/\bL\d:/);
    expect(text).toMatch(/ {3}Purchase order: PO-\d{4}-\d{6} \(name it on your tax invoice\)\n/);
    expect(text).toContain(`Total excl. VAT: ${formatRand(l1.totalPrice)}`);
    // Its price names its unit.
    expect(text).toContain(`${formatRand(l1.unitPrice)} ${perUnit(l1.unit)} excl. VAT`);
    expect(perUnit(l1.unit)).not.toBe('each');

    // A repeat changes nothing; a line awarded to another is refused.
    expect((await accept(a.trackingToken!, { lineIds: ['L1'] })).status).toBe(200);
    const taken = await accept(b.trackingToken!, { lineIds: ['L1', 'L2'] });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ error: { code: 'line_awarded', message: `Hand Sanitizer 70% Alcohol was already awarded to ${a.supplier.name}.` } });
    expect(await mail(rfq.rfqId)).toHaveLength(1);
    // More lines from the supplier already ordered from are its second order, with a purchase order of its own.
    expect((await accept(a.trackingToken!, { lineIds: ['L1', 'L2'] })).status).toBe(200);
    const orders = (await mail(rfq.rfqId)).filter((m) => m.kind === 'supplier-order');
    expect(orders.map((m) => m.recipient)).toEqual([a.supplier.email, a.supplier.email]);
    const renderer = new MessageRenderer(server.database.db, { publicUrl: 'http://procura.test', messageIdDomain: 'procura.test' }, server.app.deps.market);
    const [firstOrder, secondOrder] = await Promise.all(orders.map((m) => renderer.render(m)));
    const poOf = (t: string) => /Purchase order: (PO-\d{4}-\d{6})/.exec(t)![1];
    expect(poOf(secondOrder!.text)).not.toBe(poOf(firstOrder!.text));
    expect(secondOrder!.text).toContain('Household Bleach');
    expect(secondOrder!.text).not.toContain('Hand Sanitizer');
    stored = await getRfq(rfq.rfqId);
    expect(lineStatuses(stored, 0)).toEqual(['L1:accepted', 'L2:accepted', 'L3:offered']);

    // The second supplier, without lineIds, wins every line it can still win: nothing is left, the request is awarded.
    expect((await accept(b.trackingToken!)).status).toBe(200);
    stored = await getRfq(rfq.rfqId);
    expect(stored.status).toBe('awarded');
    expect(stored.awardedQuoteId).toBe(a.id);
    expect(lineStatuses(stored, 1)).toEqual(['L1:not_selected', 'L2:not_selected', 'L3:accepted']);
    expect(stored.quotes.map((q) => q.status)).toEqual(['accepted', 'accepted', ...rfq.quotes.slice(2).map(() => 'not_selected')]);
    expect(stored.split!.split.covered).toBe(0);
    expect((await mail(rfq.rfqId)).map((m) => [m.kind, m.recipient])).toEqual([
      ['supplier-order', a.supplier.email],
      ['supplier-order', a.supplier.email],
      ['supplier-order', b.supplier.email],
      ...rfq.quotes.slice(2).map((q) => ['supplier-not-selected', q.supplier.email]),
    ]);
    const third = await accept(rfq.quotes[2]!.trackingToken!);
    expect(third.status).toBe(409);
    expect(third.json.error).toEqual({ code: 'rfq_awarded', message: `This request was already awarded to ${a.supplier.name} and ${b.supplier.name}.` });
  });

  it("refuses lineIds that name no line of the quote, an empty list, and lineIds on a single product's quote", async () => {
    const rfq = await submitBasket();
    const token = rfq.quotes[0]!.trackingToken!;
    const stray = await accept(token, { lineIds: ['L9'] });
    expect(stray.status).toBe(400);
    expect(stray.json.error.details.fields).toEqual({ lineIds: `L9 is not a line of ${rfq.quotes[0]!.supplier.name}’s quote` });
    const empty = await accept(token, { lineIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.error.details.fields).toEqual({ lineIds: 'Choose at least one line to accept' });
    const malformed = await accept(token, { lineIds: ['first'] });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.details.fields).toEqual({ 'lineIds.0': 'Each line is named L1 to L50' });

    const single = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq() })).json);
    const refused = await accept(single.quotes[0]!.trackingToken!, { lineIds: ['L1'] });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details.fields).toEqual({ lineIds: 'This request is for one product: accept its quote without lineIds' });
    expect((await getRfq(rfq.rfqId)).quotes.map((q) => q.status)).toEqual(rfq.quotes.map(() => 'offered'));
    const split = await acceptSplit(single.quotes[0]!.trackingToken!);
    expect(split.status).toBe(409);
    expect(split.json.error.code).toBe('not_a_basket');
  });

  it('closing a basket the buyer ordered part of ends it awarded, and tells the others they were not selected', async () => {
    const rfq = await submitBasket();
    expect((await accept(rfq.quotes[0]!.trackingToken!, { lineIds: ['L2'] })).status).toBe(200);
    expect((await server.request('POST', `/api/quotes/track/${rfq.quotes[1]!.trackingToken}/close`)).status).toBe(200);
    const stored = await getRfq(rfq.rfqId);
    expect(stored.status).toBe('awarded');
    expect(stored.quotes.map((q) => q.status)).toEqual(['accepted', ...rfq.quotes.slice(1).map(() => 'not_selected')]);
    const notes = (await mail(rfq.rfqId)).filter((m) => m.kind === 'supplier-not-selected');
    expect(notes.map((m) => JSON.parse(m.payload).outcome)).toEqual(rfq.quotes.slice(1).map(() => 'awarded'));
  });
});

describe('a basket ordered in two acceptances', () => {
  it('keeps with each order the details the buyer gave for it: its e-mail, its response page and its PDF', async () => {
    const rfq = await submitBasket();
    const [a, b] = [rfq.quotes[0]!, rfq.quotes[1]!];
    const first = { deliveryAddress: 'Stores, 1 Main Reef Road, Johannesburg, 2001', purchaseOrderReference: 'REQ-101' };
    const second = { deliveryAddress: 'Gate 2, 9 Jan Smuts Avenue, Johannesburg, 2196', purchaseOrderReference: 'REQ-202', vatNumber: '4123456789' };
    expect((await accept(a.trackingToken!, { lineIds: ['L1'], ...first })).status).toBe(200);
    expect((await accept(b.trackingToken!, { lineIds: ['L2'], ...second })).status).toBe(200);

    for (const [quote, own, other] of [
      [a, first, second],
      [b, second, first],
    ] as const) {
      const text = await orderText(rfq.rfqId, quote.supplier.email);
      expect(text).toContain(`Delivery address: ${own.deliveryAddress}`);
      expect(text).toContain(`Buyer’s reference: ${own.purchaseOrderReference}`);
      expect(text).not.toContain(other.deliveryAddress);

      const { token } = JSON.parse((await mail(rfq.rfqId)).find((m) => m.kind === 'supplier-order' && m.recipient === quote.supplier.email)!.payload) as {
        token: string;
      };
      const response = supplierResponseSchema.parse((await server.request('GET', `/api/supplier-responses/${token}`)).json);
      expect(response.buyer).toMatchObject({ vatNumber: null, ...own });

      const pdf = pdfText(Buffer.from(await (await fetch(`${server.url}/api/quotes/track/${quote.trackingToken}/purchase-order.pdf`)).arrayBuffer()));
      expect(pdf).toContain(own.purchaseOrderReference);
      expect(pdf).not.toContain(other.purchaseOrderReference);

      // The supplier's workspace, in its list and in the lead its confirmation answers.
      const member: SupplierMember = { id: 0, email: '', name: '', supplierId: quote.supplier.id, supplierName: '' };
      const listed = (await listLeads({ database: server.database, clock: Date.now }, member, 'accepted')).find((l) => l.quoteId === quote.id)!;
      expect(listed.buyer?.deliveryAddress).toBe(own.deliveryAddress);
      const s = await signInSupplier(server, quote.supplier.id, `orders-${quote.id.toLowerCase()}@supplier.example`);
      const confirmed = await server.request('POST', `/api/supplier/leads/${quote.id}/confirm`, { headers: s.headers });
      expect([confirmed.status, confirmed.json.buyer?.deliveryAddress]).toEqual([200, own.deliveryAddress]);
    }
  });
});

describe("a basket's lead in the supplier workspace", () => {
  it('cannot be made firm at one unit price', async () => {
    const rfq = await submitBasket();
    const s = await signInSupplier(server, rfq.quotes[0]!.supplier.id, `basket-${Date.now()}@supplier.example`);
    const firm = await server.request('POST', `/api/supplier/leads/${rfq.quotes[0]!.id}/firm`, { body: { unitPrice: 10 }, headers: s.headers });
    expect([firm.status, firm.json.error]).toEqual([409, { code: 'not_firmable', message: SUPPLIER_MESSAGES.basketNotFirmable }]);
    expect((await getRfq(rfq.rfqId)).quotes[0]!.totalPrice).toBe(rfq.quotes[0]!.totalPrice);
  });
});

describe('accepting the split in one step', () => {
  it("orders each supplier's lines of the split, each supplier e-mailed once, and a repeat changes nothing", async () => {
    const rfq = await submitBasket();
    await priceLines(rfq, { 0: [0, 1], 1: [2] });
    const before = await getRfq(rfq.rfqId);
    expect(before.split!.split.suppliers.map((s) => [s.quoteId, s.lineIds])).toEqual([
      [rfq.quotes[0]!.id, ['L1', 'L2']],
      [rfq.quotes[1]!.id, ['L3']],
    ]);

    // Any quote's token of the basket accepts the split.
    const res = await acceptSplit(rfq.quotes[2]!.trackingToken!);
    expect(res.status).toBe(200);
    expect(quoteActionResponseSchema.parse(res.json).quote).toMatchObject({ status: 'not_selected', rfq: { status: 'awarded' } });
    const after = await getRfq(rfq.rfqId);
    expect(lineStatuses(after, 0)).toEqual(['L1:accepted', 'L2:accepted', 'L3:not_selected']);
    expect(lineStatuses(after, 1)).toEqual(['L1:not_selected', 'L2:not_selected', 'L3:accepted']);
    const sent = await mail(rfq.rfqId);
    expect(sent.filter((m) => m.kind === 'supplier-order').map((m) => m.recipient)).toEqual([rfq.quotes[0]!.supplier.email, rfq.quotes[1]!.supplier.email]);
    const second = await orderText(rfq.rfqId, rfq.quotes[1]!.supplier.email);
    expect(second).toContain('Refuse Bags: ');
    expect(second).not.toContain('Hand Sanitizer');
    expect(second).toContain(`Total excl. VAT: ${formatRand(1)}`);

    // The supplier's response link shows its lines alone, with their totals.
    const { token } = JSON.parse(sent.find((m) => m.kind === 'supplier-order' && m.recipient === rfq.quotes[1]!.supplier.email)!.payload) as { token: string };
    const response = supplierResponseSchema.parse((await server.request('GET', `/api/supplier-responses/${token}`)).json);
    expect(response.order).toMatchObject({
      lines: [{ productName: 'Refuse Bags', quantity: 50, unitPrice: expect.any(Number), totalPrice: 1 }],
      totalPrice: 1,
      vatAmount: 0.15,
      totalPriceInclVat: 1.15,
    });

    // The purchase orders carry the ordered lines alone.
    const po = await server.database.db.selectFrom('purchase_orders').select('quote_id').where('rfq_id', '=', rfq.rfqId).orderBy('quote_id').execute();
    expect(po.map((p) => p.quote_id)).toEqual([quoteIdOf(rfq, 0), quoteIdOf(rfq, 1)]);

    // Each supplier of the split sees, in its workspace, that the buyer accepted its quote, and whom to deliver to.
    for (const i of [0, 1]) {
      const member: SupplierMember = { id: 0, email: '', name: '', supplierId: rfq.quotes[i]!.supplier.id, supplierName: '' };
      const [lead] = await listLeads({ database: server.database, clock: Date.now }, member, 'accepted');
      expect(lead).toMatchObject({ quoteId: rfq.quotes[i]!.id, buyer: { email: validRfq().primaryEmail, deliveryAddress: validOrder().deliveryAddress } });
      // Its products, each priced, the ordered ones marked: the lead's own unit price means nothing for a basket. Those
      // ordered from the other supplier are no longer its lead.
      const ordered = i === 0 ? ['Hand Sanitizer 70% Alcohol', 'Household Bleach'] : ['Refuse Bags'];
      expect(lead!.lines!.filter((l) => l.ordered).map((l) => l.productName)).toEqual(ordered);
      expect(lead!.lines!.map((l) => l.totalPrice)).toEqual(after.quotes[i]!.lines!.filter((l) => l.status !== 'not_selected').map((l) => l.totalPrice));
    }

    expect((await acceptSplit(rfq.quotes[0]!.trackingToken!)).status).toBe(200);
    expect(await mail(rfq.rfqId)).toHaveLength(sent.length);
  });

  it("opens a withdrawing supplier's lines again, from the quotes still valid, while the other order stands", async () => {
    const rfq = await submitBasket();
    await priceLines(rfq, { 0: [0, 1], 1: [2] });
    expect((await acceptSplit(rfq.quotes[0]!.trackingToken!)).status).toBe(200);
    const order = (await mail(rfq.rfqId)).find((m) => m.kind === 'supplier-order' && m.recipient === rfq.quotes[1]!.supplier.email)!;
    const { token } = JSON.parse(order.payload) as { token: string };
    const withdrawn = await server.request('POST', `/api/supplier-responses/${token}/withdraw`, { body: { reason: 'Out of stock until January' } });
    expect(withdrawn.status).toBe(200);

    const stored = await getRfq(rfq.rfqId);
    expect(stored.status).toBe('open');
    expect(stored.quotes[0]!.status).toBe('accepted');
    expect(stored.quotes[1]!.status).toBe('withdrawn');
    expect(lineStatuses(stored, 1)).toEqual(['L1:not_selected', 'L2:not_selected', 'L3:withdrawn']);
    expect(lineStatuses(stored, 2)).toEqual(['L1:not_selected', 'L2:not_selected', 'L3:offered']);
    // The supplier already ordered from offers the reopened line again too.
    expect(lineStatuses(stored, 0)).toEqual(['L1:accepted', 'L2:accepted', 'L3:offered']);
    expect(stored.quotes.slice(2).map((q) => q.status)).toEqual(rfq.quotes.slice(2).map(() => 'offered'));
    expect(stored.split!.split.covered).toBe(1);
    expect(stored.split!.split.lines.filter((l) => l.quoteId !== null).map((l) => l.lineId)).toEqual(['L3']);
    // The buyer is told how many quotes still offer the withdrawn products, not how many quotes are left.
    const offering = stored.quotes.filter((q) => q.status !== 'withdrawn' && q.lines!.some((l) => l.lineId === 'L3' && l.status === 'offered')).length;
    expect(offering).toBe(rfq.quotes.filter((q) => q.lines!.some((l) => l.lineId === 'L3')).length - 1);
    const notice = (await mail(rfq.rfqId)).find((m) => m.kind === 'buyer-order-withdrawn')!;
    const renderer = new MessageRenderer(server.database.db, { publicUrl: 'http://procura.test', messageIdDomain: 'procura.test' }, server.app.deps.market);
    expect((await renderer.render(notice)).text).toContain(
      `Those products are open again: ${offering} other ${offering === 1 ? 'quote still offers' : 'quotes still offer'} them, and you can accept one.`,
    );

    // The lines open again go to another supplier; the request is awarded once more.
    expect((await acceptSplit(rfq.quotes[0]!.trackingToken!)).status).toBe(200);
    expect((await getRfq(rfq.rfqId)).status).toBe('awarded');
  });
});
