import { describe, expect, it } from 'vitest';
import { myDataDeletedSchema } from '../../contract/schemas/analytics';
import { MessageRenderer } from '../mail-sender/renderer';
import { sweep } from '../retention';
import { signInBuyer } from '../test/buyers';
import { addressPerCall, startTestServerForFile, validRfq } from '../test/harness';

const HOUR = 60 * 60 * 1000;
let now = Date.parse('2026-12-07T08:00:00.000Z');
const server = startTestServerForFile({ TRUST_PROXY: '1', RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
const origin = 'http://procura.test';
const client = addressPerCall();
const db = () => server.database.db;

const DETAILS = {
  companyName: 'Umhlanga Guest House',
  contactName: 'Lerato Dube',
  phone: '082 123 4567',
  addresses: [{ label: 'Main house', deliveryAddress: '12 Lagoon Drive, Umhlanga', city: 'Durban' }],
};

/** A request made with `email`, copying `copied`; answers its id and a tracking token. */
async function requestOf(email: string, copied = '') {
  const res = await server.request('POST', '/api/rfq', {
    body: validRfq({ primaryEmail: email, additionalEmails: copied, companyName: 'Umhlanga Guest House', contactName: 'Lerato Dube' }),
    headers: client(),
  });
  expect(res.status).toBe(201);
  return { rfqId: res.json.rfqId as string, token: res.json.quotes[0].trackingToken as string };
}

const signIn = (email: string) => signInBuyer(server, email, client);
const account = (email: string) => db().selectFrom('buyer_accounts').selectAll().where('email', '=', email).executeTakeFirst();
const rfq = (id: string) =>
  db()
    .selectFrom('rfqs')
    .select(['primary_email', 'additional_emails', 'company_name', 'personal_data_deleted_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const saveDetails = async (cookie: string) =>
  expect((await server.request('PUT', '/api/buyer/profile', { body: DETAILS, headers: { cookie, origin } })).status).toBe(200);
const profileStatus = async (cookie: string) => (await server.request('GET', '/api/buyer/profile', { headers: { cookie } })).status;
const deleteAccount = (headers: Record<string, string>) => server.request('DELETE', '/api/buyer/account', { headers });
const mailTo = (email: string, kind?: string) => {
  let q = db().selectFrom('outbox').selectAll().where('recipient', '=', email);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
};

/** Whether nothing keyed to the account of `id` is left: the account, its saved details, sessions and links. */
async function nothingLeftOf(id: number) {
  const [accounts, profiles, sessions, links] = await Promise.all([
    db().selectFrom('buyer_accounts').select('id').where('id', '=', id).execute(),
    db().selectFrom('buyer_profiles').select('buyer_account_id').where('buyer_account_id', '=', id).execute(),
    db().selectFrom('buyer_sessions').select('id_hash').where('buyer_account_id', '=', id).execute(),
    db().selectFrom('sign_in_links').select('token_hash').where('kind', '=', 'buyer').where('owner_id', '=', id).execute(),
  ]);
  return accounts.length + profiles.length + sessions.length + links.length === 0;
}

describe('DELETE /api/buyer/account', () => {
  it('is refused signed out (401) and from another origin (403), and deletes nothing then', async () => {
    await requestOf('guard@example.co.za');
    const cookie = await signIn('guard@example.co.za');
    expect((await deleteAccount({ origin })).status).toBe(401);
    expect((await deleteAccount({ cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect(await account('guard@example.co.za')).toBeDefined();
    expect(await profileStatus(cookie)).toBe(200);
  });

  it("deletes the account, its saved details and sessions, and every request's personal data, and signs out", async () => {
    const email = 'lerato@example.co.za';
    const first = await requestOf(email);
    const second = await requestOf(email);
    // Someone else's request copied to this address keeps its own sender but loses this address.
    const copied = await requestOf('colleague.elsewhere@example.co.za', email);
    const cookie = await signIn(email);
    await saveDetails(cookie);
    const { id } = (await account(email))!;
    expect((await mailTo(email)).length).toBeGreaterThan(0);

    const res = await deleteAccount({ cookie, origin });
    expect(res.status).toBe(200);
    expect(myDataDeletedSchema.parse(res.json).rfqs).toBe(3);
    expect(res.headers.getSetCookie().sort()).toEqual([
      'procura_buyer=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
      'procura_buyer_present=; Path=/; SameSite=Lax; Max-Age=0',
    ]);
    expect(await nothingLeftOf(id)).toBe(true);
    for (const r of [first, second])
      expect(await rfq(r.rfqId)).toMatchObject({ primary_email: '', company_name: null, personal_data_deleted_at: expect.any(String) });
    expect(await rfq(copied.rfqId)).toMatchObject({
      primary_email: 'colleague.elsewhere@example.co.za',
      additional_emails: '[]',
      personal_data_deleted_at: null,
    });
    expect(await mailTo(email)).toEqual([]);
    expect(await profileStatus(cookie)).toBe(401);
    // Another account is untouched.
    expect(await account('guard@example.co.za')).toBeDefined();
  });
});

describe("a data request's erasure", () => {
  it('deletes the buyer account of the address and its saved details too', async () => {
    const email = 'thandi@example.co.za';
    const made = await requestOf(email);
    const cookie = await signIn(email);
    await saveDetails(cookie);
    const { id } = (await account(email))!;
    expect((await server.request('POST', '/api/privacy/data-requests', { body: { email }, headers: client() })).status).toBe(202);
    const { token } = JSON.parse((await mailTo(email, 'data-request')).at(-1)!.payload) as { token: string };
    expect((await server.request('POST', '/api/privacy/my-data/delete', { body: { token }, headers: client() })).status).toBe(200);
    expect(await nothingLeftOf(id)).toBe(true);
    expect((await rfq(made.rfqId)).personal_data_deleted_at).not.toBeNull();
    expect(await profileStatus(cookie)).toBe(401);
  });
});

describe('the retention sweep', () => {
  it('keeps the contact of the requests of an address with an account, and clears one without after 72 hours', async () => {
    const kept = await requestOf('keeps.history@example.co.za');
    const cleared = await requestOf('no.account@example.co.za');
    await signIn('keeps.history@example.co.za');
    for (const r of [kept, cleared]) expect((await server.request('POST', `/api/quotes/track/${r.token}/close`)).status).toBe(200);
    await sweep(server.database, server.app.deps.outbox, new Date(now + 73 * HOUR));
    expect(await rfq(kept.rfqId)).toMatchObject({ primary_email: 'keeps.history@example.co.za', personal_data_deleted_at: null });
    expect(await rfq(cleared.rfqId)).toMatchObject({ primary_email: '', personal_data_deleted_at: expect.any(String) });
  });

  it('e-mails an account unused for 23 months once, deletes it 30 days later as its owner would, and a sign-in in between keeps it', async () => {
    now = Date.parse('2026-12-08T08:00:00.000Z');
    const unused = await requestOf('unused@example.co.za');
    const back = await requestOf('comes.back@example.co.za');
    await signIn('unused@example.co.za');
    await signIn('comes.back@example.co.za');
    const run = async (at: string) => sweep(server.database, server.app.deps.outbox, new Date(at));
    const warnings = (email: string) => mailTo(email, 'buyer-account-expiring');

    // Nearly 23 months on, nothing yet.
    await run('2028-10-30T08:00:00.000Z');
    expect(await warnings('unused@example.co.za')).toEqual([]);
    // 30 days before the 24 months, one e-mail each, however many sweeps follow.
    expect((await run('2028-11-09T09:00:00.000Z')).buyerAccounts.warned).toBeGreaterThanOrEqual(2);
    expect((await run('2028-11-09T10:00:00.000Z')).buyerAccounts).toEqual({ warned: 0, deleted: 0 });
    const [warning, ...more] = await warnings('unused@example.co.za');
    expect(more).toEqual([]);
    expect((await warnings('comes.back@example.co.za')).length).toBe(1);
    const mail = await new MessageRenderer(db(), server.app.deps.outbox.settings, server.app.deps.market).render(warning!);
    expect(mail.subject).toBe('Your Procura account will be deleted unless you sign in');
    expect(mail.text).toContain('9 December 2028');
    expect(mail.text).toContain('http://procura.test/account/sign-in');
    expect((await run('2028-11-25T10:00:00.000Z')).buyerAccounts).toEqual({ warned: 0, deleted: 0 });

    // One signs in again before the day: the account is used, its warning void.
    now = Date.parse('2028-12-01T08:00:00.000Z');
    await signIn('comes.back@example.co.za');
    const gone = (await account('unused@example.co.za'))!.id;
    // An hour before the 30 days are up, the account is still there.
    await run('2028-12-09T08:00:00.000Z');
    expect(await account('unused@example.co.za')).toBeDefined();
    const result = await run('2028-12-09T09:00:00.000Z');
    expect(result.buyerAccounts.deleted).toBeGreaterThanOrEqual(1);
    expect(await nothingLeftOf(gone)).toBe(true);
    expect(await rfq(unused.rfqId)).toMatchObject({ primary_email: '', personal_data_deleted_at: expect.any(String) });
    expect(await warnings('unused@example.co.za')).toEqual([]);
    expect(await account('comes.back@example.co.za')).toMatchObject({ expiry_warned_at: null, last_used_at: '2028-12-01T08:00:00.000Z' });
    expect(await rfq(back.rfqId)).toMatchObject({ primary_email: 'comes.back@example.co.za', personal_data_deleted_at: null });
  });
});
