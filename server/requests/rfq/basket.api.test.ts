import { describe, expect, it } from 'vitest';
import { rfqSchema, rfqSubmitResponseSchema } from '../../../sdk/schemas/rfq';
import { bumpMarketRevision } from '../../catalogue/market.repository';
import { anonymiseRfqs } from '../privacy/privacy.repository';
import { validRfq, startTestServerForFile } from '../../test/harness';
import { MessageRenderer } from '../../mail-sender/renderer';
import { parseTrackingToken } from '../../lib/ids';
import { formatQuantity } from '../../../sdk/units';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });

const LINES = [
  { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200 },
  { productName: 'Household Bleach', quantity: 40, productDescription: 'For the wards' },
  { productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 30 },
  { productName: 'Nitrile Examination Gloves (100-pack)', quantity: 50 },
];

function basket(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { productName: _p, productDescription: _d, quantity: _q, ...shared } = validRfq();
  return { ...shared, lines: LINES, supplierCount: 5, deliveryLocation: 'Johannesburg', ...overrides };
}

describe('POST /api/rfq with lines', () => {
  it("answers 201 with each supplier's quote of the lines it supplies, the split and the stored rows", async () => {
    const res = await server.request('POST', '/api/rfq', { body: basket() });
    expect(res.status).toBe(201);
    const body = rfqSubmitResponseSchema.parse(res.json);
    expect(body.lines).toEqual([
      { lineId: 'L1', productName: 'Hand Sanitizer 70% Alcohol', quantity: 200, unit: 'litres' },
      { lineId: 'L2', productName: 'Household Bleach', quantity: 40, unit: expect.any(String) },
      { lineId: 'L3', productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 30, unit: expect.any(String) },
      { lineId: 'L4', productName: 'Nitrile Examination Gloves (100-pack)', quantity: 50, unit: expect.any(String) },
    ]);
    expect(body).toMatchObject({
      productName: 'Hand Sanitizer 70% Alcohol and 3 more products',
      quantity: 4,
      unit: 'products',
      deliveryLocation: 'Johannesburg, Gauteng',
    });
    expect(body.quotes.length).toBeGreaterThan(0);
    for (const quote of body.quotes) {
      const lines = quote.lines!;
      expect(lines.length).toBeGreaterThan(0);
      expect(quote.coverage).toEqual({ covered: lines.length, total: 4, text: `${lines.length} of 4 lines` });
      const total = lines.reduce((sum, l) => sum + Math.round(l.totalPrice * 100), 0);
      expect(Math.round(quote.totalPrice * 100)).toBe(total);
      expect(quote.totalPriceInclVat).toBeCloseTo(quote.totalPrice * 1.15, 1);
      for (const l of lines) {
        expect(Math.round(l.totalPrice * 100)).toBe(Math.round(l.unitPrice * 100) * l.quantity);
        expect(l.status).toBe('offered');
      }
      expect(quote.trackingToken).toMatch(/^qt_/);
    }
    // Best coverage first.
    const covered = body.quotes.map((q) => q.coverage!.covered);
    expect(covered).toEqual([...covered].sort((a, b) => b - a));
    // The split gives every line to the cheapest quote of it (no supplier here has a minimum order).
    const split = body.split!;
    for (const { lineId, quoteId } of split.split.lines) {
      const prices = body.quotes.flatMap((q) => q.lines!.filter((l) => l.lineId === lineId).map((l) => ({ id: q.id, cents: Math.round(l.totalPrice * 100) })));
      if (prices.length === 0) {
        expect(quoteId).toBeNull();
        continue;
      }
      const cheapest = Math.min(...prices.map((p) => p.cents));
      expect(prices.find((p) => p.id === quoteId)!.cents).toBe(cheapest);
    }
    expect(split.split.deliveries).toBe(split.split.suppliers.length);
    if (split.single && split.saving !== null) expect(split.saving).toBeCloseTo(split.single.totalPrice - split.split.totalPrice, 2);

    const { db } = server.database;
    const rfq = await db.selectFrom('rfqs').selectAll().where('id', '=', body.rfqId).executeTakeFirstOrThrow();
    expect(rfq).toMatchObject({ line_count: 4, quantity: 4, city_id: 'johannesburg', primary_email: 'jane.buyer@example.co.za' });
    const lines = await db.selectFrom('rfq_lines').selectAll().where('rfq_id', '=', body.rfqId).orderBy('line_no').execute();
    expect(lines.map((l) => [l.line_no, l.product_name, l.quantity, l.product_description])).toEqual([
      [0, 'Hand Sanitizer 70% Alcohol', 200, ''],
      [1, 'Household Bleach', 40, 'For the wards'],
      [2, 'Toilet Paper 2-Ply (48-pack)', 30, ''],
      [3, 'Nitrile Examination Gloves (100-pack)', 50, ''],
    ]);
    const quoteLines = await db.selectFrom('quote_lines').selectAll().where('rfq_id', '=', body.rfqId).execute();
    expect(quoteLines).toHaveLength(body.quotes.reduce((n, q) => n + q.lines!.length, 0));
    // One buyer e-mail for the whole basket.
    const mail = await db.selectFrom('outbox').select(['kind']).where('payload', 'like', `%${body.rfqId}%`).execute();
    expect(mail.filter((m) => m.kind === 'buyer-quotes')).toHaveLength(1);
  });

  it("GET /api/rfq/:rfqId returns the lines, each quote's lines and the split", async () => {
    const sent = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: basket() })).json);
    const res = await server.request('GET', `/api/rfq/${sent.rfqId}`);
    expect(res.status).toBe(200);
    const rfq = rfqSchema.parse(res.json);
    expect(rfq.lines).toEqual(sent.lines);
    expect(rfq.split).toEqual(sent.split);
    expect(rfq.quotes.map((q) => [q.id, q.lines, q.coverage])).toEqual(sent.quotes.map((q) => [q.id, q.lines, q.coverage]));
    expect(rfq.primaryEmail).toBe('j***@example.co.za');
  });

  it("names each failing line's field by its place", async () => {
    const res = await server.request('POST', '/api/rfq', {
      body: basket({ lines: [LINES[0], { productName: 'ab', quantity: 2 }, LINES[2], { productName: 'Household Bleach', quantity: 'many' }] }),
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        code: 'validation_error',
        message: 'Request validation failed',
        details: { fields: { 'lines.1.productName': 'Product name must be at least 3 characters', 'lines.3.quantity': 'Quantity must be at least 1' } },
      },
    });
  });

  it('holds 1 to 50 lines, and checks the shared fields as a single request does', async () => {
    const none = await server.request('POST', '/api/rfq', { body: basket({ lines: [] }) });
    expect([none.status, none.json.error.details.fields]).toEqual([400, { lines: 'Add 1 to 50 products' }]);
    const many = await server.request('POST', '/api/rfq', { body: basket({ lines: Array.from({ length: 51 }, () => LINES[0]) }) });
    expect([many.status, many.json.error.details.fields]).toEqual([400, { lines: 'Add 1 to 50 products' }]);
    const shared = await server.request('POST', '/api/rfq', { body: basket({ primaryEmail: 'nope', agreeTerms: false }) });
    expect(shared.json.error.details.fields).toEqual({
      primaryEmail: 'Please enter a valid email address',
      agreeTerms: 'Please agree to the terms and conditions',
    });
  });

  it('names the line whose unit cannot be quoted, and an unknown place', async () => {
    const unit = await server.request('POST', '/api/rfq', {
      body: basket({ lines: [LINES[0], { productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 3, unit: 'kg' }] }),
    });
    expect(unit.status).toBe(400);
    expect(Object.keys(unit.json.error.details.fields)).toEqual(['lines.1.unit']);
    expect(unit.json.error.details.fields['lines.1.unit']).toMatch(/^Toilet Paper 2-Ply \(48-pack\) can be quoted in .*, not kg$/);
    const place = await server.request('POST', '/api/rfq', { body: basket({ deliveryLocation: 'Atlantis' }) });
    expect(Object.keys(place.json.error.details.fields)).toEqual(['deliveryLocation']);
  });

  it('answers a repeat with the same idempotency key as the first time', async () => {
    const headers = { 'Idempotency-Key': 'basket-key-1' };
    const first = await server.request('POST', '/api/rfq', { body: basket(), headers });
    const again = await server.request('POST', '/api/rfq', { body: basket(), headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
  });

  it("respects a supplier's minimum order in the split", async () => {
    const sent = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: basket() })).json);
    const { split } = sent.split!;
    const small = split.suppliers.reduce((a, b) => (a.totalPrice <= b.totalPrice ? a : b));
    const quote = sent.quotes.find((q) => q.id === small.quoteId)!;
    // That supplier now asks for more than the split gave it, and more than its whole quote.
    const { db } = server.database;
    await db
      .updateTable('suppliers')
      .set({ minimum_order_cents: Math.round(quote.totalPrice * 100) + 100 })
      .where('id', '=', quote.supplier.id)
      .execute();
    await bumpMarketRevision(db);
    try {
      const again = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: basket() })).json);
      const same = again.quotes.find((q) => q.supplier.id === quote.supplier.id)!;
      expect(same.minimumOrder).toBeCloseTo(quote.totalPrice + 1, 2);
      expect(again.split!.split.suppliers.map((s) => s.quoteId)).not.toContain(same.id);
      expect(again.split!.single?.suppliers.map((s) => s.quoteId) ?? []).not.toContain(same.id);
    } finally {
      await db.updateTable('suppliers').set({ minimum_order_cents: 0 }).where('id', '=', quote.supplier.id).execute();
      await bumpMarketRevision(db);
    }
  });

  it("clears the lines' descriptions once the request's personal data is deleted", async () => {
    const sent = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: basket() })).json);
    const { db } = server.database;
    const kept = await db
      .selectFrom('rfq_lines')
      .select('product_description')
      .where('rfq_id', '=', sent.rfqId)
      .where('line_no', '=', 1)
      .executeTakeFirstOrThrow();
    expect(kept.product_description).toBe('For the wards');
    expect(await anonymiseRfqs(db, [sent.rfqId], '2026-12-01T00:00:00.000Z')).toBe(1);
    const lines = await db.selectFrom('rfq_lines').select('product_description').where('rfq_id', '=', sent.rfqId).execute();
    expect(lines.map((l) => l.product_description)).toEqual(['', '', '', '']);
  });

  it("e-mails the buyer once with every supplier's lines, and each supplier a lead of only its own lines", async () => {
    const sent = rfqSubmitResponseSchema.parse(
      (await server.request('POST', '/api/rfq', { body: basket({ primaryEmail: 'basket.mail@example.co.za' }) })).json,
    );
    const { db } = server.database;
    const renderer = new MessageRenderer(db, { publicUrl: 'http://procura.test', messageIdDomain: 'procura.test' }, server.app.deps.market);
    const buyerRow = await db
      .selectFrom('outbox')
      .select(['kind', 'payload'])
      .where('kind', '=', 'buyer-quotes')
      .where('recipient', '=', 'basket.mail@example.co.za')
      .executeTakeFirstOrThrow();
    const buyerMail = await renderer.render(buyerRow);
    for (const q of sent.quotes) {
      expect(buyerMail.text).toContain(q.coverage!.text);
      for (const l of q.lines!) expect(buyerMail.text).toContain(`${l.productName}: ${formatQuantity(l.quantity, l.unit)} at`);
    }
    const partial = sent.quotes.find((q) => q.coverage!.covered < 4) ?? sent.quotes[0]!;
    const { quoteId } = parseTrackingToken(partial.trackingToken!)!;
    const lead = await renderer.render({ kind: 'supplier-lead', payload: JSON.stringify({ rfqId: sent.rfqId, quoteId }) });
    expect(lead.subject).toBe(`Procura lead: ${partial.lines!.length} ${partial.lines!.length === 1 ? 'product' : 'products'} to Johannesburg, Gauteng`);
    for (const line of sent.lines!) {
      const quoted = partial.lines!.some((l) => l.lineId === line.lineId);
      expect(lead.text.includes(`${line.productName}: ${formatQuantity(line.quantity, line.unit)} at`)).toBe(quoted);
      expect(lead.text).not.toContain(`${line.lineId}: `);
    }
    expect(lead.text).not.toContain('Quoted unit price');
  });

  it('leaves the single-product request as it was', async () => {
    const res = await server.request('POST', '/api/rfq', { body: validRfq() });
    expect(res.status).toBe(201);
    expect(res.json).not.toHaveProperty('lines');
    expect(res.json).not.toHaveProperty('split');
    expect(res.json.quotes[0]).not.toHaveProperty('lines');
    const got = await server.request('GET', `/api/rfq/${res.json.rfqId}`);
    expect(got.json).not.toHaveProperty('lines');
  });
});
