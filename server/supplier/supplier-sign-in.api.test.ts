import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES, supplierMeSchema } from '../../contract/schemas/supplier-workspace';
import { hashSecret } from '../lib/ids';
import { subjectKey } from '../limits/rate-limiter';
import { MessageRenderer } from '../mail-sender/renderer';
import { lastSignInLink, supplierTestKit } from '../test/suppliers';
import { createTestDatabase, HOUR, MINUTE, startTestServer, type TestDatabase, type TestServer } from '../test/harness';
import { requestSignInLink } from './supplier-users.service';

let now = Date.parse('2026-11-02T08:00:00.000Z');
/** The statements a call makes, heard while it runs inside `steps.run(list, …)`. */
const steps = new AsyncLocalStorage<string[]>();
let database: TestDatabase;
let server: TestServer;
const origin = 'http://procura.test';
beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (sql) => steps.getStore()?.push(sql) });
  server = await startTestServer({ TRUST_PROXY: '1' }, { database, clock: () => now });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const db = () => server.database.db;

const lastLink = (email: string) => lastSignInLink(server, email);
const tokensTo = async (email: string) =>
  (await db().selectFrom('outbox').select('payload').where('kind', '=', 'supplier-sign-in').where('recipient', '=', email).orderBy('id').execute()).map(
    (r) => (JSON.parse(r.payload) as { token: string }).token,
  );

/** `client()` gives a call an address of its own; the admin's sign-in survives the file's clock moving. */
const { client, linksTo, adminHeaders, invite } = supplierTestKit(() => server);
const ask = (email: string, headers: Record<string, string> = client()) =>
  server.request('POST', '/api/supplier/sign-in-link', { body: { email }, headers: { origin, ...headers } });
const peek = (token: string, headers: Record<string, string> = client()) =>
  server.request('POST', '/api/supplier/sign-in-link/peek', { body: { token }, headers: { origin, ...headers } });
const exchange = (token: string, headers: Record<string, string> = client()) =>
  server.request('POST', '/api/supplier/session', { body: { token }, headers: { origin, ...headers } });
const invalid = { code: 'invalid_token', message: SUPPLIER_MESSAGES.linkInvalid };

const supplierIds = async () => (await db().selectFrom('suppliers').select('id').orderBy('id').execute()).map((r) => r.id);
const supplierName = async (id: number) => (await db().selectFrom('suppliers').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

/** A supplier user invited long enough ago that the invitation's link and count are behind them. */
async function invited(email: string, name = 'Sipho Dlamini') {
  const [supplierId] = await supplierIds();
  expect((await invite(supplierId!, email, name)).status).toBe(201);
  now += 2 * HOUR;
  return supplierId!;
}

describe('sign-in links', () => {
  it('are e-mailed to an invited user, work once, and start a supplier session of its own cookie', async () => {
    const [supplierId] = await supplierIds();
    const res = await invite(supplierId!, ' Sipho@CleanCo.example ');
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email: 'sipho@cleanco.example', name: 'Sipho Dlamini', lastSignInAt: null, disabled: false });
    const token = (await lastLink('sipho@cleanco.example'))!;
    expect(token).toMatch(/^sl_[A-Za-z0-9_-]{43}$/);
    const stored = await db().selectFrom('sign_in_links').select(['token_hash', 'kind', 'created_at', 'expires_at']).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
    expect(stored.find((s) => s.token_hash === hashSecret(token))).toMatchObject({
      kind: 'supplier',
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 10 * MINUTE).toISOString(),
    });

    const mail = await db().selectFrom('outbox').select(['kind', 'payload']).where('recipient', '=', 'sipho@cleanco.example').executeTakeFirstOrThrow();
    const email = await new MessageRenderer(db(), server.app.deps.outbox.settings, server.app.deps.market, () => now).render(mail);
    expect(email.text).toContain(`http://procura.test/supplier/sign-in#${token}`);

    const signedIn = await exchange(token);
    expect(signedIn.status).toBe(200);
    expect(supplierMeSchema.parse(signedIn.json)).toEqual({
      user: { id: res.json.id, email: 'sipho@cleanco.example', name: 'Sipho Dlamini' },
      supplier: { id: supplierId, name: await supplierName(supplierId!) },
      // A seeded supplier lists products in stock and delivers: no checklist.
      readiness: { inStockItem: true, deliveryArea: true, readyToQuote: true },
    });
    const setCookie = signedIn.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^procura_supplier=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
    const cookie = setCookie.split(';')[0]!;
    expect((await server.request('GET', '/api/supplier/me', { headers: { cookie } })).json).toEqual(signedIn.json);
    // The staff cookie's name with the supplier's session opens nothing of staff's.
    const asStaff = await server.request('GET', '/api/staff/me', { headers: { cookie: cookie.replace('procura_supplier', 'procura_staff') } });
    expect(asStaff.status).toBe(401);

    const again = await exchange(token);
    expect([again.status, again.json.error]).toEqual([400, invalid]);
  });

  it('keep the lead a supplier was opening, so the e-mailed link opens the workspace on it; a malformed one is left out', async () => {
    await invited('lead@cleanco.example');
    const render = async () => {
      const mail = await db()
        .selectFrom('outbox')
        .select(['kind', 'payload'])
        .where('recipient', '=', 'lead@cleanco.example')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return (await new MessageRenderer(db(), server.app.deps.outbox.settings, server.app.deps.market, () => now).render(mail)).text;
    };
    const askFor = (lead: string) =>
      server.request('POST', '/api/supplier/sign-in-link', { body: { email: 'lead@cleanco.example', lead }, headers: { origin, ...client() } });
    expect((await askFor('Q-123')).status).toBe(202);
    expect(await render()).toContain(`http://procura.test/supplier/sign-in?lead=Q-123#${(await lastLink('lead@cleanco.example'))!}`);
    expect((await askFor('javascript:alert(1)')).status).toBe(202);
    expect(await render()).toContain(`http://procura.test/supplier/sign-in#${(await lastLink('lead@cleanco.example'))!}`);
  });

  it('answer 202 the same for any address, and e-mail only a known, enabled user', async () => {
    await invited('known@cleanco.example');
    const before = await linksTo('known@cleanco.example');
    const known = await ask('KNOWN@cleanco.example');
    const unknown = await ask('nobody@cleanco.example');
    expect([known.status, known.json]).toEqual([202, { message: SUPPLIER_MESSAGES.linkSent }]);
    expect([unknown.status, unknown.json]).toEqual([known.status, known.json]);
    expect(await linksTo('known@cleanco.example')).toBe(before + 1);
    expect(await linksTo('nobody@cleanco.example')).toBe(0);
  });

  it('leave the links sent before working: six asked for one address send three, each usable, and the rest the same answer and nothing', async () => {
    await invited('six@cleanco.example');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await ask('six@cleanco.example'));
    expect(answers.map((a) => [a.status, a.json.message])).toEqual(Array(6).fill([202, SUPPLIER_MESSAGES.linkSent]));
    const tokens = (await tokensTo('six@cleanco.example')).slice(1);
    expect(tokens).toHaveLength(3);
    // The first link still signs in after the other five requests: asking for more cancelled nothing.
    expect((await exchange(tokens[0]!)).status).toBe(200);
    expect((await exchange(tokens[2]!)).status).toBe(200);
    expect((await exchange(tokens[1]!)).status).toBe(200);
  });

  it('count the links to one address over a sliding hour, which gives them back little by little, not all at once on the hour', async () => {
    await invited('slide@cleanco.example');
    const sent = () => linksTo('slide@cleanco.example');
    const first = await sent();
    const hour = Math.ceil(now / HOUR) * HOUR + HOUR;
    now = hour - 10 * MINUTE;
    for (let i = 0; i < 4; i++) await ask('slide@cleanco.example');
    expect(await sent()).toBe(first + 3);
    // Ten past: a fixed window would have three fresh links; the last hour still holds the three sent at ten to.
    now = hour + 10 * MINUTE;
    await ask('slide@cleanco.example');
    expect(await sent()).toBe(first + 3);
    // Half past: half of the hour before has slid out of the last hour, room for one more.
    now = hour + 30 * MINUTE;
    await ask('slide@cleanco.example');
    await ask('slide@cleanco.example');
    expect(await sent()).toBe(first + 4);
    now = hour + 50 * MINUTE;
    await ask('slide@cleanco.example');
    await ask('slide@cleanco.example');
    expect(await sent()).toBe(first + 5);
    // The refused requests were not counted: half past the next hour, the last one holds one (half of two), so two more go.
    now = hour + 90 * MINUTE;
    for (let i = 0; i < 3; i++) await ask('slide@cleanco.example');
    expect(await sent()).toBe(first + 7);
    now += 2 * HOUR;
  });

  it('take the same steps for an unknown, a disabled and a known address: the same count, the same statements, writing only for the known', async () => {
    await invited('steps@cleanco.example');
    const [supplierId] = await supplierIds();
    await invite(supplierId!, 'off@cleanco.example');
    const off = await db().selectFrom('supplier_users').select('id').where('email', '=', 'off@cleanco.example').executeTakeFirstOrThrow();
    expect((await server.request('PATCH', `/api/admin/supplier-users/${off.id}`, { body: { disabled: true }, headers: await adminHeaders() })).status).toBe(
      204,
    );
    now += 2 * HOUR;
    const stepsOf = async (email: string) => {
      const taken: string[] = [];
      const answer = await steps.run(taken, () => requestSignInLink(server.app.deps, { email }));
      expect(answer).toEqual({ message: SUPPLIER_MESSAGES.linkSent });
      return taken;
    };
    const known = await stepsOf('steps@cleanco.example');
    const unknown = await stepsOf('nobody-steps@cleanco.example');
    const disabled = await stepsOf('off@cleanco.example');
    expect(unknown).toEqual(known);
    expect(disabled).toEqual(known);
    expect(known.filter((sql) => /sign_in_links|outbox/.test(sql)).map((sql) => sql.split(' ').slice(0, 3).join(' '))).toEqual([
      'delete from "sign_in_links"',
      'insert into "sign_in_links"',
      'insert into "outbox"',
    ]);
    // Each address was counted, once, in the database, in this hour's window.
    const bucket = 'supplier-links-to-address';
    const counts = await db()
      .selectFrom('rate_limit_windows')
      .select(['subject', 'hits'])
      .where('bucket', '=', bucket)
      .where('window_key', '=', String(now - (now % HOUR)))
      .where(
        'subject',
        'in',
        ['steps@cleanco.example', 'nobody-steps@cleanco.example', 'off@cleanco.example'].map((e) => subjectKey(bucket, e)),
      )
      .execute();
    expect(counts.map((c) => c.hits)).toEqual([1, 1, 1]);
    expect([await linksTo('steps@cleanco.example'), await linksTo('nobody-steps@cleanco.example'), await linksTo('off@cleanco.example')]).toEqual([2, 0, 1]);
  });

  it('stop working 10 minutes after they were sent', async () => {
    const [, supplierId] = await supplierIds();
    await invite(supplierId!, 'late@cleanco.example');
    const first = (await lastLink('late@cleanco.example'))!;
    now += 10 * MINUTE;
    expect((await peek(first)).json.error).toEqual(invalid);
    expect((await exchange(first)).json.error).toEqual(invalid);
    await ask('late@cleanco.example');
    now += 9 * MINUTE;
    expect((await exchange((await lastLink('late@cleanco.example'))!)).status).toBe(200);
  });

  it('say whom they are for without spending them, so the page can ask for the click that signs in', async () => {
    const [, supplierId] = await supplierIds();
    await invite(supplierId!, 'peek@cleanco.example', 'Lerato Molefe');
    const token = (await lastLink('peek@cleanco.example'))!;
    const browser = client();
    for (let i = 0; i < 3; i++) {
      const looked = await peek(token, browser);
      expect([looked.status, looked.json, looked.headers.get('cache-control'), looked.headers.get('set-cookie')]).toEqual([
        200,
        { name: 'Lerato Molefe', supplierName: await supplierName(supplierId!) },
        'no-store',
        null,
      ]);
    }
    const stored = await db().selectFrom('sign_in_links').select('used_at').where('token_hash', '=', hashSecret(token)).executeTakeFirstOrThrow();
    expect(stored.used_at).toBeNull();
    for (const headers of [{}, { origin: 'https://evil.example' }] as Record<string, string>[]) {
      const foreign = await server.request('POST', '/api/supplier/sign-in-link/peek', { body: { token }, headers: { ...headers, ...client() } });
      expect([foreign.status, foreign.json.error.code]).toEqual([403, 'bad_origin']);
    }
    // Only the click spends it; then it says no more.
    expect((await exchange(token, browser)).status).toBe(200);
    expect((await peek(token, browser)).json.error).toEqual(invalid);
    // A staff set-password token, a bad one or none is no supplier link.
    for (const other of [`st_${token.slice(3)}`, 'sl_nothing']) expect((await peek(other)).json.error).toEqual(invalid);
    const empty = await peek('');
    expect([empty.status, empty.json.error.code]).toEqual([400, 'validation_error']);
  });

  it('are throttled per client: 10 requests and 30 look-ups or sign-ins in any 15 minutes', async () => {
    await invited('flood@cleanco.example');
    const one = client();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await ask('flood@cleanco.example', one));
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(202), 429]);
    expect(answers[10]!.json.error.code).toBe('rate_limited');
    expect(await linksTo('flood@cleanco.example')).toBe(1 + 3);

    const guesses = client();
    const tries = [];
    for (let i = 0; i < 15; i++) {
      tries.push((await peek(`sl_${'x'.repeat(43)}`, guesses)).status);
      tries.push((await exchange(`sl_${'x'.repeat(43)}`, guesses)).status);
    }
    expect(tries).toEqual(Array(30).fill(400));
    expect((await exchange(`sl_${'x'.repeat(43)}`, guesses)).status).toBe(429);
  });
});
