import { describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema, trackedQuoteResponseSchema, type RfqSubmitResponse } from '../../../sdk/schemas/rfq';
import { supplierResponseSchema } from '../../../sdk/schemas/supplier-responses';
import { addDays, johannesburgDay } from '../../domain/calendar';
import { MessageRenderer } from '../../mail-sender/renderer';
import { parseTrackingToken } from '../../lib/ids';
import { responseTokenOf, startTestServerForFile, validOrder, validRfq } from '../../test/harness';
import { lastSupplierAudit, signInSupplier } from '../../test/suppliers';
import { anonymiseRfqs } from '../privacy/privacy.repository';
import { remindReceipts } from './receipt-reminders';

const DAY_MS = 24 * 60 * 60 * 1000;
let nowMs = Date.now();
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' }, { clock: () => nowMs });
const today = () => johannesburgDay(nowMs);
let buyers = 0;

/** A request from a buyer of its own, its first quote accepted: answers the request and that quote's token. */
async function ordered(email = `buyer-${++buyers}@example.co.za`): Promise<{ rfq: RfqSubmitResponse; token: string; quoteId: number }> {
  const res = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: email }) });
  expect(res.status).toBe(201);
  const rfq = rfqSubmitResponseSchema.parse(res.json);
  const token = rfq.quotes[0]!.trackingToken!;
  expect((await server.request('POST', `/api/quotes/track/${token}/accept`, { body: validOrder() })).status).toBe(200);
  return { rfq, token, quoteId: parseTrackingToken(token)!.quoteId };
}

async function confirmed(email?: string) {
  const order = await ordered(email);
  const response = await responseTokenOf(server, order.rfq.rfqId);
  expect((await server.request('POST', `/api/supplier-responses/${response}/confirm`)).status).toBe(200);
  return { ...order, response };
}

const outbox = (rfqId: string, kind: string) =>
  server.database.db
    .selectFrom('outbox')
    .select(['kind', 'recipient', 'payload'])
    .where('payload', 'like', `%"rfqId":"${rfqId}"%`)
    .where('kind', '=', kind)
    .execute();
const receiptRows = (quoteId: number) =>
  server.database.db
    .selectFrom('order_receipts as r')
    .innerJoin('purchase_orders as po', 'po.id', 'r.purchase_order_id')
    .select(['r.received_on', 'r.on_time', 'r.in_full', 'r.rating', 'r.comment', 'r.counted', 'r.not_counted_reason', 'r.supplier_id'])
    .where('po.quote_id', '=', quoteId)
    .execute();
const receipt = (token: string, body: Record<string, unknown>) => server.request('POST', `/api/quotes/track/${token}/receipt`, { body });
const renderer = () => new MessageRenderer(server.database.db, { publicUrl: 'http://procura.test', messageIdDomain: 'procura.test' }, server.app.deps.market);

describe('the supplier marks a confirmed order delivered', () => {
  it('from its response link, once: the buyer is e-mailed once, with the link to confirm receipt', async () => {
    const { rfq, response, token } = await confirmed();
    const res = await server.request('POST', `/api/supplier-responses/${response}/delivered`, { body: { deliveredOn: today() } });
    expect(res.status).toBe(200);
    expect(supplierResponseSchema.parse(res.json).deliveredOn).toBe(today());
    const again = await server.request('POST', `/api/supplier-responses/${response}/delivered`, { body: { deliveredOn: today() } });
    expect(again.json).toEqual(res.json);
    const mails = await outbox(rfq.rfqId, 'buyer-order-delivered');
    expect(mails).toHaveLength(1);
    const email = await renderer().render(mails[0]!);
    expect(email.subject).toContain(`${rfq.quotes[0]!.supplier.name} says your order was delivered on`);
    expect(email.text).toContain(`/quote/${token}?action=receipt`);
    const other = await server.request('POST', `/api/supplier-responses/${response}/delivered`, { body: { deliveredOn: addDays(today(), -1) } });
    expect([other.status, other.json]).toMatchObject([409, { error: { code: 'delivery_recorded' } }]);
  });

  it('refuses an order not yet confirmed, a day after today or before the order, with the field’s message', async () => {
    const { rfq } = await ordered();
    const response = await responseTokenOf(server, rfq.rfqId);
    const early = await server.request('POST', `/api/supplier-responses/${response}/delivered`, { body: { deliveredOn: today() } });
    expect([early.status, early.json]).toMatchObject([409, { error: { code: 'order_not_confirmed' } }]);
    await server.request('POST', `/api/supplier-responses/${response}/confirm`);
    const future = await server.request('POST', `/api/supplier-responses/${response}/delivered`, { body: { deliveredOn: addDays(today(), 1) } });
    expect([future.status, future.json]).toEqual([
      400,
      {
        error: {
          code: 'validation_error',
          message: 'Request validation failed',
          details: { fields: { deliveredOn: 'Enter the day it was delivered, not after today' } },
        },
      },
    ]);
    const before = await server.request('POST', `/api/supplier-responses/${response}/delivered`, { body: { deliveredOn: addDays(today(), -1) } });
    expect(before.status).toBe(400);
    expect(before.json).toMatchObject({ error: { details: { fields: { deliveredOn: expect.stringContaining('not before the order was placed') } } } });
    const malformed = await server.request('POST', `/api/supplier-responses/${response}/delivered`, { body: { deliveredOn: '9 December' } });
    expect(malformed.json).toMatchObject({ error: { details: { fields: { deliveredOn: 'Enter the day it was delivered, not after today' } } } });
  });

  it('from the workspace, audited, and shown on the lead’s order', async () => {
    const { rfq, quoteId } = await confirmed();
    const q = rfq.quotes[0]!;
    const s = await signInSupplier(server, q.supplier.id, `deliveries-${quoteId}@supplier.example`);
    const res = await server.request('POST', `/api/supplier/leads/${q.id}/delivered`, { body: { deliveredOn: today() }, headers: s.headers });
    expect(res.status).toBe(200);
    expect((res.json as { orders: { deliveredOn: string | null }[] }).orders[0]!.deliveredOn).toBe(today());
    expect(await lastSupplierAudit(server, q.supplier.id)).toEqual({ action: 'leads.delivered', detail: q.id });
    const other = await signInSupplier(server, rfq.quotes[1]!.supplier.id, `deliveries-other-${quoteId}@supplier.example`);
    expect((await server.request('POST', `/api/supplier/leads/${q.id}/delivered`, { body: { deliveredOn: today() }, headers: other.headers })).status).toBe(
      404,
    );
  });
});

describe('the buyer confirms receipt from the tracking token', () => {
  it('records it once, on time by the promised day, and shows it on the quote’s order', async () => {
    const { token, quoteId } = await confirmed();
    const body = { receivedOn: today(), inFull: true, rating: 4, comment: 'Two boxes were dented.' };
    const res = await receipt(token, body);
    expect(res.status).toBe(200);
    const order = trackedQuoteResponseSchema.parse(res.json).quote.rfq.quotes[0]!.orders![0]!;
    expect(order).toMatchObject({ promisedOn: order.deliverBy, receipt: { receivedOn: today(), inFull: true, rating: 4, onTime: true } });
    expect((await receipt(token, body)).json).toEqual(res.json);
    const other = await receipt(token, { ...body, rating: 2 });
    expect([other.status, other.json]).toMatchObject([409, { error: { code: 'receipt_recorded' } }]);
    expect(await receiptRows(quoteId)).toEqual([
      expect.objectContaining({
        received_on: today(),
        on_time: 1,
        in_full: 1,
        rating: 4,
        comment: 'Two boxes were dented.',
        counted: 1,
        not_counted_reason: null,
      }),
    ]);
  });

  it('answers each wrong field with its message', async () => {
    const { token } = await confirmed();
    const res = await receipt(token, { receivedOn: addDays(today(), 1), inFull: 'yes', rating: 6, comment: 'x'.repeat(1001) });
    expect(res.status).toBe(400);
    expect((res.json as { error: { details: { fields: Record<string, string> } } }).error.details.fields).toEqual({
      inFull: 'Say whether everything arrived',
      rating: 'Choose a rating from 1 to 5',
      comment: 'Comment must be at most 1,000 characters',
    });
    const future = await receipt(token, { receivedOn: addDays(today(), 1), inFull: true, rating: 5 });
    expect(future.json).toMatchObject({ error: { details: { fields: { receivedOn: 'Enter the day it arrived, not after today' } } } });
  });

  it('refuses a quote not ordered from, and keeps a receipt of an unconfirmed order uncounted', async () => {
    const res = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: `buyer-${++buyers}@example.co.za` }) });
    const rfq = rfqSubmitResponseSchema.parse(res.json);
    const offered = await receipt(rfq.quotes[1]!.trackingToken!, { receivedOn: today(), inFull: true, rating: 5 });
    expect([offered.status, offered.json]).toMatchObject([409, { error: { code: 'not_ordered' } }]);
    const { token, quoteId } = await ordered();
    expect((await receipt(token, { receivedOn: today(), inFull: false, rating: 3 })).status).toBe(200);
    expect(await receiptRows(quoteId)).toEqual([expect.objectContaining({ in_full: 0, counted: 0, not_counted_reason: 'not_confirmed' })]);
  });

  it('keeps but does not count a receipt from the supplier’s own e-mail domain', async () => {
    const probe = rfqSubmitResponseSchema.parse(
      (await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: `probe-${++buyers}@example.co.za` }) })).json,
    );
    const supplier = await server.database.db.selectFrom('suppliers').select('email').where('id', '=', probe.quotes[0]!.supplier.id).executeTakeFirstOrThrow();
    const { token, quoteId } = await confirmed(`purchasing-${buyers}@${supplier.email.split('@')[1]}`);
    expect((await receipt(token, { receivedOn: today(), inFull: true, rating: 5 })).status).toBe(200);
    expect(await receiptRows(quoteId)).toEqual([expect.objectContaining({ rating: 5, counted: 0, not_counted_reason: 'own_domain' })]);
  });

  it('loses its comment, not its outcome, with the buyer’s data', async () => {
    const { rfq, token, quoteId } = await confirmed();
    await receipt(token, { receivedOn: today(), inFull: true, rating: 2, comment: 'Late, call Jane on 082 123 4567' });
    await anonymiseRfqs(server.database.db, [rfq.rfqId], new Date(nowMs).toISOString());
    expect(await receiptRows(quoteId)).toEqual([expect.objectContaining({ rating: 2, in_full: 1, comment: null })]);
  });

  it('keeps no comment from a receipt recorded once the buyer’s data is deleted, and answers the same receipt again', async () => {
    const { rfq, token, quoteId } = await confirmed();
    await anonymiseRfqs(server.database.db, [rfq.rfqId], new Date(nowMs).toISOString());
    const body = { receivedOn: today(), inFull: true, rating: 4, comment: 'Call Jane on 082 123 4567' };
    expect((await receipt(token, body)).status).toBe(200);
    expect(await receiptRows(quoteId)).toEqual([expect.objectContaining({ rating: 4, in_full: 1, comment: null })]);
    expect((await receipt(token, body)).status).toBe(200);
  });
});

describe('the one reminder to confirm receipt', () => {
  it('goes the day after the promised day, exactly once, with the link to the form', async () => {
    const start = nowMs;
    try {
      const { rfq, token } = await confirmed();
      const deps = { database: server.database, outbox: server.app.deps.outbox };
      expect(await remindReceipts(deps, new Date(nowMs))).toBe(0);
      const promised = (await server.database.db.selectFrom('purchase_orders').select('promised_on').where('rfq_id', '=', rfq.rfqId).executeTakeFirstOrThrow())
        .promised_on!;
      nowMs = Date.parse(`${addDays(promised, 1)}T08:00:00+02:00`);
      await Promise.all([remindReceipts(deps, new Date(nowMs)), remindReceipts(deps, new Date(nowMs))]);
      nowMs += DAY_MS;
      await remindReceipts(deps, new Date(nowMs));
      const mails = await outbox(rfq.rfqId, 'buyer-receipt-reminder');
      expect(mails).toHaveLength(1);
      expect((await renderer().render(mails[0]!)).text).toContain(`/quote/${token}?action=receipt`);
    } finally {
      nowMs = start;
    }
  });

  it('goes the day after the supplier marks the order delivered, and never once the receipt is in', async () => {
    const start = nowMs;
    try {
      const deps = { database: server.database, outbox: server.app.deps.outbox };
      const marked = await confirmed();
      await server.request('POST', `/api/supplier-responses/${marked.response}/delivered`, { body: { deliveredOn: today() } });
      const received = await confirmed();
      await receipt(received.token, { receivedOn: today(), inFull: true, rating: 5 });
      nowMs += DAY_MS;
      await remindReceipts(deps, new Date(nowMs));
      expect(await outbox(marked.rfq.rfqId, 'buyer-receipt-reminder')).toHaveLength(1);
      nowMs += 60 * DAY_MS;
      await remindReceipts(deps, new Date(nowMs));
      expect(await outbox(received.rfq.rfqId, 'buyer-receipt-reminder')).toHaveLength(0);
    } finally {
      nowMs = start;
    }
  });
});
