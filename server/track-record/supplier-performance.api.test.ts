import { beforeAll, describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema } from '../../sdk/schemas/rfq';
import { scorecardSchema } from '../../contract/schemas/scorecard';
import { adminSupplierScorecardSchema, PERFORMANCE_MESSAGES, supplierPerformanceSchema } from '../../contract/schemas/supplier-performance';
import { addDays, johannesburgDay } from '../domain/calendar';
import { parseTrackingToken } from '../lib/ids';
import { responseTokenOf, startTestServerForFile, validOrder, validRfq } from '../test/harness';
import { withoutSeedHistory } from '../test/market';
import { signInStaff } from '../test/staff';
import { signInSupplier } from '../test/suppliers';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });
const today = () => johannesburgDay(Date.now());
let buyers = 0;
let supplierId = 0;
let supplierDomain = '';

/** An order placed with the file's supplier by `email`; confirmed by the supplier when asked. Answers the quote's tracking token and id. */
async function orderFrom(email: string, confirm: boolean): Promise<{ token: string; quoteId: number }> {
  const rfq = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: email, supplierCount: 10 }) })).json);
  const quote = rfq.quotes.find((q) => q.supplier.id === supplierId);
  expect(quote, 'a quote from the file’s supplier').toBeDefined();
  expect((await server.request('POST', `/api/quotes/track/${quote!.trackingToken}/accept`, { body: validOrder() })).status).toBe(200);
  if (confirm) expect((await server.request('POST', `/api/supplier-responses/${await responseTokenOf(server, rfq.rfqId)}/confirm`)).status).toBe(200);
  return { token: quote!.trackingToken!, quoteId: parseTrackingToken(quote!.trackingToken!)!.quoteId };
}

const receipt = (token: string, body: Record<string, unknown>) => server.request('POST', `/api/quotes/track/${token}/receipt`, { body });

beforeAll(async () => {
  // The figures here are of the orders below alone.
  await withoutSeedHistory(server.database.db);
  const probe = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 10 }) })).json);
  supplierId = probe.quotes[0]!.supplier.id;
  const { email } = await server.database.db.selectFrom('suppliers').select('email').where('id', '=', supplierId).executeTakeFirstOrThrow();
  supplierDomain = email.split('@')[1]!;
});

describe('GET /api/supplier/performance', () => {
  it('answers the supplier’s own scorecard, as the public one, and its orders newest first with their outcomes and why one does not count', async () => {
    const counted = await orderFrom(`buyer-${++buyers}@example.co.za`, true);
    expect((await receipt(counted.token, { receivedOn: today(), inFull: false, rating: 4, comment: 'Jane says two boxes short' })).status).toBe(200);
    const own = await orderFrom(`purchasing-${++buyers}@${supplierDomain}`, true);
    expect((await receipt(own.token, { receivedOn: today(), inFull: true, rating: 5 })).status).toBe(200);
    const unconfirmed = await orderFrom(`buyer-${++buyers}@example.co.za`, false);
    expect((await receipt(unconfirmed.token, { receivedOn: today(), inFull: true, rating: 5 })).status).toBe(200);
    const awaiting = await orderFrom(`buyer-${++buyers}@example.co.za`, true);

    const { headers } = await signInSupplier(server, supplierId, `owner@${supplierDomain}`);
    const res = await server.request('GET', '/api/supplier/performance', { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const performance = supplierPerformanceSchema.parse(res.json);
    const publicCard = scorecardSchema.parse((await server.request('GET', `/api/suppliers/${supplierId}/scorecard`)).json);
    expect(performance.scorecard).toEqual(publicCard);
    expect(performance.scorecard).toMatchObject({ orders: 4, confirmed: 3, receipts: 1, new: true, onTimeInFull: { count: 0, share: null } });

    const byQuote = new Map(performance.orders.map((o) => [o.quoteId, o]));
    expect(performance.orders.map((o) => o.quoteId)).toEqual([awaiting, unconfirmed, own, counted].map((o) => `Q-${o.quoteId}`));
    expect(byQuote.get(`Q-${counted.quoteId}`)).toMatchObject({
      status: 'confirmed',
      receipt: { receivedOn: today(), inFull: false, rating: 4, onTime: true },
      counted: true,
      notCountedReason: null,
    });
    expect(byQuote.get(`Q-${own.quoteId}`)).toMatchObject({ receipt: { rating: 5 }, counted: false, notCountedReason: 'own_domain' });
    expect(byQuote.get(`Q-${unconfirmed.quoteId}`)).toMatchObject({
      status: 'sent',
      receipt: { rating: 5 },
      counted: false,
      notCountedReason: 'not_confirmed',
    });
    expect(byQuote.get(`Q-${awaiting.quoteId}`)).toMatchObject({
      status: 'confirmed',
      receipt: null,
      deliveredOn: null,
      counted: true,
      notCountedReason: null,
    });
    const first = performance.orders[0]!;
    expect(first.purchaseOrderNumber).toMatch(/^PO-\d{4}-\d{6}$/);
    expect(first.value).toBeGreaterThan(0);
    expect(first.promisedOn >= first.issuedOn).toBe(true);
    expect(performance.nextCursor).toBeNull();
    // Nothing of the buyers: no address, name or comment.
    expect(res.text).not.toMatch(/example\.co\.za|purchasing-|Jane|boxes short/);
  });

  it('pages 20 orders at a time behind an opaque cursor, newest first, and refuses a cursor that names no page', async () => {
    const { headers } = await signInSupplier(server, supplierId, `pages@${supplierDomain}`);
    // Older orders of the same quote, within the 12 months, one a day.
    const template = await server.database.db
      .selectFrom('purchase_orders as po')
      .innerJoin('quotes as q', 'q.id', 'po.quote_id')
      .selectAll('po')
      .where('q.supplier_id', '=', supplierId)
      .orderBy('po.id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...row } = template;
    for (let i = 1; i <= 20; i++) {
      await server.database.db
        .insertInto('purchase_orders')
        .values({ ...row, po_number: `PO-2020-${String(900000 + i)}`, issued_on: addDays(today(), -i - 10), confirmed_on: null, promised_on: null })
        .execute();
    }
    // Outside the 12 months: never listed.
    await server.database.db
      .insertInto('purchase_orders')
      .values({ ...row, po_number: 'PO-2020-999999', issued_on: addDays(today(), -400) })
      .execute();

    const first = supplierPerformanceSchema.parse((await server.request('GET', '/api/supplier/performance', { headers })).json);
    expect(first.orders).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = supplierPerformanceSchema.parse((await server.request('GET', `/api/supplier/performance?cursor=${first.nextCursor}`, { headers })).json);
    const all = [...first.orders, ...second.orders];
    expect(all).toHaveLength(24);
    expect(second.nextCursor).toBeNull();
    expect(new Set(all.map((o) => o.purchaseOrderNumber)).size).toBe(24);
    expect(all.map((o) => o.issuedOn)).toEqual([...all.map((o) => o.issuedOn)].sort().reverse());
    expect(all.some((o) => o.purchaseOrderNumber === 'PO-2020-999999')).toBe(false);
    expect(second.orders.at(-1)).toMatchObject({ status: 'sent', receipt: null, counted: false, notCountedReason: 'not_confirmed' });

    for (const cursor of ['not-a-cursor', 'W10', '%%%']) {
      const bad = await server.request('GET', `/api/supplier/performance?cursor=${cursor}`, { headers });
      expect([bad.status, bad.json.error.code]).toEqual([400, 'validation_error']);
      expect(JSON.stringify(bad.json)).toContain(PERFORMANCE_MESSAGES.cursor);
    }
    const unknown = await server.request('GET', '/api/supplier/performance?page=2', { headers });
    expect(unknown.status).toBe(400);
  });

  it('answers 401 without a supplier session, and to a staff session', async () => {
    const res = await server.request('GET', '/api/supplier/performance');
    expect([res.status, res.json.error.code]).toEqual([401, 'unauthorized']);
    const staff = await signInStaff(server);
    const asStaff = await server.request('GET', '/api/supplier/performance', { headers: staff.headers });
    expect(asStaff.status).toBe(401);
  });
});

describe('GET /api/admin/suppliers/:id/scorecard', () => {
  it('answers an admin the supplier’s scorecard and orders as its workspace reads them, and lists the receipts kept but not counted with why', async () => {
    const admin = await signInStaff(server, { role: 'admin' });
    const { headers } = await signInSupplier(server, supplierId, `staffview@${supplierDomain}`);
    const res = await server.request('GET', `/api/admin/suppliers/${supplierId}/scorecard`, { headers: admin.headers });
    expect(res.status).toBe(200);
    const card = adminSupplierScorecardSchema.parse(res.json);
    const own = supplierPerformanceSchema.parse((await server.request('GET', '/api/supplier/performance', { headers })).json);
    expect({ scorecard: card.scorecard, orders: card.orders, nextCursor: card.nextCursor }).toEqual(own);
    expect(card.notCounted.map((o) => o.notCountedReason)).toEqual(['not_confirmed', 'own_domain']);
    expect(card.notCounted.every((o) => o.receipt !== null && !o.counted)).toBe(true);
    expect(res.text).not.toMatch(/example\.co\.za|purchasing-|Jane|boxes short/);

    const next = await server.request('GET', `/api/admin/suppliers/${supplierId}/scorecard?cursor=${card.nextCursor}`, { headers: admin.headers });
    expect(adminSupplierScorecardSchema.parse(next.json).orders.length).toBeGreaterThan(0);
    const missing = await server.request('GET', '/api/admin/suppliers/999999/scorecard', { headers: admin.headers });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'supplier_not_found']);
    const bad = await server.request('GET', `/api/admin/suppliers/${supplierId}/scorecard?cursor=W10`, { headers: admin.headers });
    expect([bad.status, bad.json.error.message]).toEqual([400, PERFORMANCE_MESSAGES.cursor]);
  });

  it('answers 401 signed out, 403 to a sales user and to a supplier’s session', async () => {
    const path = `/api/admin/suppliers/${supplierId}/scorecard`;
    expect((await server.request('GET', path)).status).toBe(401);
    const sales = await signInStaff(server, { role: 'sales' });
    const asSales = await server.request('GET', path, { headers: sales.headers });
    expect([asSales.status, asSales.json.error.code]).toEqual([403, 'forbidden']);
    const { headers } = await signInSupplier(server, supplierId, `nosy@${supplierDomain}`);
    expect((await server.request('GET', path, { headers })).status).toBe(401);
  });
});
