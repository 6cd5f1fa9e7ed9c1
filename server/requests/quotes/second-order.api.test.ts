import { describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema, type Rfq } from '../../../sdk/schemas/rfq';
import { supplierResponseSchema } from '../../../sdk/schemas/supplier-responses';
import { MessageRenderer } from '../../mail-sender/renderer';
import { parseTrackingToken } from '../../lib/ids';
import { pdfText } from '../../test/pdf-text';
import { acceptQuote, getRfq as getRfqOf, requestMail, submitBasket as submitBasketTo } from '../../test/baskets';
import { startTestServerForFile, validOrder, validRfq } from '../../test/harness';
import { signInSupplier } from '../../test/suppliers';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });

const submitBasket = () => submitBasketTo(server, 3);

const accept = (token: string, body: Record<string, unknown> = {}) => acceptQuote(server, token, body);
const getRfq = (rfqId: string) => getRfqOf(server, rfqId);
const lineStatuses = (rfq: Rfq, i: number) => rfq.quotes[i]!.lines!.map((l) => `${l.lineId}:${l.status}`);
const renderer = () => new MessageRenderer(server.database.db, { publicUrl: 'http://procura.test', messageIdDomain: 'procura.test' }, server.app.deps.market);
const mail = (rfqId: string, kind: string) => requestMail(server, rfqId, kind);
const responseToken = (row: { payload: string }) => (JSON.parse(row.payload) as { token: string }).token;
const pdf = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, text: res.status === 200 ? pdfText(Buffer.from(await res.arrayBuffer())) : '' };
};
const poNumbers = async (rfqId: string, quoteId: number) =>
  (
    await server.database.db
      .selectFrom('purchase_orders')
      .select('po_number')
      .where('rfq_id', '=', rfqId)
      .where('quote_id', '=', quoteId)
      .orderBy('id')
      .execute()
  ).map((r) => r.po_number);

describe('a line reopened after a withdrawal, ordered from a supplier already ordered from', () => {
  it('is that supplier’s second order, with its own purchase order, e-mail, response link and confirmation', async () => {
    const rfq = await submitBasket();
    const [a, b] = [rfq.quotes[0]!, rfq.quotes[1]!];
    const aId = parseTrackingToken(a.trackingToken!)!.quoteId;
    expect((await accept(a.trackingToken!, { lineIds: ['L1', 'L2'], purchaseOrderReference: 'REQ-1' })).status).toBe(200);
    expect((await accept(b.trackingToken!, { lineIds: ['L3'] })).status).toBe(200);
    // The first supplier confirms its order; the second withdraws from its own.
    const [firstOrder, bOrder] = await mail(rfq.rfqId, 'supplier-order');
    expect((await server.request('POST', `/api/supplier-responses/${responseToken(firstOrder!)}/confirm`)).status).toBe(200);
    expect((await server.request('POST', `/api/supplier-responses/${responseToken(bOrder!)}/withdraw`, { body: { reason: 'Out of stock' } })).status).toBe(200);

    // The withdrawal e-mail counts the supplier already ordered from among the quotes that still offer the line.
    let stored = await getRfq(rfq.rfqId);
    expect(stored.status).toBe('open');
    expect(stored.quotes[0]!.status).toBe('confirmed');
    expect(lineStatuses(stored, 0)).toEqual(['L1:accepted', 'L2:accepted', 'L3:offered']);
    const [withdrawn] = await mail(rfq.rfqId, 'buyer-order-withdrawn');
    expect((await renderer().render(withdrawn!)).text).not.toContain('no quote you can still accept');

    // The buyer orders the reopened line from the first supplier: a second purchase order.
    const again = await accept(a.trackingToken!, { lineIds: ['L3'], purchaseOrderReference: 'REQ-2' });
    expect(again.status).toBe(200);
    stored = await getRfq(rfq.rfqId);
    expect(stored.status).toBe('awarded');
    expect(stored.quotes[0]!.status).toBe('accepted');
    expect(lineStatuses(stored, 0)).toEqual(['L1:accepted', 'L2:accepted', 'L3:accepted']);
    const [po1, po2] = await poNumbers(rfq.rfqId, aId);
    expect(po2).toBeDefined();
    expect(po2).not.toBe(po1);
    // The request lists each order of the quote with its lines and where it stands.
    expect(stored.quotes[0]!.orders).toEqual([
      {
        purchaseOrderNumber: po1,
        issuedOn: expect.any(String),
        deliverBy: expect.any(String),
        lineIds: ['L1', 'L2'],
        status: 'confirmed',
        promisedOn: expect.any(String),
        deliveredOn: null,
        receipt: null,
      },
      {
        purchaseOrderNumber: po2,
        issuedOn: expect.any(String),
        deliverBy: expect.any(String),
        lineIds: ['L3'],
        status: 'sent',
        promisedOn: expect.any(String),
        deliveredOn: null,
        receipt: null,
      },
    ]);
    expect(stored.quotes[1]!.orders).toEqual([expect.objectContaining({ lineIds: ['L3'], status: 'cancelled' })]);
    expect(stored.quotes[2]!.orders).toBeUndefined();

    // Its e-mail names the new purchase order and its one line; the first e-mail still names the first.
    const aOrders = (await mail(rfq.rfqId, 'supplier-order')).filter((m) => m.recipient === a.supplier.email);
    expect(aOrders).toHaveLength(2);
    const [firstText, secondText] = await Promise.all(aOrders.map(async (m) => (await renderer().render(m)).text));
    expect(firstText).toContain(`Purchase order: ${po1} (name it on your tax invoice)`);
    expect(firstText).toContain('Hand Sanitizer 70% Alcohol');
    expect(secondText).toContain(`Purchase order: ${po2} (name it on your tax invoice)`);
    expect(secondText).toContain('Buyer’s reference: REQ-2');
    expect(secondText).toContain('Refuse Bags');
    expect(secondText).not.toContain('Hand Sanitizer');

    // The buyer's PDFs: the latest by default, either by its number.
    const base = `/api/quotes/track/${a.trackingToken}/purchase-order.pdf`;
    expect((await pdf(base)).text).toContain(po2!);
    const first = await pdf(`${base}?po=${po1}`);
    expect(first.text).toContain(po1!);
    expect(first.text).toContain('Household Bleach');
    expect(first.text).not.toContain('Refuse Bags');
    expect((await pdf(`${base}?po=PO-1999-000001`)).status).toBe(404);
    expect((await pdf(`${base}?po=latest`)).status).toBe(400);

    // The new response link answers the second order; confirming it confirms that order alone.
    const token = responseToken(aOrders[1]!);
    const response = supplierResponseSchema.parse((await server.request('GET', `/api/supplier-responses/${token}`)).json);
    expect(response).toMatchObject({ status: 'accepted', purchaseOrderNumber: po2, order: { lines: [{ productName: 'Refuse Bags' }] } });
    expect((await server.request('POST', `/api/supplier-responses/${token}/confirm`)).status).toBe(200);
    const orders = await server.database.db
      .selectFrom('purchase_orders')
      .select(['po_number', 'confirmed_on'])
      .where('quote_id', '=', aId)
      .orderBy('id')
      .execute();
    expect(orders.every((o) => o.confirmed_on !== null)).toBe(true);
    const confirmed = (await mail(rfq.rfqId, 'buyer-order-confirmed')).at(-1)!;
    expect((await renderer().render(confirmed)).subject).toBe(`Procura: ${a.supplier.name} confirmed purchase order ${po2}`);
  });

  it('withdrawn from alone, leaves the confirmed first order standing', async () => {
    const rfq = await submitBasket();
    const [a, b] = [rfq.quotes[0]!, rfq.quotes[1]!];
    const aId = parseTrackingToken(a.trackingToken!)!.quoteId;
    expect((await accept(a.trackingToken!, { lineIds: ['L1'] })).status).toBe(200);
    expect((await server.request('POST', `/api/supplier-responses/${responseToken((await mail(rfq.rfqId, 'supplier-order'))[0]!)}/confirm`)).status).toBe(200);
    expect((await accept(a.trackingToken!, { lineIds: ['L2'] })).status).toBe(200);
    const second = (await mail(rfq.rfqId, 'supplier-order'))[1]!;
    const withdraw = () => server.request('POST', `/api/supplier-responses/${responseToken(second)}/withdraw`, { body: { reason: 'No bleach left' } });
    expect((await withdraw()).status).toBe(200);
    // A repeat answers the same and sends nothing more.
    const repeat = await withdraw();
    expect([repeat.status, repeat.json.status, repeat.json.withdrawalReason]).toEqual([200, 'withdrawn', 'No bleach left']);
    expect(await mail(rfq.rfqId, 'buyer-order-withdrawn')).toHaveLength(1);

    const stored = await getRfq(rfq.rfqId);
    expect(stored.quotes[0]!.status).toBe('confirmed');
    expect(lineStatuses(stored, 0)).toEqual(['L1:accepted', 'L2:withdrawn', 'L3:offered']);
    expect(lineStatuses(stored, 1)).toEqual(['L1:not_selected', 'L2:offered', 'L3:offered']);
    const orders = await server.database.db
      .selectFrom('purchase_orders')
      .select(['confirmed_on', 'cancelled_on', 'cancel_reason'])
      .where('quote_id', '=', aId)
      .orderBy('id')
      .execute();
    expect(orders.map((o) => [o.confirmed_on !== null, o.cancelled_on !== null, o.cancel_reason])).toEqual([
      [true, false, null],
      [false, true, 'No bleach left'],
    ]);
    const [notice] = await mail(rfq.rfqId, 'buyer-order-withdrawn');
    const email = await renderer().render(notice!);
    expect(email.text).toContain('Their reason: No bleach left');
    expect(email.text).toContain('Household Bleach');
    expect(email.text).not.toContain('Hand Sanitizer');
    // The line can go to another supplier.
    expect((await accept(b.trackingToken!, { lineIds: ['L2'] })).status).toBe(200);
  });
});

describe("the buyer's copy of an order", () => {
  it('comes at once with every purchase order one acceptance sent, each attached, awaiting confirmation', async () => {
    const rfq = await submitBasket();
    const [a, b] = [rfq.quotes[0]!, rfq.quotes[1]!];
    expect((await accept(a.trackingToken!, { lineIds: ['L1'] })).status).toBe(200);
    // The rest is cheapest split between two suppliers.
    for (const [quote, lineNos] of [
      [a, [1]],
      [b, [2]],
    ] as const) {
      await server.database.db
        .updateTable('quote_lines')
        .set({ total_cents: 100 })
        .where('quote_id', '=', parseTrackingToken(quote.trackingToken!)!.quoteId)
        .where('line_no', 'in', [...lineNos])
        .execute();
    }
    expect((await server.request('POST', `/api/quotes/track/${b.trackingToken}/accept-split`, { body: validOrder() })).status).toBe(200);
    const copies = await mail(rfq.rfqId, 'buyer-order-placed');
    expect(copies.map((m) => m.recipient)).toEqual([validRfq().primaryEmail, validRfq().primaryEmail]);

    const single = await renderer().render(copies[0]!);
    const [po] = await poNumbers(rfq.rfqId, parseTrackingToken(a.trackingToken!)!.quoteId);
    expect(single.subject).toBe(`Procura: purchase order ${po} was sent to ${a.supplier.name}`);
    expect(single.text).toContain(`Purchase order ${po}: sent to ${a.supplier.name}, awaiting confirmation`);
    expect(single.text).toContain(`See your order: http://procura.test/quote/${a.trackingToken}`);
    expect((await renderer().attachments(copies[0]!)).map((f) => f.filename)).toEqual([`procura-${po!.toLowerCase()}.pdf`]);

    // The split's acceptance sent an order to each of its suppliers: one e-mail names them all.
    const split = await renderer().render(copies[1]!);
    const { orders } = JSON.parse(copies[1]!.payload) as { orders: unknown[] };
    expect(orders).toHaveLength(2);
    expect(split.subject).toBe('Procura: your 2 purchase orders were sent');
    expect(split.text).toContain(`: sent to ${a.supplier.name}, awaiting confirmation`);
    expect(split.text).toContain(`: sent to ${b.supplier.name}, awaiting confirmation`);
    expect(await renderer().attachments(copies[1]!)).toHaveLength(2);
  });
});

describe("a won lead in the supplier's workspace", () => {
  it('lists its purchase orders, the buyer’s reference, VAT number and words, and downloads each order’s PDF', async () => {
    const res = await server.request('POST', '/api/rfq', { body: validRfq({ productDescription: 'For the three clinics' }) });
    const rfq = rfqSubmitResponseSchema.parse(res.json);
    const q = rfq.quotes[0]!;
    expect((await accept(q.trackingToken!, { purchaseOrderReference: 'REQ-77', vatNumber: '4123456789' })).status).toBe(200);
    const [po] = await poNumbers(rfq.rfqId, parseTrackingToken(q.trackingToken!)!.quoteId);
    const s = await signInSupplier(server, q.supplier.id, `workspace-${q.id.toLowerCase()}@supplier.example`);
    const leads = (await server.request('GET', '/api/supplier/leads?status=accepted', { headers: s.headers })).json.leads as {
      quoteId: string;
      buyer: Record<string, unknown>;
      orders: { purchaseOrderNumber: string; status: string }[];
    }[];
    const lead = leads.find((l) => l.quoteId === q.id)!;
    expect(lead.buyer).toMatchObject({ purchaseOrderReference: 'REQ-77', vatNumber: '4123456789', productDescription: 'For the three clinics' });
    expect(lead.orders).toEqual([expect.objectContaining({ purchaseOrderNumber: po, status: 'sent', lineIds: null })]);

    const own = await fetch(`${server.url}/api/supplier/leads/${q.id}/purchase-order.pdf?po=${po}`, { headers: s.headers });
    expect([own.status, own.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(pdfText(Buffer.from(await own.arrayBuffer()))).toContain(po!);
    // Another supplier's people cannot read it, nor anyone signed out.
    const other = await signInSupplier(server, rfq.quotes[1]!.supplier.id, `workspace-other-${q.id.toLowerCase()}@supplier.example`);
    expect((await fetch(`${server.url}/api/supplier/leads/${q.id}/purchase-order.pdf`, { headers: other.headers })).status).toBe(404);
    expect((await fetch(`${server.url}/api/supplier/leads/${q.id}/purchase-order.pdf`)).status).toBe(401);
  });
});
