import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema } from '../../sdk/schemas/rfq';
import { SUPPLIER_MESSAGES, supplierLeadsSchema } from '../../contract/schemas/supplier-workspace';
import { MessageRenderer } from '../mail-sender/renderer';
import { DISTANCE_BANDS } from '../domain/pricing';
import { signInStaff } from '../test/staff';
import { lastSupplierAudit, signInSupplier, supplierTestKit } from '../test/suppliers';
import { withoutSeedHistory } from '../test/market';
import { HOUR, startTestServer, type TestServer, validOrder, validRfq } from '../test/harness';

let now = Date.parse('2026-11-02T08:00:00.000Z');
let server: TestServer;
const origin = 'http://procura.test';
beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '1000', TRUST_PROXY: '1' }, { clock: () => now });
  // The supplier's figures and leads here are of the requests below alone.
  await withoutSeedHistory(server.database.db);
});
afterAll(() => server.close());

const db = () => server.database.db;

/** `client()` gives a call an address of its own; the admin's sign-in survives the file's clock moving. */
const { client, linksTo, adminHeaders, invite } = supplierTestKit(() => server);
const exchange = (token: string, headers: Record<string, string> = { origin }) => server.request('POST', '/api/supplier/session', { body: { token }, headers });
const me = (cookie: string) => server.request('GET', '/api/supplier/me', { headers: { cookie } });

/** Invites `email` to `supplierId` and signs in from the e-mailed link, from an address of its own; answers the headers a workspace page sends. */
const signIn = (supplierId: number, email: string) => signInSupplier(server, supplierId, email, client());

const coverageOf = async (headers: Record<string, string>) => (await server.request('GET', '/api/supplier/coverage', { headers })).json;
/** Replaces where the supplier delivers, as the coverage editor does. */
const setCoverage = (headers: Record<string, string>, areas: unknown) => server.request('PUT', '/api/supplier/coverage', { headers, body: { areas } });
const supplierIds = async () => (await db().selectFrom('suppliers').select('id').orderBy('id').execute()).map((r) => r.id);

describe('supplier sessions', () => {
  it('need the Origin on state changes, end when idle 12 hours, after 7 days, on sign-out and when staff disable the user', async () => {
    const [supplierId] = await supplierIds();
    const { cookie } = await signIn(supplierId!, 'rules@cleanco.example');
    for (const headers of [{ cookie }, { cookie, origin: 'https://evil.example' }] as Record<string, string>[]) {
      const res = await server.request('POST', '/api/supplier/users', { body: { email: 'x@cleanco.example', name: 'X' }, headers });
      expect([res.status, res.json.error.code]).toEqual([403, 'bad_origin']);
    }
    expect((await exchange('sl_abc', {})).status).toBe(403);

    now += 11 * HOUR;
    expect((await me(cookie)).status).toBe(200);
    now += 11 * HOUR;
    expect((await me(cookie)).status).toBe(200);
    now += 12 * HOUR;
    expect([(await me(cookie)).status, (await me(cookie)).json.error]).toEqual([401, { code: 'unauthorized', message: SUPPLIER_MESSAGES.signedOut }]);

    const second = await signIn(supplierId!, 'week@cleanco.example');
    for (let i = 0; i < 6; i++) {
      now += 11 * HOUR;
      expect((await me(second.cookie)).status).toBe(200);
      now += 11 * HOUR;
      expect((await me(second.cookie)).status).toBe(200);
    }
    now += 11 * HOUR;
    expect((await me(second.cookie)).status).toBe(200);
    now += 24 * HOUR;
    expect((await me(second.cookie)).status).toBe(401);

    const third = await signIn(supplierId!, 'out@cleanco.example');
    const out = await server.request('POST', '/api/supplier/sign-out', { headers: third.headers });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('procura_supplier=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    expect((await me(third.cookie)).status).toBe(401);

    const fourth = await signIn(supplierId!, 'disabled@cleanco.example');
    const user = await db().selectFrom('supplier_users').select('id').where('email', '=', 'disabled@cleanco.example').executeTakeFirstOrThrow();
    const disable = await server.request('PATCH', `/api/admin/supplier-users/${user.id}`, { body: { disabled: true }, headers: await adminHeaders() });
    expect(disable.status).toBe(204);
    expect((await me(fourth.cookie)).status).toBe(401);
    await server.request('POST', '/api/supplier/sign-in-link', { body: { email: 'disabled@cleanco.example' }, headers: { origin, ...client() } });
    expect(await linksTo('disabled@cleanco.example')).toBe(1);
    const audit = await db().selectFrom('staff_audit').select('action').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('supplier-users.disable');
    const list = await server.request('GET', '/api/admin/supplier-users', { headers: await adminHeaders() });
    expect(list.json.users.find((u: { email: string }) => u.email === 'disabled@cleanco.example')).toMatchObject({
      disabled: true,
      supplierId,
      lastSignInAt: expect.any(String),
    });
  });

  it('are for staff to invite into: a signed-out or sales caller is refused, an unknown supplier is 404, another supplier’s address 409', async () => {
    const [a, b] = await supplierIds();
    expect((await server.request('POST', `/api/admin/suppliers/${a}/invite`, { body: { email: 'n@x.example', name: 'N' }, headers: { origin } })).status).toBe(
      401,
    );
    const sales = await signInStaff(server, { role: 'sales' });
    expect(
      (await server.request('POST', `/api/admin/suppliers/${a}/invite`, { body: { email: 'n@x.example', name: 'N' }, headers: sales.headers })).status,
    ).toBe(403);
    expect((await invite(999_999, 'n@x.example')).json.error.code).toBe('supplier_not_found');
    await invite(a!, 'taken@cleanco.example');
    const taken = await invite(b!, 'taken@cleanco.example');
    expect([taken.status, taken.json.error]).toEqual([409, { code: 'email_taken', message: SUPPLIER_MESSAGES.emailTaken }]);
    expect((await invite(a!, 'bad-address', '')).json.error.details.fields).toEqual({ email: SUPPLIER_MESSAGES.email, name: SUPPLIER_MESSAGES.name });
  });
});

describe('leads', () => {
  let buyers = 0;
  /** A request from a buyer of its own, from an address of its own; `fields` say what it asks for. */
  const newBuyerRequest = (fields: Record<string, unknown> = {}) =>
    server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: `buyer${++buyers}@buyers${buyers}.example`, ...fields }), headers: client() });
  /** A new request from a buyer of its own; answers it and the first quote's supplier signed in. */
  async function leadOfNewRequest() {
    const res = await newBuyerRequest({ companyName: 'Mokoena Facilities' });
    expect(res.status).toBe(201);
    const rfq = rfqSubmitResponseSchema.parse(res.json);
    return rfq;
  }
  const sessions = new Map<number, { cookie: string; headers: Record<string, string> }>();
  async function sessionOf(supplierId: number) {
    if (!sessions.has(supplierId)) sessions.set(supplierId, await signIn(supplierId, `leads${supplierId}@supplier.example`));
    return sessions.get(supplierId)!;
  }
  const buyerMails = (rfqId: string) =>
    db()
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'payload'])
      .where('kind', 'like', 'buyer-quote-%')
      .where('payload', 'like', `%"rfqId":"${rfqId}"%`)
      .orderBy('id')
      .execute();
  const render = (row: { kind: string; payload: string }) =>
    new MessageRenderer(db(), server.app.deps.outbox.settings, server.app.deps.market, () => now).render(row);

  it("measure the supplier's response time once five are answered, and quote it with that from then on", async () => {
    const paper = () =>
      newBuyerRequest({
        productName: 'Toilet Paper 2-Ply (48-pack)',
        productDescription: 'For the staff toilets',
        quantity: 30,
        deliveryLocation: 'Cape Town',
      });
    // A supplier none of whose people signed in before: its measure starts now.
    const withUsers = new Set((await db().selectFrom('supplier_users').select('supplier_id').execute()).map((u) => u.supplier_id));
    const supplierId = rfqSubmitResponseSchema
      .parse((await paper()).json)
      .quotes.map((q) => q.supplier.id)
      .find((id) => !withUsers.has(id))!;
    const s = await sessionOf(supplierId);
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(rfqSubmitResponseSchema.parse((await paper()).json).quotes.find((q) => q.supplier.id === supplierId)!);
    const onFile = async () =>
      (await db().selectFrom('suppliers').select('response_time_hours').where('id', '=', supplierId).executeTakeFirstOrThrow()).response_time_hours;
    const before = await onFile();
    // Answered after 2, 4, 6, 8 and 10 hours: the figure on file stands until the fifth.
    for (const [i, lead] of leads.entries()) {
      now += 2 * HOUR;
      expect((await server.request('POST', `/api/supplier/leads/${lead.id}/firm`, { body: {}, headers: s.headers })).status).toBe(200);
      if (i < 4) expect(await onFile()).toBe(before);
    }
    expect(await onFile()).toBe(6);
    // The market was marked changed: the next request's quote of this supplier says so.
    const next = rfqSubmitResponseSchema.parse((await paper()).json).quotes.find((q) => q.supplier.id === supplierId)!;
    expect(next.supplier.responseTimeHours).toBe(6);
  });

  it('are counted for the supplier’s figures: received, made firm, declined, accepted and confirmed, by month and by product', async () => {
    const bleach = () => newBuyerRequest({ productName: 'Household Bleach', productDescription: 'Bleach for the wards of a clinic', quantity: 40 });
    const first = rfqSubmitResponseSchema.parse((await bleach()).json);
    const supplierId = first.quotes[0]!.supplier.id;
    const s = await sessionOf(supplierId);
    const stats = async () => (await server.request('GET', '/api/supplier/stats', { headers: s.headers })).json;
    const before = await stats();
    const mine = async () => {
      const rfq = rfqSubmitResponseSchema.parse((await bleach()).json);
      return rfq.quotes.find((q) => q.supplier.id === supplierId)!;
    };
    const [firmed, declined, accepted, untouched] = [await mine(), await mine(), await mine(), await mine()];
    const started = now;
    now += 3 * HOUR;
    expect((await server.request('POST', `/api/supplier/leads/${firmed.id}/firm`, { body: {}, headers: s.headers })).status).toBe(200);
    expect((await server.request('POST', `/api/supplier/leads/${declined.id}/decline`, { body: { reason: 'Out of stock' }, headers: s.headers })).status).toBe(
      200,
    );
    expect((await server.request('POST', `/api/quotes/track/${accepted.trackingToken}/accept`, { body: validOrder() })).status).toBe(200);
    expect((await server.request('POST', `/api/supplier/leads/${accepted.id}/confirm`, { headers: s.headers })).status).toBe(200);
    const audit = await db().selectFrom('supplier_audit').select(['action', 'detail']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'leads.confirm', detail: accepted.id });
    expect(untouched.status).toBe('offered');

    const after = await stats();
    const delta = (a: Record<string, number>, b: Record<string, number>) =>
      Object.fromEntries(['received', 'firmed', 'declined', 'accepted', 'confirmed'].map((k) => [k, a[k]! - b[k]!]));
    expect(delta(after.totals, before.totals)).toEqual({ received: 4, firmed: 1, declined: 1, accepted: 1, confirmed: 1 });
    const month = new Date(started).toISOString().slice(0, 7);
    const monthRow = (x: { byMonth: { month: string }[] }) => x.byMonth.find((m) => m.month === month) as unknown as Record<string, number>;
    expect(delta(monthRow(after), monthRow(before))).toEqual({ received: 4, firmed: 1, declined: 1, accepted: 1, confirmed: 1 });
    expect(after.byMonth).toHaveLength(12);
    expect(after.byMonth.at(-1).month).toBe(month);
    const product = after.byProduct.find((p: { productName: string }) => p.productName === 'Household Bleach');
    // The first request and these four; the one made firm took 3 hours.
    expect(product).toMatchObject({ received: 5, firmed: 1, declined: 1, accepted: 1, confirmed: 1, winRatePercent: 20, medianHoursToFirm: 3 });
    // Another supplier's figures do not move.
    const other = await sessionOf(first.quotes[1]!.supplier.id);
    const theirs = (await server.request('GET', '/api/supplier/stats', { headers: other.headers })).json;
    expect(theirs.byProduct.find((p: { productName: string }) => p.productName === 'Household Bleach')?.firmed ?? 0).toBe(0);
    expect((await server.request('GET', '/api/supplier/stats')).status).toBe(401);
  });

  it('lists the supplier’s own quotes, newest first, without the buyer’s contact, and 404s another supplier’s', async () => {
    const rfq = await leadOfNewRequest();
    const [mine, theirs] = rfq.quotes;
    const s = await sessionOf(mine!.supplier.id);
    const res = await server.request('GET', '/api/supplier/leads', { headers: { cookie: s.cookie } });
    expect(res.status).toBe(200);
    const { leads } = supplierLeadsSchema.parse(res.json);
    expect(leads[0]).toEqual({
      quoteId: mine!.id,
      requestedAt: mine!.createdAt,
      productName: rfq.productName,
      quantity: 200,
      unit: rfq.unit,
      deliveryLocation: rfq.deliveryLocation,
      status: 'offered',
      unitPrice: mine!.unitPrice,
      totalPrice: mine!.totalPrice,
      totalPriceInclVat: mine!.totalPriceInclVat,
      vatRate: mine!.vatRate,
      leadTimeDays: mine!.leadTimeDays,
      validUntil: mine!.validUntil,
      firmedAt: null,
      indicativeUnitPrice: mine!.unitPrice,
      indicativeTotalPrice: mine!.totalPrice,
      withdrawalReason: null,
      buyer: null,
      orders: [],
    });
    // Only an accepted lead shows the buyer's contact: none that is still offered or was declined.
    expect(JSON.stringify(leads.filter((l) => l.status === 'offered' || l.status === 'withdrawn'))).not.toContain('buyers');
    expect(leads.map((l) => l.quoteId)).not.toContain(theirs!.id);
    for (const action of ['firm', 'decline'] as const) {
      const foreign = await server.request('POST', `/api/supplier/leads/${theirs!.id}/${action}`, {
        body: action === 'firm' ? {} : { reason: 'Out of stock' },
        headers: s.headers,
      });
      expect([foreign.status, foreign.json.error]).toEqual([404, { code: 'lead_not_found', message: SUPPLIER_MESSAGES.leadNotFound }]);
    }
    const bogus = await server.request('POST', '/api/supplier/leads/12/firm', { body: {}, headers: s.headers });
    expect(bogus.status).toBe(404);
    expect(
      (await server.request('GET', '/api/supplier/leads?status=withdrawn', { headers: { cookie: s.cookie } })).json.leads.map(
        (l: { quoteId: string }) => l.quoteId,
      ),
    ).not.toContain(mine!.id);
    expect((await server.request('GET', '/api/supplier/leads?status=nope', { headers: { cookie: s.cookie } })).status).toBe(400);
    expect((await server.request('GET', '/api/supplier/leads')).status).toBe(401);
  });

  it('firms up at a changed price once: the buyer is e-mailed and the request shows Firm beside the indicative price', async () => {
    const rfq = await leadOfNewRequest();
    const q = rfq.quotes[0]!;
    const s = await sessionOf(q.supplier.id);
    const firm = await server.request('POST', `/api/supplier/leads/${q.id}/firm`, {
      body: { unitPrice: 19.5, leadTimeDays: 4, note: 'Delivered on Tuesdays' },
      headers: s.headers,
    });
    expect(firm.status).toBe(200);
    expect(firm.json).toMatchObject({
      status: 'offered',
      unitPrice: 19.5,
      totalPrice: 3900,
      totalPriceInclVat: 4485,
      leadTimeDays: { min: 4, max: 4 },
      firmedAt: new Date(now).toISOString(),
      indicativeUnitPrice: q.unitPrice,
      indicativeTotalPrice: q.totalPrice,
    });

    const view = await server.request('GET', `/api/rfq/${rfq.rfqId}`);
    const shown = view.json.quotes.find((x: { id: string }) => x.id === q.id);
    expect(shown).toMatchObject({
      unitPrice: 19.5,
      totalPrice: 3900,
      firmedAt: new Date(now).toISOString(),
      indicativeUnitPrice: q.unitPrice,
      indicativeTotalPrice: q.totalPrice,
      supplierNote: 'Delivered on Tuesdays',
    });
    expect(view.json.quotes.find((x: { id: string }) => x.id !== q.id).firmedAt).toBeUndefined();
    const tracked = await server.request('GET', `/api/quotes/track/${q.trackingToken}`);
    expect(tracked.json.quote.quoteData).toMatchObject({ firmedAt: new Date(now).toISOString(), indicativeUnitPrice: q.unitPrice });

    const again = await server.request('POST', `/api/supplier/leads/${q.id}/firm`, { body: { unitPrice: 10 }, headers: s.headers });
    expect([again.status, again.json.unitPrice]).toEqual([200, 19.5]);
    const mails = await buyerMails(rfq.rfqId);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([['buyer-quote-firmed', rfq.primaryEmail]]);
    const email = await render(mails[0]!);
    expect(email.subject).toBe(`Procura: ${q.supplier.name} changed its price to R19.50 per ${email.subject.split(' per ')[1]}`);
    expect(email.text).toContain('Delivered on Tuesdays');
    const audit = await db()
      .selectFrom('supplier_audit')
      .select(['action', 'detail'])
      .where('supplier_id', '=', q.supplier.id)
      .where('action', 'like', 'leads.%')
      .where('detail', '=', q.id)
      .execute();
    expect(audit).toEqual([{ action: 'leads.firm', detail: q.id }]);
  });

  it('firms up at the indicative price when none is given, and says the price was confirmed', async () => {
    const rfq = await leadOfNewRequest();
    const q = rfq.quotes[1]!;
    const s = await sessionOf(q.supplier.id);
    const firm = await server.request('POST', `/api/supplier/leads/${q.id}/firm`, { body: {}, headers: s.headers });
    expect(firm.json).toMatchObject({
      unitPrice: q.unitPrice,
      totalPrice: q.totalPrice,
      indicativeUnitPrice: q.unitPrice,
      leadTimeDays: q.leadTimeDays,
      validUntil: q.validUntil,
    });
    const [mail] = await buyerMails(rfq.rfqId);
    expect((await render(mail!)).subject).toBe(`Procura: ${q.supplier.name} confirmed its price`);
  });

  it('refuses to firm up a quote past its validity, an accepted one, and a validity in the past', async () => {
    const rfq = await leadOfNewRequest();
    const [first, second] = rfq.quotes;
    const s1 = await sessionOf(first!.supplier.id);
    const past = await server.request('POST', `/api/supplier/leads/${first!.id}/firm`, { body: { validUntil: '2020-01-01' }, headers: s1.headers });
    expect([past.status, past.json.error.details.fields]).toEqual([400, { validUntil: SUPPLIER_MESSAGES.validUntil }]);
    expect((await server.request('POST', `/api/quotes/track/${second!.trackingToken}/accept`, { body: validOrder() })).status).toBe(200);
    const s2 = await sessionOf(second!.supplier.id);
    const accepted = await server.request('POST', `/api/supplier/leads/${second!.id}/firm`, { body: {}, headers: s2.headers });
    expect([accepted.status, accepted.json.error]).toEqual([409, { code: 'not_firmable', message: SUPPLIER_MESSAGES.notFirmable }]);
    // The winner sees the buyer's contact; the request is no longer open to firm up or decline the others.
    const lead = (await server.request('GET', '/api/supplier/leads?status=accepted', { headers: { cookie: s2.cookie } })).json.leads.find(
      (l: { quoteId: string }) => l.quoteId === second!.id,
    );
    expect(lead.buyer).toMatchObject({ email: rfq.primaryEmail, companyName: 'Mokoena Facilities', phone: '+27 82 123 4567' });
    expect((await server.request('POST', `/api/supplier/leads/${first!.id}/decline`, { body: { reason: 'Out of stock' }, headers: s1.headers })).status).toBe(
      409,
    );
    // The supplier confirms the order from its workspace.
    const confirmed = await server.request('POST', `/api/supplier/leads/${second!.id}/confirm`, { headers: s2.headers });
    expect([confirmed.status, confirmed.json.status]).toEqual([200, 'confirmed']);

    const later = await leadOfNewRequest();
    const saved = now;
    now = Date.parse(`${later.quotes[0]!.validUntil}T23:00:00.000Z`);
    const s3 = await signIn(later.quotes[0]!.supplier.id, 'late-firm@supplier.example');
    const expired = await server.request('POST', `/api/supplier/leads/${later.quotes[0]!.id}/firm`, { body: {}, headers: s3.headers });
    now = saved;
    expect(expired.status).toBe(409);
  });

  it('declines with a reason the buyer is told; the quote can no longer be accepted, and a repeat changes nothing', async () => {
    const rfq = await leadOfNewRequest();
    const q = rfq.quotes[0]!;
    const s = await sessionOf(q.supplier.id);
    const short = await server.request('POST', `/api/supplier/leads/${q.id}/decline`, { body: { reason: 'no' }, headers: s.headers });
    expect(short.json.error.details.fields).toEqual({ reason: SUPPLIER_MESSAGES.reason });
    const res = await server.request('POST', `/api/supplier/leads/${q.id}/decline`, { body: { reason: 'Out of stock until January' }, headers: s.headers });
    expect(res.json).toMatchObject({ status: 'withdrawn', withdrawalReason: 'Out of stock until January' });
    expect(
      (await server.request('POST', `/api/supplier/leads/${q.id}/decline`, { body: { reason: 'Another reason' }, headers: s.headers })).json.withdrawalReason,
    ).toBe('Out of stock until January');
    const mails = await buyerMails(rfq.rfqId);
    expect(mails.map((m) => m.kind)).toEqual(['buyer-quote-declined']);
    const email = await render(mails[0]!);
    expect(email.subject).toBe(`Procura: ${q.supplier.name} withdrew quote ${q.id}`);
    expect(email.text).toContain('Their reason: Out of stock until January');
    const accept = await server.request('POST', `/api/quotes/track/${q.trackingToken}/accept`, { body: validOrder() });
    expect(accept.status).toBe(409);
    expect((await server.request('POST', `/api/supplier/leads/${q.id}/firm`, { body: {}, headers: s.headers })).status).toBe(409);
  });

  it('withdraws a quote the buyer had declined without e-mailing the buyer about it', async () => {
    const rfq = await leadOfNewRequest();
    const q = rfq.quotes[0]!;
    expect((await server.request('POST', `/api/quotes/track/${q.trackingToken}/decline`)).status).toBe(200);
    const s = await sessionOf(q.supplier.id);
    const res = await server.request('POST', `/api/supplier/leads/${q.id}/decline`, { body: { reason: 'Out of stock until January' }, headers: s.headers });
    expect([res.status, res.json.status]).toEqual([200, 'withdrawn']);
    expect((await buyerMails(rfq.rfqId)).map((m) => m.kind)).toEqual([]);
  });
});

describe('the supplier’s own details', () => {
  it('are shown and changed by its people, audited, and the next quote uses them', async () => {
    const first = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq() })).json);
    const supplierId = first.quotes[0]!.supplier.id;
    const { headers } = await signIn(supplierId, `owner-${supplierId}@profile.example`);

    const before = await server.request('GET', '/api/supplier/profile', { headers });
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ name: first.quotes[0]!.supplier.name, email: first.quotes[0]!.supplier.email });

    const changed = await server.request('PATCH', '/api/supplier/profile', {
      headers,
      body: {
        phone: '(031) 555-0188',
        paymentTerms: '45 days from statement',
        minimumOrder: 750,
        vatNumber: '4111 222 333',
        registeredAddress: '9 Dock Road, Durban, 4001',
        bbeeLevel: 2,
        bbeeEvidence: 'affidavit',
        bbeeExpiresOn: '2027-06-30',
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({
      phone: '+27 31 555 0188',
      paymentTerms: '45 days from statement',
      minimumOrder: 750,
      vatNumber: '4111222333',
      registeredAddress: '9 Dock Road, Durban, 4001',
      bbeeLevel: 2,
      bbeeEvidence: 'affidavit',
      bbeeExpiresOn: '2027-06-30',
      bbee: { level: 2, status: 'valid', recognitionPercent: 125 },
    });
    const audit = await lastSupplierAudit(server, supplierId);
    expect(audit).toEqual({
      action: 'profile.update',
      detail: 'phone, paymentTerms, minimumOrder, vatNumber, registeredAddress, bbeeLevel, bbeeEvidence, bbeeExpiresOn',
    });

    const next = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq() })).json);
    const quote = next.quotes.find((q) => q.supplier.id === supplierId)!;
    expect(quote.paymentTerms).toBe('45 days from statement');
    expect(quote.supplier).toMatchObject({ phone: '+27 31 555 0188', vatNumber: '4111222333', bbee: { level: 2, recognitionPercent: 125 } });

    // Non-compliant clears the evidence; another supplier's people see their own details only.
    const cleared = await server.request('PATCH', '/api/supplier/profile', { headers, body: { bbeeLevel: 'non-compliant' } });
    expect(cleared.json).toMatchObject({ bbeeLevel: 0, bbeeEvidence: null, bbeeExpiresOn: null, bbee: { status: 'non-compliant', recognitionPercent: 0 } });
    const [, otherId] = (await supplierIds()).filter((id) => id !== supplierId);
    const other = await signIn(otherId!, `owner-${otherId}@profile.example`);
    expect((await server.request('GET', '/api/supplier/profile', { headers: other.headers })).json.vatNumber).not.toBe('4111222333');
  });

  it('refuse bad values with the field’s message, an empty change, a signed-out caller and a foreign page', async () => {
    const [supplierId] = await supplierIds();
    const { headers, cookie } = await signIn(supplierId!, 'checks@profile.example');
    const patch = (body: unknown, h: Record<string, string> = headers) => server.request('PATCH', '/api/supplier/profile', { headers: h, body });
    const fields = async (body: unknown) => (await patch(body)).json.error.details.fields;
    expect(await fields({ phone: '+44 20 7946 0958' })).toEqual({ phone: 'Please enter a South African phone number, e.g. 082 123 4567' });
    expect(await fields({ vatNumber: '5123456789' })).toEqual({ vatNumber: 'VAT number must be 10 digits starting with 4' });
    expect(await fields({ validityDays: 0, minimumOrder: -1 })).toEqual({
      validityDays: SUPPLIER_MESSAGES.validityDays,
      minimumOrder: SUPPLIER_MESSAGES.minimumOrder,
    });
    expect(await fields({ bbeeLevel: 3 })).toEqual({
      bbeeEvidence: 'Choose the evidence of the level: certificate or sworn affidavit',
      bbeeExpiresOn: 'Give the date the evidence expires, such as 2027-03-31',
    });
    expect((await patch({ rating: 5 })).status).toBe(400);
    expect(await fields({})).toEqual({ body: SUPPLIER_MESSAGES.profileEmpty });
    expect((await patch({ paymentTerms: 'Cash' }, { cookie })).status).toBe(403);
    expect((await patch({ paymentTerms: 'Cash' }, { origin })).status).toBe(401);
    expect((await server.request('GET', '/api/supplier/profile')).status).toBe(401);
  });
});

describe('where the supplier delivers', () => {
  it('is replaced by its people, audited, named for the pages, and the next request quotes from it', async () => {
    // A supplier quoted in Durban.
    const first = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq(), headers: client() })).json);
    const supplierId = first.quotes[0]!.supplier.id;
    const { headers } = await signIn(supplierId, `areas-${supplierId}@coverage.example`);
    const before = await server.request('GET', '/api/supplier/coverage', { headers });
    expect(before.status).toBe(200);
    expect(before.json.provinces).toContain('KwaZulu-Natal');

    // Only Cape Town now: it is no longer quoted for Durban.
    const set = await setCoverage(headers, [
      { scope: 'city', area: 'cape-town', leadDays: 2 },
      { scope: 'province', area: 'Gauteng', leadDays: 4 },
    ]);
    expect(set.status).toBe(200);
    expect(set.json.areas).toMatchObject([
      { scope: 'province', area: 'Gauteng', name: 'Gauteng', leadDays: 4 },
      { scope: 'city', area: 'cape-town', name: 'Cape Town, Western Cape', leadDays: 2 },
    ]);
    const audit = await db()
      .selectFrom('supplier_audit')
      .select(['action', 'rows'])
      .where('supplier_id', '=', supplierId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'coverage.update', rows: 2 });
    const durban = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq(), headers: client() })).json);
    expect(durban.quotes.map((q) => q.supplier.id)).not.toContain(supplierId);

    // The whole country again, in 3 days.
    expect((await setCoverage(headers, [{ scope: 'national', area: '', leadDays: 3 }])).json.areas).toMatchObject([
      { scope: 'national', area: '', name: 'All of South Africa', leadDays: 3 },
    ]);
  });

  it('shows, for each place, the lead times buyers are quoted there and what they are made of, as the quotes give them', async () => {
    const first = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq(), headers: client() })).json);
    const supplierId = first.quotes[0]!.supplier.id;
    // Based in Johannesburg, dispatching in 2 days.
    await db().updateTable('suppliers').set({ home_city_id: 'johannesburg', dispatch_days: 2 }).where('id', '=', supplierId).execute();
    const { headers } = await signIn(supplierId, `seen-${supplierId}@coverage.example`);
    const set = await setCoverage(headers, [
      { scope: 'city', area: 'johannesburg', leadDays: 1 },
      { scope: 'city', area: 'durban', leadDays: 4 },
      { scope: 'province', area: 'Gauteng', leadDays: 2 },
      { scope: 'national', area: '', leadDays: 5 },
    ]);
    expect(set.status).toBe(200);
    const seen = (name: string) => set.json.areas.find((a: { name: string }) => a.name === name).buyers;
    expect({ dispatchDays: set.json.dispatchDays, homeCity: set.json.homeCity, distanceAllowance: set.json.distanceAllowance }).toEqual({
      dispatchDays: 2,
      homeCity: 'Johannesburg',
      distanceAllowance: DISTANCE_BANDS,
    });
    // Johannesburg is home (1 day allowed for distance); Durban is 500 km away (3 days).
    // A city is one distance away, so its buyers are all shown the same lead time.
    const oneCity = (leadTime: string, minDays: number, distanceDays: number) => ({
      leadTime,
      farthestLeadTime: leadTime,
      minDays,
      roundedUp: false,
      distanceDays: { least: distanceDays, most: distanceDays },
    });
    expect(seen('Johannesburg, Gauteng')).toEqual(oneCity('3-4 days', 3, 1));
    expect(seen('Durban, KwaZulu-Natal')).toEqual(oneCity('6-9 days', 6, 3));
    // Gauteng's other cities are near; a buyer naming only the province is given the most.
    expect(seen('Gauteng')).toEqual({ leadTime: '4-5 days', farthestLeadTime: '4-7 days', minDays: 4, roundedUp: false, distanceDays: { least: 1, most: 3 } });
    expect(seen('All of South Africa')).toMatchObject({ minDays: 7, farthestLeadTime: '7-10 days' });
    expect(await coverageOf(headers)).toEqual(set.json);

    // The buyer in Durban is quoted what the supplier was shown.
    const durban = rfqSubmitResponseSchema.parse((await server.request('POST', '/api/rfq', { body: validRfq(), headers: client() })).json);
    expect(durban.quotes.find((q) => q.supplier.id === supplierId)?.leadTime).toBe('6-9 days');

    // Nothing a day: rounded up to one. A place no request reaches is shown as such.
    await db().updateTable('suppliers').set({ dispatch_days: 0 }).where('id', '=', supplierId).execute();
    const provinces: string[] = set.json.provinces;
    const everywhere = await setCoverage(headers, [
      { scope: 'city', area: 'johannesburg', leadDays: 0 },
      ...provinces.map((area) => ({ scope: 'province', area, leadDays: 2 })),
      { scope: 'national', area: '', leadDays: 5 },
    ]);
    const areas = everywhere.json.areas as { name: string; buyers: unknown }[];
    expect(areas.find((a) => a.name === 'Johannesburg, Gauteng')!.buyers).toEqual({
      leadTime: '1-2 days',
      farthestLeadTime: '1-2 days',
      minDays: 1,
      roundedUp: true,
      distanceDays: { least: 1, most: 1 },
    });
    expect(areas.find((a) => a.name === 'All of South Africa')!.buyers).toBeNull();
  });

  it('refuses an unknown city or province, a place twice, a bad lead time and an empty list, naming the place', async () => {
    const [supplierId] = await supplierIds();
    const { headers } = await signIn(supplierId!, 'areas-checks@coverage.example');
    const fields = async (areas: unknown) => (await setCoverage(headers, areas)).json.error.details.fields;
    expect(
      await fields([
        { scope: 'city', area: 'atlantis', leadDays: 1 },
        { scope: 'province', area: 'Gauteng', leadDays: 1 },
        { scope: 'province', area: 'Gauteng', leadDays: 2 },
        { scope: 'province', area: 'Narnia', leadDays: 2 },
      ]),
    ).toEqual({
      'areas.0.area': SUPPLIER_MESSAGES.coverageCity,
      'areas.2.area': SUPPLIER_MESSAGES.coverageTwice,
      'areas.3.area': SUPPLIER_MESSAGES.coverageProvince,
    });
    expect(await fields([{ scope: 'national', area: '', leadDays: 61 }])).toEqual({ 'areas.0.leadDays': SUPPLIER_MESSAGES.leadDays });
    expect(await fields([])).toEqual({ areas: SUPPLIER_MESSAGES.coverageEmpty });
    expect((await server.request('PUT', '/api/supplier/coverage', { body: { areas: [] } })).status).toBe(403);
    expect((await server.request('GET', '/api/supplier/coverage')).status).toBe(401);
  });
});
