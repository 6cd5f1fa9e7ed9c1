import { describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema, type Quote } from '../../../sdk/schemas/rfq';
import { formatRand } from '../../../sdk/format';
import { signInSupplier } from '../../test/suppliers';
import { startTestServerForFile, validRfq } from '../../test/harness';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });

async function newRequest(email: string) {
  const res = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: email }) });
  expect(res.status).toBe(201);
  return rfqSubmitResponseSchema.parse(res.json);
}

const shown = async (rfqId: string, quoteId: string): Promise<Quote> =>
  (await server.request('GET', `/api/rfq/${rfqId}`)).json.quotes.find((q: Quote) => q.id === quoteId);

describe('a quote as the buyer reads it', () => {
  it('once firmed, says its price is firm and names the firm total and lead time, where it said indicative', async () => {
    const rfq = await newRequest('firm@buyers.example');
    const q = rfq.quotes[0]!;
    expect(q.notes).toMatch(/^Indicative price/);
    expect(q.aiInsights.recommendation).toContain(q.leadTime);
    const s = await signInSupplier(server, q.supplier.id, 'firm@supplier.example');
    const firm = await server.request('POST', `/api/supplier/leads/${q.id}/firm`, { body: { unitPrice: 19.5, leadTimeDays: 9 }, headers: s.headers });
    expect(firm.status).toBe(200);

    const after = await shown(rfq.rfqId, q.id);
    expect(after.leadTime).toBe('9 days');
    expect(after.notes).toMatch(
      new RegExp(`^Firm price and lead time confirmed by ${q.supplier.name} on \\d+ \\w+ 2\\d{3}, valid until \\d+ \\w+ 2\\d{3}\\.$`),
    );
    const sentence = after.aiInsights.recommendation;
    expect(sentence).not.toContain(q.leadTime);
    expect(sentence).toContain('9 days');
    // Any figure it named of the indicative total is the firm one now.
    expect(sentence).not.toContain(`${formatRand(q.totalPrice)} excl. VAT`);
    expect(sentence).not.toMatch(/Indicative|Confirm the final price/);
  });

  it('once withdrawn, gives the reason its supplier gave; a quote still offered has none', async () => {
    const rfq = await newRequest('withdrawn@buyers.example');
    const [q, other] = rfq.quotes;
    const s = await signInSupplier(server, q!.supplier.id, 'withdraw@supplier.example');
    const res = await server.request('POST', `/api/supplier/leads/${q!.id}/decline`, { body: { reason: 'Out of stock until January' }, headers: s.headers });
    expect(res.status).toBe(200);
    expect(await shown(rfq.rfqId, q!.id)).toMatchObject({ status: 'withdrawn', withdrawalReason: 'Out of stock until January' });
    expect((await shown(rfq.rfqId, other!.id)).withdrawalReason).toBeUndefined();
  });
});
