import { expect } from 'vitest';
import { rfqSchema, rfqSubmitResponseSchema, type Rfq, type RfqSubmitResponse } from '../../sdk/schemas/rfq';
import { type TestServer, validOrder, validRfq } from './harness';

/** Three lines that the seeded market's first suppliers all price. */
const BASKET_LINES = [
  { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200 },
  { productName: 'Household Bleach', quantity: 40 },
  { productName: 'Refuse Bags', quantity: 50 },
];

/**
 * Submits a three-line basket for Johannesburg to five suppliers and checks that the first `fullQuotes`
 * quotes price every line, so each line can go to any of them; `overrides` replaces any other field
 * of the request (its `primaryEmail`, say).
 */
export async function submitBasket(server: TestServer, fullQuotes: number, overrides: Record<string, unknown> = {}): Promise<RfqSubmitResponse> {
  const { productName: _p, productDescription: _d, quantity: _q, ...shared } = validRfq(overrides);
  const res = await server.request('POST', '/api/rfq', { body: { ...shared, lines: BASKET_LINES, supplierCount: 5, deliveryLocation: 'Johannesburg' } });
  expect(res.status).toBe(201);
  const rfq = rfqSubmitResponseSchema.parse(res.json);
  expect(rfq.quotes.length).toBeGreaterThanOrEqual(fullQuotes);
  for (const q of rfq.quotes.slice(0, fullQuotes)) expect(q.coverage).toMatchObject({ covered: 3, total: 3 });
  return rfq;
}

/** The buyer accepts a quote, or the lines of it named in `lineIds`, from its tracking link with a valid order. */
export const acceptQuote = (server: TestServer, token: string, body: Record<string, unknown> = {}) =>
  server.request('POST', `/api/quotes/track/${token}/accept`, { body: validOrder(body) });

/** The request as its buyer reads it. */
export const getRfq = async (server: TestServer, rfqId: string): Promise<Rfq> => rfqSchema.parse((await server.request('GET', `/api/rfq/${rfqId}`)).json);

/** The e-mails of one kind written about a request, oldest first. */
export const requestMail = (server: TestServer, rfqId: string, kind: string) =>
  server.database.db
    .selectFrom('outbox')
    .select(['kind', 'recipient', 'payload'])
    .where('payload', 'like', `%"rfqId":"${rfqId}"%`)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
