import { beforeAll, describe, expect, it } from 'vitest';
import { BUYER_MESSAGES, buyerHistorySchema } from '../../contract/schemas/buyer';
import { rfqSchema, rfqSubmitResponseSchema } from '../../sdk/schemas/rfq';
import { ASKED_COLUMNS } from '../requests/rfq/rfq.repository';
import { signInBuyer } from '../test/buyers';
import { addressPerCall, startTestServerForFile, validRfq } from '../test/harness';

let now = Date.parse('2026-12-07T08:00:00.000Z');
const server = startTestServerForFile({ TRUST_PROXY: '1', RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
const origin = 'http://procura.test';
const BUYER = 'lerato.buyer@example.co.za';
const OTHER = 'someone.else@example.co.za';
const client = addressPerCall();
const db = () => server.database.db;

const LINES = [
  { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200 },
  { productName: 'Household Bleach', quantity: 40, productDescription: 'For the kitchens' },
];
let single: string;
let basket: string;
let others: string;

async function made(body: Record<string, unknown>) {
  const res = await server.request('POST', '/api/rfq', { body, headers: client() });
  expect(res.status).toBe(201);
  return (res.json as { rfqId: string }).rfqId;
}

async function signIn(email: string) {
  now += 61 * 60_000;
  return signInBuyer(server, email, client);
}

const repeat = (rfqId: string, cookie: string | null, body: unknown = {}, headers: Record<string, string> = {}) =>
  server.request('POST', `/api/buyer/requests/${rfqId}/repeat`, { body, headers: { origin, ...(cookie ? { cookie } : {}), ...client(), ...headers } });
const stored = async (rfqId: string) => rfqSchema.parse((await server.request('GET', `/api/rfq/${rfqId}`, { headers: client() })).json);
const row = (rfqId: string) => db().selectFrom('rfqs').selectAll().where('id', '=', rfqId).executeTakeFirstOrThrow();
const buyerMails = async (rfqId: string) =>
  (await db().selectFrom('outbox').select('kind').where('kind', '=', 'buyer-quotes').where('payload', 'like', `%${rfqId}%`).execute()).length;

beforeAll(async () => {
  single = await made(validRfq({ primaryEmail: 'Lerato.Buyer@example.co.za', companyName: 'Umhlanga Guest House', contactName: 'Lerato', quantity: 120 }));
  const { productName: _p, productDescription: _d, quantity: _q, ...shared } = validRfq({ primaryEmail: BUYER, deliveryLocation: 'Johannesburg' });
  basket = await made({ ...shared, lines: LINES });
  others = await made(validRfq({ primaryEmail: OTHER }));
});

describe('POST /api/buyer/requests/:rfqId/repeat', () => {
  it('is refused signed out (401) and from another origin (403)', async () => {
    expect((await repeat(single, null)).status).toBe(401);
    const cookie = await signIn(BUYER);
    expect((await repeat(single, cookie, {}, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('sends a single product again with its quantity, unit, city and contact, as a new request with its own quotes and e-mail', async () => {
    const cookie = await signIn(BUYER);
    const res = await repeat(single, cookie);
    expect(res.status).toBe(201);
    const answer = rfqSubmitResponseSchema.parse(res.json);
    expect(answer.rfqId).not.toBe(single);
    expect(answer.quotes.length).toBeGreaterThan(0);
    const [before, after] = await Promise.all([row(single), row(answer.rfqId)]);
    for (const column of [...ASKED_COLUMNS, 'supplier_count'] as const) {
      expect([column, after[column]]).toEqual([column, before[column]]);
    }
    expect(after.quantity).toBe(120);
    expect(await buyerMails(answer.rfqId)).toBe(1);
  });

  it('takes new quantities by line id and keeps the others', async () => {
    const cookie = await signIn(BUYER);
    const one = await repeat(single, cookie, { quantities: { L1: 75 } });
    expect(one.status).toBe(201);
    expect((await stored(rfqSubmitResponseSchema.parse(one.json).rfqId)).quantity).toBe(75);

    const res = await repeat(basket, cookie, { quantities: { L2: 60 } });
    expect(res.status).toBe(201);
    const answer = rfqSubmitResponseSchema.parse(res.json);
    expect(answer.lines).toEqual([
      { lineId: 'L1', productName: 'Hand Sanitizer 70% Alcohol', quantity: 200, unit: 'litres' },
      { lineId: 'L2', productName: 'Household Bleach', quantity: 60, unit: 'litres' },
    ]);
    const lines = await db().selectFrom('rfq_lines').select(['line_no', 'product_description']).where('rfq_id', '=', answer.rfqId).orderBy('line_no').execute();
    expect(lines.map((l) => l.product_description)).toEqual(['', 'For the kitchens']);
    expect((await row(answer.rfqId)).delivery_location).toBe((await row(basket)).delivery_location);
  });

  it('refuses a line the request does not have and a quantity the form would refuse, with their fields', async () => {
    const cookie = await signIn(BUYER);
    const unknown = await repeat(single, cookie, { quantities: { L2: 5 } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({
      error: { code: 'validation_error', message: 'Request validation failed', details: { fields: { 'quantities.L2': BUYER_MESSAGES.lineId } } },
    });
    const zero = await repeat(basket, cookie, { quantities: { L1: 0 } });
    expect(zero.status).toBe(400);
    expect((zero.json as { error: { details: { fields: Record<string, string> } } }).error.details.fields).toEqual({
      'quantities.L1': 'Quantity must be at least 1',
    });
  });

  it('answers a retry with the same Idempotency-Key with the first answer and no second request', async () => {
    const cookie = await signIn(BUYER);
    const headers = { 'Idempotency-Key': 'repeat-7f3a91' };
    const count = async () =>
      (
        await db()
          .selectFrom('rfqs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const first = await repeat(basket, cookie, { quantities: { L1: 10 } }, headers);
    const again = await repeat(basket, cookie, { quantities: { L1: 10 } }, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(Number(await count())).toBe(before + 1);
    const different = await repeat(basket, cookie, { quantities: { L1: 11 } }, headers);
    expect(different.status).toBe(422);
    expect((different.json as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
  });

  it("answers 404 for another buyer's request and for an id that is no request", async () => {
    const cookie = await signIn(BUYER);
    for (const id of [others, '999999999999999']) {
      const res = await repeat(id, cookie);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: { code: 'rfq_not_found', message: BUYER_MESSAGES.requestNotFound } });
    }
  });

  it('lists each request with its lines in the history, a single product as its one line', async () => {
    const cookie = await signIn(BUYER);
    const history = buyerHistorySchema.parse((await server.request('GET', '/api/buyer/requests', { headers: { cookie } })).json);
    const byId = new Map(history.requests.map((r) => [r.id, r]));
    expect(byId.get(single)?.lines).toEqual([{ lineId: 'L1', productName: 'Hand Sanitizer 70% Alcohol', quantity: 120, unit: 'litres' }]);
    expect(byId.get(basket)?.lines.map((l) => [l.lineId, l.quantity])).toEqual([
      ['L1', 200],
      ['L2', 40],
    ]);
    expect(byId.has(others)).toBe(false);
  });
});
