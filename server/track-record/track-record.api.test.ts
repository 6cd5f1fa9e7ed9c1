import { describe, expect, it } from 'vitest';
import { scorecardSchema } from '../../contract/schemas/scorecard';
import { rfqSubmitResponseSchema } from '../../sdk/schemas/rfq';
import { responseTokenOf, startTestServerForFile, validOrder, validRfq } from '../test/harness';
import { MessageRenderer } from '../mail-sender/renderer';
import { receiptRecorded } from './track-record.service';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });

const scorecard = async (supplier: string | number) => {
  const res = await server.request('GET', `/api/suppliers/${supplier}/scorecard`);
  return { status: res.status, json: res.json as Record<string, unknown> };
};

/** Orders from one supplier (or one with none yet), each confirmed by it: requests it quoted for, accepted and confirmed. */
async function confirmedOrdersFrom(supplierName: string | null, count: number, where = 'Durban'): Promise<{ name: string; poIds: number[] }> {
  const poIds: number[] = [];
  let name = supplierName;
  for (let i = 0; poIds.length < count && i < count * 3; i++) {
    const rfq = rfqSubmitResponseSchema.parse(
      (await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 10, deliveryLocation: where }) })).json,
    );
    // With no name: a supplier the seed gave no orders.
    const quote = name === null ? rfq.quotes.find((q) => q.supplier.record?.receipts === 0) : rfq.quotes.find((q) => q.supplier.name === name);
    if (!quote) continue;
    name = quote.supplier.name;
    expect((await server.request('POST', `/api/quotes/track/${quote.trackingToken}/accept`, { body: validOrder() })).status).toBe(200);
    expect((await server.request('POST', `/api/supplier-responses/${await responseTokenOf(server, rfq.rfqId)}/confirm`)).status).toBe(200);
    const po = await server.database.db.selectFrom('purchase_orders').select('id').where('rfq_id', '=', rfq.rfqId).executeTakeFirstOrThrow();
    poIds.push(po.id);
  }
  expect(poIds).toHaveLength(count);
  return { name: name!, poIds };
}

async function recordReceipt(poId: number, receipt: { onTime: boolean; inFull: boolean; rating: number; counted?: boolean }) {
  const { supplier_id } = await server.database.db
    .selectFrom('purchase_orders as po')
    .innerJoin('quotes as q', 'q.id', 'po.quote_id')
    .select('q.supplier_id')
    .where('po.id', '=', poId)
    .executeTakeFirstOrThrow();
  await server.database.db
    .insertInto('order_receipts')
    .values({
      purchase_order_id: poId,
      supplier_id,
      received_on: '2026-12-01',
      on_time: receipt.onTime ? 1 : 0,
      in_full: receipt.inFull ? 1 : 0,
      rating: receipt.rating,
      comment: null,
      counted: receipt.counted === false ? 0 : 1,
      created_at: new Date().toISOString(),
    })
    .execute();
}

describe('quotes read the earned record', () => {
  it('says "New on Procura" of a supplier with no receipts, on the quote and in the e-mail, and cites its first three receipts once recorded', async () => {
    // A new supplier with a seeded receipt or two, cleared: it has none.
    const first = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 10 }) })).json);
    const newcomer = first.quotes.find((q) => q.supplier.record?.new && q.supplier.record.receipts > 0)!.supplier;
    await server.database.db.deleteFrom('order_receipts').where('supplier_id', '=', newcomer.id).execute();
    await receiptRecorded(server.database.db);
    const rfq = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 10 }) })).json);
    const fresh = rfq.quotes.find((q) => q.supplier.id === newcomer.id);
    expect(fresh?.supplier.record?.receipts, 'a quote from a supplier with no receipts').toBe(0);
    expect(fresh!.supplier.record).toMatchObject({ new: true, ratingAverage: null, text: 'New on Procura', ratingText: 'New on Procura' });
    expect(fresh!.aiInsights.recommendation).toContain('New on Procura: no record or rating yet.');
    expect(fresh!.aiInsights.riskLevel).not.toBe('low');
    const mail = await server.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'buyer-quotes')
      .where('payload', 'like', `%${rfq.rfqId}%`)
      .executeTakeFirstOrThrow();
    const email = await new MessageRenderer(server.database.db, server.app.deps.outbox.settings, server.app.deps.market).render(mail);
    const block = email.text.slice(email.text.indexOf(fresh!.supplier.name));
    expect(block.slice(0, block.indexOf('\n\n'))).toContain('New on Procura');
    expect(email.text).not.toMatch(/rated \d\.\d\/5/);

    const { poIds } = await confirmedOrdersFrom(fresh!.supplier.name, 3);
    for (const poId of poIds) await recordReceipt(poId, { onTime: true, inFull: true, rating: 5 });
    await receiptRecorded(server.database.db);
    const next = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 10 }) })).json);
    const cited = next.quotes.find((q) => q.supplier.name === fresh!.supplier.name)!;
    expect(cited.supplier.record).toMatchObject({
      receipts: 3,
      onTimeInFull: 3,
      ratingAverage: 5,
      ratingCount: 3,
      new: false,
      ratingText: '5.0 from 3 buyers',
    });
    expect(cited.supplier.rating).toBe(5);
    expect(cited.aiInsights.recommendation).toContain('rated 5.0 from 3 buyers');
    expect(cited.aiInsights.recommendation).toMatch(/Delivered on time and in full for 3 of 3 orders on Procura in the last 12 months\.$/);
    const card = scorecardSchema.parse((await scorecard(cited.supplier.id)).json);
    expect(card).toMatchObject({ receipts: 3, onTimeInFull: { count: 3 }, rating: { average: 5, count: 3 } });
  });
});

describe('GET /api/suppliers/:supplier/scorecard', () => {
  it('answers a supplier with no record as new, with counts of zero and no share', async () => {
    const [{ id }] = await server.database.db
      .selectFrom('suppliers as s')
      .select('s.id')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('order_receipts as r').select('r.id').whereRef('r.supplier_id', '=', 's.id'))))
      .orderBy('s.id')
      .limit(1)
      .execute();
    const { status, json } = await scorecard(id!);
    expect(status).toBe(200);
    const card = scorecardSchema.parse(json);
    expect(card).toMatchObject({ supplierId: id, orders: 0, receipts: 0, new: true, rating: { average: null, count: 0 } });
    expect(card.onTimeInFull.share).toBeNull();
    expect((await scorecard(card.slug)).json).toEqual(json);
  });

  it('counts confirmed orders and, from the third counted receipt, shows shares and the average', async () => {
    const { name, poIds } = await confirmedOrdersFrom(null, 4);
    const supplier = await server.database.db.selectFrom('suppliers').select(['id', 'slug']).where('name', '=', name).executeTakeFirstOrThrow();
    await recordReceipt(poIds[0]!, { onTime: true, inFull: true, rating: 5 });
    await recordReceipt(poIds[1]!, { onTime: false, inFull: true, rating: 4 });
    // From the supplier's own domain: kept, never counted.
    await recordReceipt(poIds[2]!, { onTime: true, inFull: true, rating: 5, counted: false });
    let card = scorecardSchema.parse((await scorecard(supplier.slug!)).json);
    expect(card).toMatchObject({ orders: 4, confirmed: 4, receipts: 2, new: true, onTimeInFull: { count: 1, share: null } });

    await recordReceipt(poIds[3]!, { onTime: true, inFull: false, rating: 3 });
    card = scorecardSchema.parse((await scorecard(supplier.id)).json);
    expect(card).toMatchObject({
      receipts: 3,
      new: false,
      onTimeInFull: { count: 1, share: 0.333 },
      inFull: { count: 2, share: 0.667 },
      rating: { average: 4, count: 3 },
    });
    expect(JSON.stringify(card)).not.toContain('jane.buyer');
  });

  it('answers 404 for no such supplier and 400 for what is neither an id nor a slug', async () => {
    expect(await scorecard('no-such-supplier')).toMatchObject({ status: 404, json: { error: { code: 'supplier_not_found' } } });
    expect((await scorecard('Not_A_Slug')).status).toBe(400);
  });
});
