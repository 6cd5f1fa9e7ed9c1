import { beforeAll, describe, expect, it } from 'vitest';
import { approvalsSchema } from '../../contract/schemas/buyer-company';
import { buyerHistorySchema } from '../../contract/schemas/buyer';
import { trackedQuoteResponseSchema, type Rfq, type RfqSubmitResponse } from '../../sdk/schemas/rfq';
import { parseTrackingToken } from '../lib/ids';
import { signInBuyer } from '../test/buyers';
import { acceptQuote, getRfq, requestMail, submitBasket } from '../test/baskets';
import { addressPerCall, startTestServerForFile, validOrder, validRfq } from '../test/harness';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000', TRUST_PROXY: '1' });
const origin = 'http://procura.test';
const HEAD = 'head@kwezi.co.za';
const CLERK = 'clerk@kwezi.co.za';
const client = addressPerCall();
const db = () => server.database.db;

const cookies = new Map<string, string>();
async function call(method: string, path: string, email: string, body?: unknown) {
  if (!cookies.has(email)) cookies.set(email, await signInBuyer(server, email, client));
  return server.request(method, path, { headers: { cookie: cookies.get(email)!, origin, ...client() }, ...(body === undefined ? {} : { body }) });
}
const acceptSplit = (token: string) => server.request('POST', `/api/quotes/track/${token}/accept-split`, { body: validOrder(), headers: { origin } });
const statusOf = async (token: string) => trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${token}`)).json).quote.status;
const lineStatuses = (rfq: Rfq, quoteIndex: number) => rfq.quotes[quoteIndex]!.lines!.map((l) => `${l.lineId}:${l.status}`);
const quoteIdOf = (rfq: RfqSubmitResponse, i: number) => parseTrackingToken(rfq.quotes[i]!.trackingToken!)!.quoteId;
const ordersTo = async (rfqId: string) => (await requestMail(server, rfqId, 'supplier-order')).map((m) => m.recipient);
const purchaseOrders = async (rfqId: string) =>
  (await db().selectFrom('purchase_orders').select('quote_id').where('rfq_id', '=', rfqId).orderBy('quote_id').execute()).map((p) => p.quote_id);

/** The clerk's three-line basket, whose cheapest split is quote 0 for L1 and L2 and quote 1 for L3, at R3.45 incl. VAT in all. */
async function clerkBasket(): Promise<RfqSubmitResponse> {
  const rfq = await submitBasket(server, 3, { primaryEmail: CLERK });
  for (const [i, cheap] of [
    [0, [0, 1]],
    [1, [2]],
  ] as const) {
    await db()
      .updateTable('quote_lines')
      .set({ total_cents: 100 })
      .where('quote_id', '=', quoteIdOf(rfq, i))
      .where('line_no', 'in', [...cheap])
      .execute();
  }
  return rfq;
}

/** The approval of the request as the company's approvers list it. */
async function approvalOf(rfqId: string) {
  const { approvals } = approvalsSchema.parse((await call('GET', '/api/buyer/approvals', HEAD)).json);
  return approvals.find((a) => a.rfqId === rfqId)!;
}

/** The split is held: every quote of the basket unordered, nothing sent to a supplier, the request waiting. */
async function expectHeldSplit(rfq: RfqSubmitResponse) {
  expect(await statusOf(rfq.quotes[0]!.trackingToken!)).toBe('awaiting_approval');
  expect(await statusOf(rfq.quotes[1]!.trackingToken!)).toBe('awaiting_approval');
  expect(await statusOf(rfq.quotes[2]!.trackingToken!)).toBe('offered');
  expect(await ordersTo(rfq.rfqId)).toEqual([]);
  expect(await purchaseOrders(rfq.rfqId)).toEqual([]);
  const stored = await getRfq(server, rfq.rfqId);
  for (const i of [0, 1, 2]) expect(lineStatuses(stored, i)).toEqual(['L1:offered', 'L2:offered', 'L3:offered']);
  const history = buyerHistorySchema.parse((await call('GET', '/api/buyer/requests', CLERK)).json).requests;
  expect(history.find((r) => r.id === rfq.rfqId)!.status).toBe('awaiting_approval');
}

beforeAll(async () => {
  await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: HEAD }), headers: client() });
  const res = await call('POST', '/api/buyer/colleagues', HEAD, { email: CLERK, name: 'Zodwa Clerk', role: 'requester', spendingLimit: 1 });
  expect(res.status).toBe(201);
});

describe('a basket’s order above a requester’s limit', () => {
  it('holds the acceptance of one basket quote, and approving orders its lines from that supplier alone', async () => {
    const rfq = await submitBasket(server, 3, { primaryEmail: CLERK });
    const token = rfq.quotes[0]!.trackingToken!;
    expect((await acceptQuote(server, token)).status).toBe(200);
    expect(await statusOf(token)).toBe('awaiting_approval');
    expect(await ordersTo(rfq.rfqId)).toEqual([]);
    expect(await purchaseOrders(rfq.rfqId)).toEqual([]);
    // Nothing else of the basket can be ordered meanwhile, not even a line the held quote does not take.
    const other = await acceptQuote(server, rfq.quotes[1]!.trackingToken!, { lineIds: ['L3'] });
    expect([other.status, other.json.error.code]).toEqual([409, 'awaiting_approval']);

    const approval = await approvalOf(rfq.rfqId);
    expect(approval.totalInclVat).toBe(rfq.quotes[0]!.totalPriceInclVat);
    expect(approval.suppliers.map((s) => [s.quoteId, s.lines.map((l) => l.lineId)])).toEqual([[rfq.quotes[0]!.id, ['L1', 'L2', 'L3']]]);
    expect((await call('POST', `/api/buyer/approvals/${approval.id}/approve`, HEAD)).status).toBe(200);
    expect(await ordersTo(rfq.rfqId)).toEqual([rfq.quotes[0]!.supplier.email]);
    expect(await purchaseOrders(rfq.rfqId)).toEqual([quoteIdOf(rfq, 0)]);
    const stored = await getRfq(server, rfq.rfqId);
    expect(stored.status).toBe('awarded');
    expect(lineStatuses(stored, 0)).toEqual(['L1:accepted', 'L2:accepted', 'L3:accepted']);
    expect(lineStatuses(stored, 1)).toEqual(['L1:not_selected', 'L2:not_selected', 'L3:not_selected']);
  });

  it('holds the cheapest split across suppliers, and approving places every supplier’s order of it', async () => {
    const rfq = await clerkBasket();
    // Any quote's token of the basket accepts the split, as without a limit.
    expect((await acceptSplit(rfq.quotes[2]!.trackingToken!)).status).toBe(200);
    await expectHeldSplit(rfq);
    // The split again, or another order of the basket, is refused while it waits.
    expect((await acceptSplit(rfq.quotes[0]!.trackingToken!)).status).toBe(409);
    expect((await acceptQuote(server, rfq.quotes[2]!.trackingToken!)).json.error.code).toBe('awaiting_approval');
    await expectHeldSplit(rfq);

    const approval = await approvalOf(rfq.rfqId);
    expect(approval.totalInclVat).toBe(3.45);
    expect(approval.suppliers.map((s) => [s.quoteId, s.lines.map((l) => l.lineId)])).toEqual([
      [rfq.quotes[0]!.id, ['L1', 'L2']],
      [rfq.quotes[1]!.id, ['L3']],
    ]);
    expect((await call('POST', `/api/buyer/approvals/${approval.id}/approve`, HEAD)).status).toBe(200);
    expect(await ordersTo(rfq.rfqId)).toEqual([rfq.quotes[0]!.supplier.email, rfq.quotes[1]!.supplier.email]);
    expect(await purchaseOrders(rfq.rfqId)).toEqual([quoteIdOf(rfq, 0), quoteIdOf(rfq, 1)]);
    const stored = await getRfq(server, rfq.rfqId);
    expect(stored.status).toBe('awarded');
    expect(lineStatuses(stored, 0)).toEqual(['L1:accepted', 'L2:accepted', 'L3:not_selected']);
    expect(lineStatuses(stored, 1)).toEqual(['L1:not_selected', 'L2:not_selected', 'L3:accepted']);
    expect(lineStatuses(stored, 2)).toEqual(['L1:not_selected', 'L2:not_selected', 'L3:not_selected']);
    // Each supplier of the split is ordered once; every other is told it was not selected.
    const told = (await requestMail(server, rfq.rfqId, 'supplier-not-selected')).map((m) => m.recipient);
    expect(told.sort()).toEqual(
      rfq.quotes
        .slice(2)
        .map((q) => q.supplier.email)
        .sort(),
    );
  });

  it('places none of the split’s orders when an approver rejects it, and offers its lines again', async () => {
    const rfq = await clerkBasket();
    expect((await acceptSplit(rfq.quotes[0]!.trackingToken!)).status).toBe(200);
    await expectHeldSplit(rfq);
    const approval = await approvalOf(rfq.rfqId);
    const res = await call('POST', `/api/buyer/approvals/${approval.id}/reject`, HEAD, { reason: 'Order from the framework supplier.' });
    expect(res.status).toBe(200);
    expect(await ordersTo(rfq.rfqId)).toEqual([]);
    expect(await purchaseOrders(rfq.rfqId)).toEqual([]);
    expect(await requestMail(server, rfq.rfqId, 'supplier-not-selected')).toEqual([]);
    for (const q of rfq.quotes.slice(0, 3)) expect(await statusOf(q.trackingToken!)).toBe('offered');
    const stored = await getRfq(server, rfq.rfqId);
    expect(stored.status).toBe('open');
    for (const i of [0, 1, 2]) expect(lineStatuses(stored, i)).toEqual(['L1:offered', 'L2:offered', 'L3:offered']);
    // The split stands to be accepted again: held again, as the limit has not changed.
    expect((await acceptSplit(rfq.quotes[1]!.trackingToken!)).status).toBe(200);
    await expectHeldSplit(rfq);
  });
});
