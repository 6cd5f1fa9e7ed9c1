import { beforeAll, describe, expect, it } from 'vitest';
import { approvalsSchema, COMPANY_MESSAGES } from '../../contract/schemas/buyer-company';
import { buyerHistorySchema } from '../../contract/schemas/buyer';
import { rfqSubmitResponseSchema, trackedQuoteResponseSchema, type RfqSubmitResponse } from '../../sdk/schemas/rfq';
import { parseTrackingToken } from '../lib/ids';
import { MessageRenderer } from '../mail-sender/renderer';
import { sweep } from '../retention';
import { signInBuyer } from '../test/buyers';
import { addressPerCall, startTestServerForFile, validOrder, validRfq } from '../test/harness';

const HOUR_MS = 60 * 60 * 1000;
let now = Date.parse('2026-12-07T08:00:00.000Z');
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000', TRUST_PROXY: '1' }, { clock: () => now });
const origin = 'http://procura.test';
const HEAD = 'head@umoya.co.za';
const CLERK = 'clerk@umoya.co.za';
const STORES = 'stores@umoya.co.za';
const client = addressPerCall();
const db = () => server.database.db;

async function submit(email: string): Promise<RfqSubmitResponse> {
  const res = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: email }), headers: client() });
  expect(res.status).toBe(201);
  return rfqSubmitResponseSchema.parse(res.json);
}

const call = async (method: string, path: string, email: string, body?: unknown) =>
  server.request(method, path, { headers: { cookie: await signInBuyer(server, email, client), origin, ...client() }, ...(body === undefined ? {} : { body }) });
const accept = (token: string) => server.request('POST', `/api/quotes/track/${token}/accept`, { body: validOrder(), headers: { origin } });
const statusOf = async (token: string) => trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${token}`)).json).quote.status;
const approvalRow = (rfqId: string) => db().selectFrom('buyer_approvals').selectAll().where('rfq_id', '=', rfqId).executeTakeFirstOrThrow();
const supplierOrders = (rfqId: string) =>
  db().selectFrom('outbox').select('id').where('kind', '=', 'supplier-order').where('payload', 'like', `%"rfqId":"${rfqId}"%`).execute();
const sweepAt = (at: number) => sweep(server.database, server.app.deps.outbox, new Date(at));

/** The moment a quote valid until `day` stops being valid: midnight in Johannesburg. */
const validityEnd = (day: string) => Date.parse(`${day}T22:00:00.000Z`);

/** A requester's order held for approval: the request, the held quote's token and the approval as its approvers list it. */
async function heldOrder(requester: string) {
  const rfq = await submit(requester);
  const token = rfq.quotes[0]!.trackingToken!;
  expect((await accept(token)).status).toBe(200);
  expect(await statusOf(token)).toBe('awaiting_approval');
  const { approvals } = approvalsSchema.parse((await call('GET', '/api/buyer/approvals', HEAD)).json);
  return { rfq, token, approval: approvals.find((a) => a.rfqId === rfq.rfqId)! };
}

/** Runs `work` with the app's clock at `at`. */
async function atTime(at: number, work: () => Promise<void>) {
  const saved = now;
  now = at;
  try {
    await work();
  } finally {
    now = saved;
  }
}

beforeAll(async () => {
  await submit(HEAD);
  for (const email of [CLERK, STORES]) {
    const res = await call('POST', '/api/buyer/colleagues', HEAD, { email, name: email.split('@')[0], role: 'requester', spendingLimit: 100 });
    expect(res.status).toBe(201);
  }
});

describe('an order held for approval past its quotes’ validity', () => {
  it('waits while the quote is valid, then the sweep closes it: its order details go, the approver is told so and the requester sees the quote expired', async () => {
    const { rfq, token, approval } = await heldOrder(CLERK);
    expect(approval.validUntil).not.toBe('');
    const end = validityEnd(approval.validUntil);
    const asked = (await db().selectFrom('outbox').selectAll().where('kind', '=', 'buyer-approval-requested').execute()).find(
      (m) => (JSON.parse(m.payload) as { approvalId: number }).approvalId === approval.id,
    )!;

    // On the quote's last valid day the approver may still approve: the order waits, its details kept.
    expect((await sweepAt(end - HOUR_MS)).approvalsExpired).toBe(0);
    expect((await approvalRow(rfq.rfqId)).status).toBe('waiting');

    expect((await sweepAt(end + HOUR_MS)).approvalsExpired).toBe(1);
    const row = await approvalRow(rfq.rfqId);
    expect([row.status, row.order_details_json, row.tracking_token, row.decided_by_account_id]).toEqual(['expired', null, null, null]);
    expect(row.decided_at).toBe(new Date(end + HOUR_MS).toISOString());

    await atTime(end + 2 * HOUR_MS, async () => {
      const { approvals } = approvalsSchema.parse((await call('GET', '/api/buyer/approvals', HEAD)).json);
      expect(approvals.map((a) => a.rfqId)).not.toContain(rfq.rfqId);
      for (const decision of [
        call('POST', `/api/buyer/approvals/${approval.id}/approve`, HEAD),
        call('POST', `/api/buyer/approvals/${approval.id}/reject`, HEAD, { reason: 'Too late now.' }),
      ]) {
        const res = await decision;
        expect(res.status).toBe(409);
        expect(res.json).toEqual({ error: { code: 'approval_decided', message: COMPANY_MESSAGES.expired } });
      }
      // The requester's quote reads expired, as any offer past its validity does, and the request no longer waits.
      expect(await statusOf(token)).toBe('expired');
      const history = buyerHistorySchema.parse((await call('GET', '/api/buyer/requests', CLERK)).json).requests;
      expect(history.find((r) => r.id === rfq.rfqId)!.status).not.toBe('awaiting_approval');
    });
    expect(await supplierOrders(rfq.rfqId)).toEqual([]);
    // An approver's e-mail still unsent would ask for nothing: it is not sent.
    const renderer = new MessageRenderer(db(), server.app.deps.outbox.settings, server.app.deps.market);
    await expect(renderer.render(asked)).rejects.toThrow(`Approval ${approval.id} no longer waits`);
    // A later sweep finds nothing more to close.
    expect((await sweepAt(end + 3 * HOUR_MS)).approvalsExpired).toBe(0);
  });
});

describe('a request anonymised while an order of it waits for approval', () => {
  /** The link token of the latest data request e-mail to `email`, read as the e-mail renders it. */
  async function dataLinkToken(email: string): Promise<string> {
    expect((await server.request('POST', '/api/privacy/data-requests', { body: { email }, headers: client() })).status).toBe(202);
    const row = await db()
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'data-request')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const mail = await new MessageRenderer(db(), server.app.deps.outbox.settings, server.app.deps.market).render(row);
    return /#token=(dr_[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  }

  it('keeps the request while the order may still be approved, and closes the order with the request’s personal data when its address asks to be erased', async () => {
    const { rfq, token, approval } = await heldOrder(STORES);
    // The request's address keeps no account (its approvals are not deleted with one), so only
    // the request's own end, or its erasure, clears its contact.
    await db().deleteFrom('buyer_accounts').where('email', '=', STORES).execute();
    // The other quotes' validity has passed: only the held order could still be placed.
    const others = rfq.quotes.slice(1).map((q) => parseTrackingToken(q.trackingToken!)!.quoteId);
    await db().updateTable('quotes').set({ valid_until: '2026-12-06' }).where('id', 'in', others).execute();

    // 72 hours on, the held order may still be approved: the request has not ended.
    const later = now + 73 * HOUR_MS;
    expect(validityEnd(approval.validUntil)).toBeGreaterThan(later);
    expect((await sweepAt(later)).rfqsAnonymised).toBe(0);
    expect((await approvalRow(rfq.rfqId)).status).toBe('waiting');

    const erased = await server.request('POST', '/api/privacy/my-data/delete', { body: { token: await dataLinkToken(STORES) }, headers: client() });
    expect(erased.status).toBe(200);
    const request = await db().selectFrom('rfqs').select(['primary_email', 'personal_data_deleted_at']).where('id', '=', rfq.rfqId).executeTakeFirstOrThrow();
    expect(request.primary_email).toBe('');
    const row = await approvalRow(rfq.rfqId);
    expect([row.status, row.order_details_json, row.tracking_token]).toEqual(['expired', null, null]);

    const { approvals } = approvalsSchema.parse((await call('GET', '/api/buyer/approvals', HEAD)).json);
    expect(approvals.map((a) => a.rfqId)).not.toContain(rfq.rfqId);
    const res = await call('POST', `/api/buyer/approvals/${approval.id}/approve`, HEAD);
    expect(res.json).toEqual({ error: { code: 'approval_decided', message: COMPANY_MESSAGES.expired } });
    // The quote is offered again, and refused as any quote of an anonymised request is.
    expect(await statusOf(token)).toBe('offered');
    expect((await accept(token)).status).toBe(409);
    expect(await supplierOrders(rfq.rfqId)).toEqual([]);
  });
});
