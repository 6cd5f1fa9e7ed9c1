import { beforeAll, describe, expect, it } from 'vitest';
import { approvalsSchema, COMPANY_MESSAGES, colleaguesSchema } from '../../contract/schemas/buyer-company';
import { buyerHistorySchema } from '../../contract/schemas/buyer';
import { rfqSubmitResponseSchema, trackedQuoteResponseSchema, type RfqSubmitResponse } from '../../sdk/schemas/rfq';
import { parseTrackingToken } from '../lib/ids';
import { signInBuyer } from '../test/buyers';
import { addressPerCall, startTestServerForFile, validOrder, validRfq } from '../test/harness';

let now = Date.parse('2026-12-07T08:00:00.000Z');
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000', TRUST_PROXY: '1' }, { clock: () => now });
const origin = 'http://procura.test';
const HEAD = 'head@greenfield.school.za';
const CLERK = 'clerk@greenfield.school.za';
const client = addressPerCall();
const db = () => server.database.db;
let headCookie = '';
let clerkCookie = '';

async function submit(email: string): Promise<RfqSubmitResponse> {
  const res = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: email }), headers: client() });
  expect(res.status).toBe(201);
  return rfqSubmitResponseSchema.parse(res.json);
}

const as = (cookie: string) => ({ cookie, origin, ...client() });
const call = (method: string, path: string, cookie: string, body?: unknown) =>
  server.request(method, path, { headers: as(cookie), ...(body === undefined ? {} : { body }) });
const accept = (token: string) => server.request('POST', `/api/quotes/track/${token}/accept`, { body: validOrder(), headers: { origin } });
const statusOf = async (token: string) => trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${token}`)).json).quote.status;
const mails = (kind: string) => db().selectFrom('outbox').select(['recipient', 'payload']).where('kind', '=', kind).execute();
const ordersOf = async (rfqId: string) => (await mails('supplier-order')).filter((m) => (JSON.parse(m.payload) as { rfqId: string }).rfqId === rfqId);

beforeAll(async () => {
  await submit(HEAD);
  headCookie = await signInBuyer(server, HEAD, client);
});

describe('colleagues', () => {
  it('refuses a colleague at a public mail provider, Gmail and Outlook included, or at another domain', async () => {
    for (const email of ['lindiwe@gmail.com', 'lindiwe@outlook.com', 'lindiwe@mweb.co.za']) {
      const res = await call('POST', '/api/buyer/colleagues', headCookie, { email, name: 'Lindiwe', role: 'requester' });
      expect(res.status).toBe(400);
      expect((res.json as { error: { details: { fields: { email: string } } } }).error.details.fields.email).toBe(COMPANY_MESSAGES.publicProvider);
    }
    const other = await call('POST', '/api/buyer/colleagues', headCookie, { email: 'lindiwe@other.co.za', name: 'Lindiwe', role: 'requester' });
    expect((other.json as { error: { details: { fields: { email: string } } } }).error.details.fields.email).toBe(
      COMPANY_MESSAGES.otherDomain('greenfield.school.za'),
    );
    expect(await db().selectFrom('buyer_accounts').select('id').where('email', 'like', 'lindiwe%').execute()).toEqual([]);
  });

  it('lets the first user, an approver, invite a requester with a limit, who is e-mailed a sign-in link', async () => {
    const res = await call('POST', '/api/buyer/colleagues', headCookie, { email: CLERK, name: 'Sipho Clerk', role: 'requester', spendingLimit: 100 });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email: CLERK, role: 'requester', spendingLimit: 100, firstUser: false, you: false });
    expect((await mails('buyer-sign-in')).filter((m) => m.recipient === CLERK)).toHaveLength(1);
    const again = await call('POST', '/api/buyer/colleagues', headCookie, { email: CLERK, name: 'Sipho', role: 'requester' });
    expect(again.status).toBe(409);
    const list = colleaguesSchema.parse((await call('GET', '/api/buyer/colleagues', headCookie)).json);
    expect(list.canInvite).toBe(true);
    expect(list.colleagues.map((c) => [c.email, c.role, c.firstUser, c.you])).toEqual([
      [HEAD, 'approver', true, true],
      [CLERK, 'requester', false, false],
    ]);
  });

  it('shows a requester the company but lets only approvers invite, remove and see approvals', async () => {
    clerkCookie = await signInBuyer(server, CLERK, client);
    const list = colleaguesSchema.parse((await call('GET', '/api/buyer/colleagues', clerkCookie)).json);
    expect(list.canInvite).toBe(false);
    expect(list.colleagues.map((c) => c.you)).toEqual([false, true]);
    const invite = await call('POST', '/api/buyer/colleagues', clerkCookie, { email: 'x@greenfield.school.za', name: 'X', role: 'approver' });
    expect(invite.status).toBe(403);
    expect((invite.json as { error: { message: string } }).error.message).toBe(COMPANY_MESSAGES.approverOnly);
    expect((await call('DELETE', `/api/buyer/colleagues/${list.colleagues[0]!.id}`, clerkCookie)).status).toBe(403);
    expect((await call('GET', '/api/buyer/approvals', clerkCookie)).status).toBe(403);
    expect((await server.request('GET', '/api/buyer/colleagues')).status).toBe(401);
  });

  it('shows each colleague the company’s requests, marked by who made them', async () => {
    // A minute after the first user's request, so newest first puts the clerk's first.
    now += 60_000;
    await submit(CLERK);
    const head = buyerHistorySchema.parse((await call('GET', '/api/buyer/requests', headCookie)).json).requests;
    const clerk = buyerHistorySchema.parse((await call('GET', '/api/buyer/requests', clerkCookie)).json).requests;
    expect(head.map((r) => r.requestedBy)).toEqual(['Sipho Clerk', 'You']);
    expect(clerk.map((r) => r.requestedBy)).toEqual(['You', HEAD]);
  });
});

describe('approval above a spending limit', () => {
  it('holds a requester’s acceptance by tracking link above the limit: no supplier hears of it until an approver approves', async () => {
    const rfq = await submit(CLERK);
    const token = rfq.quotes[0]!.trackingToken!;
    const held = await accept(token);
    expect(held.status).toBe(200);
    expect(await statusOf(token)).toBe('awaiting_approval');
    expect(await ordersOf(rfq.rfqId)).toEqual([]);
    expect(await db().selectFrom('purchase_orders').select('id').where('rfq_id', '=', rfq.rfqId).execute()).toEqual([]);
    expect((await mails('buyer-approval-requested')).map((m) => m.recipient)).toEqual([HEAD]);
    // The request is held: no other quote can be ordered meanwhile, and the same accept again changes nothing.
    const other = await accept(rfq.quotes[1]!.trackingToken!);
    expect(other.status).toBe(409);
    expect((other.json as { error: { code: string } }).error.code).toBe('awaiting_approval');
    expect((await accept(token)).status).toBe(200);
    const history = buyerHistorySchema.parse((await call('GET', '/api/buyer/requests', headCookie)).json).requests;
    expect(history.find((r) => r.id === rfq.rfqId)!.status).toBe('awaiting_approval');

    const { approvals } = approvalsSchema.parse((await call('GET', '/api/buyer/approvals', headCookie)).json);
    const approval = approvals.find((a) => a.rfqId === rfq.rfqId)!;
    expect(approval).toMatchObject({ requestedBy: 'Sipho Clerk', spendingLimit: 100, totalInclVat: rfq.quotes[0]!.totalPriceInclVat });
    const approved = await call('POST', `/api/buyer/approvals/${approval.id}/approve`, headCookie);
    expect(approved.status).toBe(200);
    expect(await statusOf(token)).toBe('accepted');
    expect(await statusOf(rfq.quotes[1]!.trackingToken!)).toBe('not_selected');
    const orders = await ordersOf(rfq.rfqId);
    expect(orders).toHaveLength(1);
    expect((JSON.parse(orders[0]!.payload) as { quoteId: number }).quoteId).toBe(parseTrackingToken(token)!.quoteId);
    const row = await db().selectFrom('buyer_approvals').selectAll().where('id', '=', approval.id).executeTakeFirstOrThrow();
    expect([row.status, row.tracking_token, row.order_details_json]).toEqual(['approved', null, null]);
    expect((await call('POST', `/api/buyer/approvals/${approval.id}/approve`, headCookie)).status).toBe(409);
  });

  it('releases the quotes of a rejected order and tells the requester why', async () => {
    const rfq = await submit(CLERK);
    const token = rfq.quotes[0]!.trackingToken!;
    await accept(token);
    const { approvals } = approvalsSchema.parse((await call('GET', '/api/buyer/approvals', headCookie)).json);
    const approval = approvals.find((a) => a.rfqId === rfq.rfqId)!;
    const res = await call('POST', `/api/buyer/approvals/${approval.id}/reject`, headCookie, { reason: 'Order from the framework supplier.' });
    expect(res.status).toBe(200);
    expect(await statusOf(token)).toBe('offered');
    expect(await ordersOf(rfq.rfqId)).toEqual([]);
    const told = (await mails('buyer-approval-rejected')).filter((m) => (JSON.parse(m.payload) as { approvalId: number }).approvalId === approval.id);
    expect(told.map((m) => m.recipient)).toEqual([CLERK]);
    const row = await db().selectFrom('buyer_approvals').select(['status', 'reason']).where('id', '=', approval.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'rejected', reason: 'Order from the framework supplier.' });
  });

  it('refuses an approval once the quote’s validity has passed, with the validity message, and keeps it waiting', async () => {
    const rfq = await submit(CLERK);
    const token = rfq.quotes[0]!.trackingToken!;
    await accept(token);
    const { approvals } = approvalsSchema.parse((await call('GET', '/api/buyer/approvals', headCookie)).json);
    const approval = approvals.find((a) => a.rfqId === rfq.rfqId)!;
    const saved = now;
    now = Date.parse(`${approval.validUntil}T23:00:00.000Z`) + 24 * 3600_000;
    try {
      headCookie = await signInBuyer(server, HEAD, client);
      const res = await call('POST', `/api/buyer/approvals/${approval.id}/approve`, headCookie);
      expect(res.status).toBe(409);
      expect((res.json as { error: { code: string; message: string } }).error.code).toBe('quote_expired');
      expect((res.json as { error: { message: string } }).error.message).toMatch(/^This quote expired on .+\. Accept another quote or send a new request\.$/);
      expect(await ordersOf(rfq.rfqId)).toEqual([]);
      const row = await db().selectFrom('buyer_approvals').select('status').where('id', '=', approval.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('waiting');
    } finally {
      now = saved;
    }
  });

  it('leaves an acceptance by a buyer with no account unchanged', async () => {
    const rfq = await submit('someone@elsewhere.co.za');
    const token = rfq.quotes[0]!.trackingToken!;
    expect((await accept(token)).status).toBe(200);
    expect(await statusOf(token)).toBe('accepted');
    expect(await ordersOf(rfq.rfqId)).toHaveLength(1);
  });
});

describe('an account deleted while its order waits for approval', () => {
  it('offers the held quotes again and keeps no approval, with its order details, for it', async () => {
    const rfq = await submit(CLERK);
    const token = rfq.quotes[0]!.trackingToken!;
    expect((await accept(token)).status).toBe(200);
    expect(await statusOf(token)).toBe('awaiting_approval');
    expect((await call('DELETE', '/api/buyer/account', clerkCookie)).status).toBeLessThan(300);
    expect(await statusOf(token)).toBe('offered');
    expect(await db().selectFrom('buyer_approvals').select('id').where('rfq_id', '=', rfq.rfqId).execute()).toEqual([]);
    expect(await ordersOf(rfq.rfqId)).toEqual([]);
  });
});

describe('a colleague taken out while their order waits for approval', () => {
  it('has the order rejected by the approver who took them out, is told why, and may order the quotes on their own', async () => {
    const PORTER = 'porter@greenfield.school.za';
    expect(
      (await call('POST', '/api/buyer/colleagues', headCookie, { email: PORTER, name: 'Lindi Porter', role: 'requester', spendingLimit: 100 })).status,
    ).toBe(201);
    await signInBuyer(server, PORTER, client);
    const rfq = await submit(PORTER);
    const token = rfq.quotes[0]!.trackingToken!;
    expect((await accept(token)).status).toBe(200);
    expect(await statusOf(token)).toBe('awaiting_approval');
    const approval = approvalsSchema.parse((await call('GET', '/api/buyer/approvals', headCookie)).json).approvals.find((a) => a.rfqId === rfq.rfqId)!;

    const porter = colleaguesSchema.parse((await call('GET', '/api/buyer/colleagues', headCookie)).json).colleagues.find((c) => c.email === PORTER)!;
    expect((await call('DELETE', `/api/buyer/colleagues/${porter.id}`, headCookie)).status).toBe(204);
    expect(approvalsSchema.parse((await call('GET', '/api/buyer/approvals', headCookie)).json).approvals.map((a) => a.id)).not.toContain(approval.id);
    const row = await db()
      .selectFrom('buyer_approvals')
      .select(['status', 'reason', 'order_details_json'])
      .where('id', '=', approval.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'rejected', reason: COMPANY_MESSAGES.removed, order_details_json: null });
    const told = (await mails('buyer-approval-rejected')).filter((m) => (JSON.parse(m.payload) as { approvalId: number }).approvalId === approval.id);
    expect(told.map((m) => m.recipient)).toEqual([PORTER]);
    expect(await ordersOf(rfq.rfqId)).toEqual([]);
    // Alone now, with no limit above them, they order the quote themselves.
    expect(await statusOf(token)).toBe('offered');
    expect((await accept(token)).status).toBe(200);
    expect(await statusOf(token)).toBe('accepted');
    expect(await ordersOf(rfq.rfqId)).toHaveLength(1);
  });
});
