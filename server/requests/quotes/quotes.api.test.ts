import { beforeAll, describe, expect, it } from 'vitest';
import {
  orderDetailsSchema,
  quoteActionResponseSchema,
  rfqSchema,
  rfqSubmitResponseSchema,
  trackedQuoteResponseSchema,
  type RfqSubmitResponse,
} from '../../../sdk/schemas/rfq';
import { hashSecret, parseResponseToken, parseTrackingToken } from '../../lib/ids';
import { validOrder, validRfq, startTestServerForFile } from '../../test/harness';
import { registerPartner } from '../../test/partners';
import { anonymiseRfqs } from '../privacy/privacy.repository';
import { actOnQuote, type QuoteDeps } from './quotes.service';

let now = Date.parse('2026-11-02T08:00:00.000Z');
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });

async function submit(overrides: Record<string, unknown> = {}): Promise<RfqSubmitResponse> {
  const res = await server.request('POST', '/api/rfq', {
    body: validRfq({ companySize: '250+', contactName: 'Thandi Mokoena', companyName: 'Mokoena Facilities', ...overrides }),
  });
  expect(res.status).toBe(201);
  return rfqSubmitResponseSchema.parse(res.json);
}

const tokenOf = (rfq: RfqSubmitResponse, i: number) => rfq.quotes[i]!.trackingToken!;
const act = (token: string, action: 'accept' | 'decline' | 'close', headers: Record<string, string> = {}) =>
  server.request('POST', `/api/quotes/track/${token}/${action}`, { headers, ...(action === 'accept' ? { body: validOrder() } : {}) });
const track = async (token: string) => trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${token}`)).json).quote;
const statuses = async (rfqId: string) =>
  (await server.database.db.selectFrom('quotes').select(['id', 'status']).where('rfq_id', '=', rfqId).orderBy('rank').execute()).map((q) => q.status);
const mail = (rfqId: string) =>
  server.database.db
    .selectFrom('outbox')
    .select(['kind', 'recipient', 'payload'])
    .where('payload', 'like', `%"rfqId":"${rfqId}"%`)
    .where('kind', '!=', 'buyer-quotes')
    .where('kind', '!=', 'supplier-lead')
    .orderBy('id')
    .execute();
const conflict = (message: string, code: string) => ({ error: { code, message } });

describe('the tracking answer', () => {
  it('gives the quote, its request and every quote of the request with its own token, with statuses and company size', async () => {
    const rfq = await submit();
    expect(rfq).toMatchObject({ companySize: '250+', status: 'open' });
    expect(rfq.quotes.map((q) => q.status)).toEqual(['offered', 'offered', 'offered', 'offered', 'offered']);
    const quote = await track(tokenOf(rfq, 1));
    expect(quote).toMatchObject({ status: 'offered', statusChangedAt: null, withdrawalReason: null, viewCount: 1 });
    expect(quote.rfq).toMatchObject({ rfqId: rfq.rfqId, status: 'open', awardedQuoteId: null, companySize: '250+' });
    expect(quote.rfq.quotes.map((q) => [q.id, q.trackingToken, q.trackingUrl, q.status])).toEqual(
      rfq.quotes.map((q) => [q.id, q.trackingToken, `http://procura.test/quote/${q.trackingToken}`, 'offered']),
    );
    // One request, one secret: the tokens differ only in the quote they name.
    expect(new Set(rfq.quotes.map((q) => parseTrackingToken(q.trackingToken!)!.secret)).size).toBe(1);
  });

  it('offers without a token the quotes of a request whose tokens were made one secret each', async () => {
    const rfq = await submit();
    const { quoteId } = parseTrackingToken(tokenOf(rfq, 2))!;
    await server.database.db
      .updateTable('quotes')
      .set({ tracking_secret_hash: hashSecret('another-secret-of-24-chars') })
      .where('id', '=', quoteId)
      .execute();
    const quote = await track(tokenOf(rfq, 0));
    expect(quote.rfq.quotes.map((q) => q.trackingToken === undefined)).toEqual([false, false, true, false, false]);
  });
});

describe('POST /api/quotes/track/:token/accept', () => {
  it('accepts the quote, leaves the others not selected, awards the request, counts no view and tells the suppliers', async () => {
    const rfq = await submit();
    const res = await act(tokenOf(rfq, 1), 'accept');
    expect(res.status).toBe(200);
    const { quote } = quoteActionResponseSchema.parse(res.json);
    expect(quote).toMatchObject({ status: 'accepted', statusChangedAt: new Date(now).toISOString(), viewCount: 0 });
    expect(quote.rfq).toMatchObject({ status: 'awarded', awardedQuoteId: rfq.quotes[1]!.id });
    expect(quote.rfq.quotes.map((q) => q.status)).toEqual(['not_selected', 'accepted', 'not_selected', 'not_selected', 'not_selected']);
    expect(await statuses(rfq.rfqId)).toEqual(['not_selected', 'accepted', 'not_selected', 'not_selected', 'not_selected']);

    const page = rfqSchema.parse((await server.request('GET', `/api/rfq/${rfq.rfqId}`)).json);
    expect(page).toMatchObject({ status: 'awarded', awardedQuoteId: rfq.quotes[1]!.id, companySize: '250+' });
    expect(page.quotes.map((q) => q.status)).toEqual(['not_selected', 'accepted', 'not_selected', 'not_selected', 'not_selected']);

    const sent = await mail(rfq.rfqId);
    expect(sent.map((m) => [m.kind, m.recipient])).toEqual([
      ['supplier-order', rfq.quotes[1]!.supplier.email],
      ['buyer-order-placed', validRfq().primaryEmail],
      ...[0, 2, 3, 4].map((i) => ['supplier-not-selected', rfq.quotes[i]!.supplier.email]),
    ]);
    // The response link's secret is in the e-mail alone; the quote keeps its hash.
    const { token } = JSON.parse(sent[0]!.payload) as { token: string };
    const parsed = parseResponseToken(token)!;
    expect(parsed.quoteId).toBe(parseTrackingToken(tokenOf(rfq, 1))!.quoteId);
    const row = await server.database.db.selectFrom('quotes').selectAll().where('id', '=', parsed.quoteId).executeTakeFirstOrThrow();
    expect(row.response_secret_hash).toBe(hashSecret(parsed.secret));
    expect(JSON.stringify(row)).not.toContain(parsed.secret);
    expect(JSON.stringify(row)).not.toContain(tokenOf(rfq, 1));
  });

  it('keeps the delivery details the buyer gave on the request, the phone in +27 form', async () => {
    const rfq = await submit();
    const res = await server.request('POST', `/api/quotes/track/${tokenOf(rfq, 0)}/accept`, {
      body: {
        deliveryAddress: '  14 Chartwell Drive, Umhlanga, 4319 ',
        phone: '+27 (0)31 555 0142',
        purchaseOrderReference: 'PO-2291',
        vatNumber: '4123-456-789',
      },
    });
    expect(res.status).toBe(200);
    const row = await server.database.db
      .selectFrom('rfqs')
      .select(['delivery_address', 'phone', 'purchase_order_reference', 'vat_number'])
      .where('id', '=', rfq.rfqId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      delivery_address: '14 Chartwell Drive, Umhlanga, 4319',
      phone: '+27 31 555 0142',
      purchase_order_reference: 'PO-2291',
      vat_number: '4123456789',
    });
  });

  it("answers 400 naming each field it refuses, in the form's words, and accepts nothing", async () => {
    const rfq = await submit();
    const refused = async (body: unknown) => {
      const res = await server.request('POST', `/api/quotes/track/${tokenOf(rfq, 0)}/accept`, { body });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'validation_error', message: 'Request validation failed' });
      return res.json.error.details.fields;
    };
    expect(await refused({})).toEqual({
      deliveryAddress: 'Please enter the street address for delivery',
      phone: 'Please enter a South African phone number, e.g. 082 123 4567',
    });
    expect(await refused({ deliveryAddress: '14', phone: '+44 20 7946 0958', purchaseOrderReference: 'P'.repeat(51), vatNumber: '5123456789' })).toEqual({
      deliveryAddress: 'Please enter the street address for delivery',
      phone: 'Please enter a South African phone number, e.g. 082 123 4567',
      purchaseOrderReference: 'Purchase order reference must be at most 50 characters',
      vatNumber: 'VAT number must be 10 digits starting with 4',
    });
    expect(await refused(validOrder({ deliveryInstructions: 'Gate 3' }))).toEqual({ body: expect.stringContaining('deliveryInstructions') });
    expect(await statuses(rfq.rfqId)).toEqual(['offered', 'offered', 'offered', 'offered', 'offered']);
    expect(await mail(rfq.rfqId)).toEqual([]);
  });

  it('answers a repeat with the same quote, changes nothing and e-mails nobody again', async () => {
    const rfq = await submit();
    const first = await act(tokenOf(rfq, 0), 'accept');
    const mailed = (await mail(rfq.rfqId)).length;
    now += 60_000;
    const again = await act(tokenOf(rfq, 0), 'accept');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await mail(rfq.rfqId)).length).toBe(mailed);
  });

  it("refuses another quote of the awarded request, the accepted quote's decline and the request's close", async () => {
    const rfq = await submit();
    await act(tokenOf(rfq, 0), 'accept');
    const winner = rfq.quotes[0]!.supplier.name;
    const other = await act(tokenOf(rfq, 2), 'accept');
    expect(other.status).toBe(409);
    expect(other.json).toEqual(conflict(`This request was already awarded to ${winner}.`, 'rfq_awarded'));
    expect((await act(tokenOf(rfq, 0), 'decline')).json).toEqual(conflict('You accepted this quote; it cannot be declined.', 'quote_accepted'));
    expect((await act(tokenOf(rfq, 3), 'decline')).json).toEqual(conflict(`This request was already awarded to ${winner}.`, 'rfq_awarded'));
    const close = await act(tokenOf(rfq, 4), 'close');
    expect(close.status).toBe(409);
    expect(close.json).toEqual(conflict(`This request was already awarded to ${winner}.`, 'rfq_awarded'));
    expect(await statuses(rfq.rfqId)).toEqual(['accepted', 'not_selected', 'not_selected', 'not_selected', 'not_selected']);
  });

  it('refuses a quote past its validity, which ends at midnight in South Africa', async () => {
    const rfq = await submit();
    const { quoteId } = parseTrackingToken(tokenOf(rfq, 1))!;
    await server.database.db.updateTable('quotes').set({ valid_until: '2026-11-05' }).where('id', '=', quoteId).execute();
    const saved = now;
    try {
      now = Date.parse('2026-11-05T21:59:59.000Z'); // 23:59:59 in Johannesburg: still valid
      expect((await track(tokenOf(rfq, 1))).status).toBe('offered');
      now = Date.parse('2026-11-05T22:00:00.000Z');
      const quote = await track(tokenOf(rfq, 1));
      expect(quote.status).toBe('expired');
      expect(quote.rfq.status).toBe('open'); // the others are still valid
      const res = await act(tokenOf(rfq, 1), 'accept');
      expect(res.status).toBe(409);
      expect(res.json).toEqual(conflict('This quote expired on 5 November 2026. Accept another quote or send a new request.', 'quote_expired'));
      expect((await act(tokenOf(rfq, 1), 'decline')).status).toBe(409);
      expect(await statuses(rfq.rfqId)).toEqual(['offered', 'offered', 'offered', 'offered', 'offered']);
    } finally {
      now = saved;
    }
  });

  it('expires the request once no quote can be accepted, and still lets the buyer close it', async () => {
    const rfq = await submit();
    const saved = now;
    try {
      const last = rfq.quotes
        .map((q) => q.validUntil)
        .sort()
        .at(-1)!;
      now = Date.parse(`${last}T22:00:00.000Z`);
      const quote = await track(tokenOf(rfq, 0));
      expect(quote.rfq.status).toBe('expired');
      expect(quote.rfq.quotes.every((q) => q.status === 'expired')).toBe(true);
      expect(rfqSchema.parse((await server.request('GET', `/api/rfq/${rfq.rfqId}`)).json).status).toBe('expired');
      expect((await act(tokenOf(rfq, 0), 'accept')).status).toBe(409);
      const closed = quoteActionResponseSchema.parse((await act(tokenOf(rfq, 0), 'close')).json);
      expect(closed.quote.rfq.status).toBe('closed');
    } finally {
      now = saved;
    }
  });

  it('refuses to accept once the buyer deleted their contact from the request, since no supplier could reach them', async () => {
    const rfq = await submit();
    await anonymiseRfqs(server.database.db, [rfq.rfqId], new Date(now).toISOString());
    const res = await act(tokenOf(rfq, 0), 'accept');
    expect(res.status).toBe(409);
    expect(res.json).toEqual(
      conflict('Your contact details were deleted from this request, so no supplier could reach you about an order. Send a new request.', 'rfq_anonymised'),
    );
    expect(await mail(rfq.rfqId)).toEqual([]);
    expect((await act(tokenOf(rfq, 0), 'close')).status).toBe(200);
  });

  it('answers 404 for a token that opens no quote, 400 for one that is not a tracking token', async () => {
    const rfq = await submit();
    const { quoteId } = parseTrackingToken(tokenOf(rfq, 0))!;
    for (const token of [`qt_${quoteId.toString(36)}_${'A'.repeat(24)}`, `qt_zzzzz_${'A'.repeat(24)}`, 'qt_short']) {
      const res = await act(token, 'accept');
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: { code: 'quote_not_found', message: 'Quote not found' } });
    }
    expect((await act('sr_1_abc', 'accept')).status).toBe(400);
  });

  it("refuses a browser call from another site's page, and lets calls from Procura's pages and from clients without an Origin through", async () => {
    const rfq = await submit();
    const foreign = await act(tokenOf(rfq, 0), 'decline', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({
      error: { code: 'bad_origin', message: 'This request did not come from a Procura page. Open Procura at http://procura.test and try again there.' },
    });
    expect(await statuses(rfq.rfqId)).toEqual(['offered', 'offered', 'offered', 'offered', 'offered']);
    expect((await act(tokenOf(rfq, 0), 'decline', { origin: 'http://procura.test' })).status).toBe(200);
    expect((await act(tokenOf(rfq, 1), 'decline')).status).toBe(200);
  });

  it('lets exactly one of two accepts at once on different quotes of a request win', async () => {
    const rfq = await submit();
    const [a, b] = await Promise.all([act(tokenOf(rfq, 0), 'accept'), act(tokenOf(rfq, 3), 'accept')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? 0 : 3;
    expect(loser.json).toEqual(conflict(`This request was already awarded to ${rfq.quotes[winner]!.supplier.name}.`, 'rfq_awarded'));
    expect((await statuses(rfq.rfqId)).filter((s) => s === 'accepted')).toHaveLength(1);
    expect((await mail(rfq.rfqId)).filter((m) => m.kind === 'supplier-order')).toHaveLength(1);
  });

  it('lets exactly one win when each runs in its own transaction, as two server processes would', async () => {
    const rfq = await submit();
    const { db } = server.database;
    const deps: QuoteDeps = { ...server.app.deps, writes: { run: (work) => db.transaction().execute(work) } };
    const results = await Promise.allSettled(
      [0, 1, 2].map((i) => actOnQuote(deps, tokenOf(rfq, i), { kind: 'accept', details: orderDetailsSchema.parse(validOrder()) }, new Date(now))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'rfq_awarded' });
    expect((await statuses(rfq.rfqId)).filter((s) => s === 'accepted')).toHaveLength(1);
    expect((await mail(rfq.rfqId)).filter((m) => m.kind === 'supplier-order')).toHaveLength(1);
  });
});

describe('POST /api/quotes/track/:token/decline', () => {
  it('declines one quote, answers a repeat the same, and still lets the buyer accept it while valid', async () => {
    const rfq = await submit();
    const res = await act(tokenOf(rfq, 2), 'decline');
    expect(res.status).toBe(200);
    expect(quoteActionResponseSchema.parse(res.json).quote).toMatchObject({ status: 'declined', rfq: { status: 'open' } });
    expect((await act(tokenOf(rfq, 2), 'decline')).json).toEqual(res.json);
    expect(await statuses(rfq.rfqId)).toEqual(['offered', 'offered', 'declined', 'offered', 'offered']);
    expect(await mail(rfq.rfqId)).toEqual([]);
    const accepted = quoteActionResponseSchema.parse((await act(tokenOf(rfq, 2), 'accept')).json);
    expect(accepted.quote.status).toBe('accepted');
  });
});

describe('POST /api/quotes/track/:token/close', () => {
  it('closes the request without a winner, tells every supplier once, and refuses what comes after', async () => {
    const rfq = await submit();
    await act(tokenOf(rfq, 1), 'decline');
    const res = await act(tokenOf(rfq, 0), 'close');
    expect(res.status).toBe(200);
    expect(quoteActionResponseSchema.parse(res.json).quote.rfq).toMatchObject({ status: 'closed', awardedQuoteId: null });
    expect(await statuses(rfq.rfqId)).toEqual(['not_selected', 'not_selected', 'not_selected', 'not_selected', 'not_selected']);
    const sent = await mail(rfq.rfqId);
    expect(sent.map((m) => [m.kind, m.recipient, (JSON.parse(m.payload) as { outcome: string }).outcome])).toEqual(
      rfq.quotes.map((q) => ['supplier-not-selected', q.supplier.email, 'closed']),
    );
    expect((await act(tokenOf(rfq, 3), 'close')).status).toBe(200);
    expect((await mail(rfq.rfqId)).length).toBe(sent.length);
    const closed = conflict('This request was closed without a winner.', 'rfq_closed');
    expect((await act(tokenOf(rfq, 3), 'accept')).json).toEqual(closed);
    expect((await act(tokenOf(rfq, 3), 'decline')).json).toEqual(closed);
  });
});

describe('a request from the widget demo', () => {
  const DEMO = { embedId: 'demo-default-1764230400000', embedSource: 'embed-widget', referrerUrl: 'http://procura.test/widget-demo' };
  // A day on from the requests above: the sender's and the buyer's daily e-mail counts start again.
  beforeAll(() => {
    now += 2 * 86_400_000;
  });
  const everyMail = (rfqId: string) =>
    server.database.db.selectFrom('outbox').select(['kind', 'recipient']).where('payload', 'like', `%"rfqId":"${rfqId}"%`).orderBy('id').execute();

  it('is quoted and e-mailed to the buyer marked as a demo, and reaches no supplier, not even when closed', async () => {
    const rfq = await submit({ ...DEMO, primaryEmail: 'demo.visitor@example.co.za' });
    expect(rfq.demo).toBe(true);
    expect(rfq.quotes.length).toBeGreaterThan(0);
    expect(rfqSchema.parse((await server.request('GET', `/api/rfq/${rfq.rfqId}`)).json).demo).toBe(true);
    expect((await track(tokenOf(rfq, 0))).rfq.demo).toBe(true);

    const accept = await act(tokenOf(rfq, 0), 'accept');
    expect(accept.status).toBe(409);
    expect(accept.json).toEqual(
      conflict(
        'This request came from the widget demo: no supplier was told of it, so its quotes cannot be accepted. Send a real request to order.',
        'demo_request',
      ),
    );
    expect((await act(tokenOf(rfq, 1), 'decline')).status).toBe(200);
    expect((await act(tokenOf(rfq, 2), 'close')).status).toBe(200);
    expect((await everyMail(rfq.rfqId)).map((m) => m.kind)).toEqual(['buyer-quotes']);
  });

  it("is never a partner's own widget: the same embed id with a registered partner sends the suppliers their leads", async () => {
    const { partnerId } = await registerPartner(server);
    const rfq = await submit({ ...DEMO, partnerId, primaryEmail: 'partner.buyer@example.co.za' });
    expect(rfq.demo).toBe(false);
    const kinds = (await everyMail(rfq.rfqId)).map((m) => m.kind);
    expect(kinds.filter((k) => k.startsWith('supplier-lead')).length).toBeGreaterThan(0);
    expect((await act(tokenOf(rfq, 0), 'accept')).status).toBe(200);
  });

  it("is a demo whichever of the widget's two forms sent it", async () => {
    const res = await server.request('POST', '/api/embed/rfq', {
      body: {
        productName: 'Household Bleach',
        productDescription: 'For the school kitchens',
        quantity: 40,
        location: 'Durban',
        contactEmail: 'demo.second@example.co.za',
        embedId: DEMO.embedId,
        referrerUrl: DEMO.referrerUrl,
        source: 'embed-widget',
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.demo).toBe(true);
    expect((await everyMail(res.json.rfqId as string)).map((m) => m.kind)).toEqual(['buyer-quotes']);
  });
});
