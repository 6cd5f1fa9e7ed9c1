import { describe, expect, it } from 'vitest';
import { quoteActionResponseSchema, rfqSubmitResponseSchema, trackedQuoteResponseSchema, type RfqSubmitResponse } from '../../../sdk/schemas/rfq';
import { supplierResponseSchema } from '../../../sdk/schemas/supplier-responses';
import { MessageRenderer } from '../../mail-sender/renderer';
import { anonymiseRfqs } from '../privacy/privacy.repository';
import { parseTrackingToken } from '../../lib/ids';
import { responseTokenOf, startTestServerForFile, validOrder, validRfq } from '../../test/harness';
import { pick } from '../../test/pick';

const now = Date.parse('2026-11-02T08:00:00.000Z');
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });

const BUYER = 'thandi.mokoena@example.co.za';

/** A request whose quote `winner` the buyer accepted; answers it and the supplier's response token. */
async function acceptedOrder(winner = 1): Promise<{ rfq: RfqSubmitResponse; token: string }> {
  const res = await server.request('POST', '/api/rfq', {
    body: validRfq({ primaryEmail: BUYER, contactName: 'Thandi Mokoena', companyName: 'Mokoena Facilities', companySize: '101-250' }),
  });
  const rfq = rfqSubmitResponseSchema.parse(res.json);
  const details = validOrder({
    deliveryAddress: 'Mokoena Facilities, Gate 3\n14 Chartwell Drive, Umhlanga, 4319',
    phone: '031 555 0142',
    purchaseOrderReference: 'PO-2291',
    vatNumber: '4123 456 789',
  });
  expect((await server.request('POST', `/api/quotes/track/${rfq.quotes[winner]!.trackingToken}/accept`, { body: details })).status).toBe(200);
  return { rfq, token: await responseTokenOf(server, rfq.rfqId) };
}

/** The buyer as the supplier is shown them: the order's contact details, the phone and VAT number as stored. */
const SHOWN_BUYER = {
  email: BUYER,
  contactName: 'Thandi Mokoena',
  companyName: 'Mokoena Facilities',
  companySize: '101-250',
  deliveryAddress: 'Mokoena Facilities, Gate 3\n14 Chartwell Drive, Umhlanga, 4319',
  phone: '+27 31 555 0142',
  purchaseOrderReference: 'PO-2291',
  vatNumber: '4123456789',
};

const answer = (token: string, what: 'confirm' | 'withdraw', body?: unknown, headers: Record<string, string> = {}) =>
  server.request('POST', `/api/supplier-responses/${token}/${what}`, { body, headers });
const buyerMail = (rfqId: string) =>
  server.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', 'in', ['buyer-order-confirmed', 'buyer-order-withdrawn'])
    .where('payload', 'like', `%"rfqId":"${rfqId}"%`)
    .orderBy('id')
    .execute();
const render = (row: Parameters<MessageRenderer['render']>[0]) =>
  new MessageRenderer(server.database.db, server.app.deps.outbox.settings, server.app.deps.market, () => now).render(row);

describe('GET /api/supplier-responses/:token', () => {
  it("shows the supplier the accepted order and the buyer's contact", async () => {
    const { rfq, token } = await acceptedOrder();
    const res = await server.request('GET', `/api/supplier-responses/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const q = rfq.quotes[1]!;
    expect(supplierResponseSchema.parse(res.json)).toEqual({
      status: 'accepted',
      quoteReference: q.id,
      purchaseOrderNumber: expect.stringMatching(/^PO-\d{4}-\d{6}$/),
      supplierName: q.supplier.name,
      acceptedAt: new Date(now).toISOString(),
      respondedAt: null,
      withdrawalReason: null,
      deliveredOn: null,
      buyer: SHOWN_BUYER,
      order: {
        productName: 'Hand Sanitizer 70% Alcohol',
        productDescription: 'Refill for the wall dispensers in our three office buildings',
        quantity: 200,
        unit: 'litres',
        deliveryLocation: 'Durban, KwaZulu-Natal',
        currency: 'ZAR',
        ...pick(q, 'unitPrice', 'totalPrice', 'vatAmount', 'totalPriceInclVat', 'leadTime', 'paymentTerms', 'validUntil'),
      },
    });
  });

  it("hides the buyer's contact once it was deleted, and keeps the company size", async () => {
    const { rfq, token } = await acceptedOrder();
    await anonymiseRfqs(server.database.db, [rfq.rfqId], new Date(now).toISOString());
    const order = supplierResponseSchema.parse((await server.request('GET', `/api/supplier-responses/${token}`)).json);
    const deleted = Object.fromEntries(Object.keys(SHOWN_BUYER).map((field) => [field, null]));
    expect(order.buyer).toEqual({ ...deleted, companySize: '101-250' });
    expect(order.order.productDescription).toBe('');
  });

  it("e-mails the accepted supplier the buyer's delivery address, phone, purchase order and VAT number", async () => {
    const { rfq } = await acceptedOrder();
    const row = await server.database.db
      .selectFrom('outbox')
      .select(['kind', 'payload'])
      .where('kind', '=', 'supplier-order')
      .where('payload', 'like', `%"rfqId":"${rfq.rfqId}"%`)
      .executeTakeFirstOrThrow();
    const email = await render(row);
    for (const line of [
      'Phone: +27 31 555 0142',
      'VAT number: 4123456789',
      'Buyer’s reference: PO-2291',
      'Delivery address: Mokoena Facilities, Gate 3, 14 Chartwell Drive, Umhlanga, 4319',
      'Delivery to: Durban, KwaZulu-Natal',
    ]) {
      expect(email.text).toContain(`   ${line}\n`);
    }
  });

  it('answers 404 for a link that opens no order, 400 for one that is not a response link', async () => {
    const { rfq, token } = await acceptedOrder();
    const id = token.split('_')[1]!;
    const offered = parseTrackingToken(rfq.quotes[0]!.trackingToken!)!.quoteId.toString(36);
    for (const bad of [`sr_${id}_${'A'.repeat(24)}`, `sr_${offered}_${token.slice(-24)}`, 'sr_zz']) {
      const res = await server.request('GET', `/api/supplier-responses/${bad}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: { code: 'response_not_found', message: 'Response link not found' } });
    }
    const tracking = await server.request('GET', `/api/supplier-responses/${rfq.quotes[1]!.trackingToken}`);
    expect(tracking.status).toBe(400);
    expect(tracking.json.error.details).toEqual({ fields: { token: 'Invalid response link' } });
  });
});

describe('POST /api/supplier-responses/:token/confirm', () => {
  it('confirms the order and e-mails the buyer a link back to it, once', async () => {
    const { rfq, token } = await acceptedOrder();
    const res = await answer(token, 'confirm');
    expect(res.status).toBe(200);
    expect(supplierResponseSchema.parse(res.json)).toMatchObject({ status: 'confirmed', respondedAt: new Date(now).toISOString() });
    const tracked = trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${rfq.quotes[1]!.trackingToken}`)).json);
    expect(tracked.quote).toMatchObject({ status: 'confirmed', rfq: { status: 'awarded', awardedQuoteId: rfq.quotes[1]!.id } });

    const mails = await buyerMail(rfq.rfqId);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([['buyer-order-confirmed', BUYER]]);
    const email = await render(mails[0]!);
    expect(email.subject).toBe(`Procura: ${rfq.quotes[1]!.supplier.name} confirmed purchase order ${res.json.purchaseOrderNumber}`);
    expect(email.text).toContain(`(purchase order ${res.json.purchaseOrderNumber}, quote ${rfq.quotes[1]!.id})`);
    expect(email.text).toContain(`See your order: http://procura.test/quote/${rfq.quotes[1]!.trackingToken}`);

    const again = await answer(token, 'confirm');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(res.json);
    expect(await buyerMail(rfq.rfqId)).toHaveLength(1);

    const withdraw = await answer(token, 'withdraw', { reason: 'Out of stock until January' });
    expect(withdraw.status).toBe(409);
    expect(withdraw.json).toEqual({ error: { code: 'order_answered', message: 'You already confirmed this order.' } });
  });

  it("refuses a call from another site's page", async () => {
    const { token } = await acceptedOrder();
    const res = await answer(token, 'confirm', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('bad_origin');
    expect(supplierResponseSchema.parse((await server.request('GET', `/api/supplier-responses/${token}`)).json).status).toBe('accepted');
    expect((await answer(token, 'confirm', undefined, { origin: 'http://procura.test' })).status).toBe(200);
  });
});

describe('POST /api/supplier-responses/:token/withdraw', () => {
  it('withdraws with a reason, opens the request again for the valid quotes, and tells the buyer', async () => {
    const { rfq, token } = await acceptedOrder(0);
    const { db } = server.database;
    // One of the quotes not selected is past its validity when the supplier withdraws.
    const stale = parseTrackingToken(rfq.quotes[4]!.trackingToken!)!.quoteId;
    await db.updateTable('quotes').set({ valid_until: '2026-11-01' }).where('id', '=', stale).execute();

    const res = await answer(token, 'withdraw', { reason: '  Our warehouse in Durban flooded  ' });
    expect(res.status).toBe(200);
    expect(supplierResponseSchema.parse(res.json)).toMatchObject({ status: 'withdrawn', withdrawalReason: 'Our warehouse in Durban flooded' });

    const tracked = trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${rfq.quotes[0]!.trackingToken}`)).json).quote;
    expect(tracked).toMatchObject({ status: 'withdrawn', withdrawalReason: 'Our warehouse in Durban flooded', rfq: { status: 'open', awardedQuoteId: null } });
    expect(tracked.rfq.quotes.map((q) => q.status)).toEqual(['withdrawn', 'offered', 'offered', 'offered', 'not_selected']);

    const mails = await buyerMail(rfq.rfqId);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([['buyer-order-withdrawn', BUYER]]);
    const email = await render(mails[0]!);
    const supplier = rfq.quotes[0]!.supplier.name;
    expect(email.subject).toBe(`Procura: ${supplier} withdrew from purchase order ${res.json.purchaseOrderNumber}`);
    expect(email.text).toContain('Their reason: Our warehouse in Durban flooded');
    expect(email.text).toContain('Your request is open again: 3 other quotes are still valid, and you can accept one of them.');
    expect(email.text).toContain(`Choose another quote: http://procura.test/quote/${rfq.quotes[0]!.trackingToken}`);

    expect((await answer(token, 'withdraw', { reason: 'Another reason' })).status).toBe(200);
    expect(await buyerMail(rfq.rfqId)).toHaveLength(1);
    expect((await answer(token, 'confirm')).json).toEqual({ error: { code: 'order_answered', message: 'You already withdrew this order.' } });

    // The buyer cannot accept the withdrawn quote again, nor the one past validity, but can accept another.
    const again = await server.request('POST', `/api/quotes/track/${rfq.quotes[0]!.trackingToken}/accept`, { body: validOrder() });
    expect(again.json).toEqual({ error: { code: 'quote_withdrawn', message: `${supplier} withdrew this quote.` } });
    expect((await server.request('POST', `/api/quotes/track/${rfq.quotes[4]!.trackingToken}/accept`, { body: validOrder() })).json.error.code).toBe(
      'quote_expired',
    );
    const other = await server.request('POST', `/api/quotes/track/${rfq.quotes[2]!.trackingToken}/accept`, { body: validOrder() });
    expect(quoteActionResponseSchema.parse(other.json).quote.rfq.quotes.map((q) => q.status)).toEqual([
      'withdrawn',
      'not_selected',
      'accepted',
      'not_selected',
      'not_selected',
    ]);
    // The suppliers told once that they were not selected are not told again.
    const courtesy = await db
      .selectFrom('outbox')
      .select('recipient')
      .where('kind', '=', 'supplier-not-selected')
      .where('payload', 'like', `%"rfqId":"${rfq.rfqId}"%`)
      .execute();
    expect(courtesy.map((c) => c.recipient).sort()).toEqual([1, 2, 3, 4].map((i) => rfq.quotes[i]!.supplier.email).sort());
  });

  it('needs a reason of 5 to 1000 characters', async () => {
    const { token } = await acceptedOrder();
    for (const body of [{ reason: ' no ' }, { reason: 'x'.repeat(1001) }, {}]) {
      const res = await answer(token, 'withdraw', body);
      expect(res.status).toBe(400);
      expect(res.json.error.details).toEqual({ fields: { reason: 'Please give a reason (5 to 1000 characters)' } });
    }
  });
});
