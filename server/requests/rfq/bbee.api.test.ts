import { describe, expect, it } from 'vitest';
import { BBEE_RECOGNITION, type BbeeLevel } from '../../../sdk/bbee';
import { rfqSchema, rfqSubmitResponseSchema, trackedQuoteResponseSchema, type Quote } from '../../../sdk/schemas/rfq';
import { validRfq, startTestServerForFile } from '../../test/harness';

// 27 November 2026, 10:00 in Johannesburg; the clock moves in the tests.
let now = Date.UTC(2026, 10, 27, 8, 0, 0);
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });

const db = () => server.database.db;

/** What the quote's supplier has on file, read from the database. */
async function onFile(q: Quote) {
  return db()
    .selectFrom('suppliers')
    .select(['vat_number', 'registered_address', 'bbee_level', 'bbee_evidence', 'bbee_expires_on'])
    .where('id', '=', q.supplier.id)
    .executeTakeFirstOrThrow();
}

describe('B-BBEE level and recognised spend on every quote', () => {
  it('shows each supplier’s level and what the quote’s spend is recognised as, without changing a price', async () => {
    const res = await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 10, deliveryLocation: 'Johannesburg' }) });
    const body = rfqSubmitResponseSchema.parse(res.json);
    expect(body.quotes.length).toBeGreaterThanOrEqual(5);
    for (const q of body.quotes) {
      const file = await onFile(q);
      expect(q.supplier.vatNumber).toBe(file.vat_number);
      expect(q.supplier.registeredAddress).toBe(file.registered_address);
      const valid = file.bbee_level !== null && file.bbee_level > 0 && file.bbee_expires_on! >= '2026-11-27';
      const percent = valid ? BBEE_RECOGNITION[file.bbee_level as BbeeLevel] : 0;
      expect(q.supplier.bbee.recognitionPercent).toBe(percent);
      expect(Math.round(q.recognisedSpend * 100)).toBe(Math.round((Math.round(q.totalPrice * 100) * percent) / 100));
    }
    const again = rfqSchema.parse((await server.request('GET', `/api/rfq/${body.rfqId}`)).json);
    expect(again.quotes.map((q) => [q.supplier.bbee, q.recognisedSpend, q.totalPrice])).toEqual(
      body.quotes.map((q) => [q.supplier.bbee, q.recognisedSpend, q.totalPrice]),
    );

    // A level changes no price: the same request against suppliers of other levels costs the same.
    await db().updateTable('suppliers').set({ bbee_level: 1, bbee_evidence: 'certificate', bbee_expires_on: '2027-12-31' }).execute();
    server.app.deps.market.invalidate();
    const relevelled = rfqSubmitResponseSchema.parse(
      (await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 10, deliveryLocation: 'Johannesburg' }) })).json,
    );
    expect(relevelled.quotes.map((q) => [q.supplier.id, q.totalPrice])).toEqual(body.quotes.map((q) => [q.supplier.id, q.totalPrice]));
    expect(relevelled.quotes.every((q) => q.supplier.bbee.recognitionPercent === 135)).toBe(true);
  });

  it('counts an expired certificate as non-compliant from the day after its expiry, in Johannesburg', async () => {
    const body = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq() })).json);
    const first = body.quotes[0]!;
    await db()
      .updateTable('suppliers')
      .set({ bbee_level: 2, bbee_evidence: 'certificate', bbee_expires_on: '2026-11-30' })
      .where('id', '=', first.supplier.id)
      .execute();
    server.app.deps.market.invalidate();
    // 30 November, 23:30 in Johannesburg (21:30 UTC): the last day the certificate counts.
    now = Date.UTC(2026, 10, 30, 21, 30, 0);
    let quote = rfqSchema.parse((await server.request('GET', `/api/rfq/${body.rfqId}`)).json).quotes[0]!;
    expect([quote.supplier.bbee.status, quote.supplier.bbee.recognitionPercent]).toEqual(['valid', 125]);
    expect(quote.recognisedSpend).toBe(Math.round(first.totalPrice * 125) / 100);
    // 1 December, 00:30 in Johannesburg (30 November, 22:30 UTC): expired, recognised at 0 %.
    now = Date.UTC(2026, 10, 30, 22, 30, 0);
    quote = rfqSchema.parse((await server.request('GET', `/api/rfq/${body.rfqId}`)).json).quotes[0]!;
    expect(quote.supplier.bbee).toEqual({ level: null, evidence: 'certificate', expiresOn: '2026-11-30', status: 'expired', recognitionPercent: 0 });
    expect(quote.recognisedSpend).toBe(0);
    const tracked = trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${first.trackingToken}`)).json);
    expect(tracked.quote.rfq.quotes[0]!.supplier.bbee.status).toBe('expired');
    now = Date.UTC(2026, 10, 27, 8, 0, 0);
  });
});
