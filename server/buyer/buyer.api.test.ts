import { beforeAll, describe, expect, it } from 'vitest';
import { BUYER_MESSAGES, buyerHistorySchema } from '../../contract/schemas/buyer';
import { buyerLinkTokens, signInBuyer } from '../test/buyers';
import { addressPerCall, MINUTE, startTestServerForFile, validRfq } from '../test/harness';

let now = Date.parse('2026-12-07T08:00:00.000Z');
const server = startTestServerForFile({ TRUST_PROXY: '1' }, { clock: () => now });
const origin = 'http://procura.test';
const BUYER = 'thandi.buyer@example.co.za';
const OTHER = 'other.buyer@example.co.za';
const client = addressPerCall();
const db = () => server.database.db;

/** Stores `count` more requests of `email`, copies of a real one, a minute apart. */
async function copiesOf(rfqId: string, email: string, count: number, from: number) {
  const row = await db().selectFrom('rfqs').selectAll().where('id', '=', rfqId).executeTakeFirstOrThrow();
  for (let i = 0; i < count; i++) {
    const id = `${email.slice(0, 5)}-${String(from + i).padStart(3, '0')}`;
    await db()
      .insertInto('rfqs')
      .values({
        ...row,
        id,
        rfq_ref: `r_${id}`,
        primary_email: email,
        created_at: new Date(Date.parse('2026-12-01T00:00:00.000Z') + (from + i) * MINUTE).toISOString(),
      })
      .execute();
  }
}

beforeAll(async () => {
  const made = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: 'Thandi.Buyer@example.co.za' }), headers: client() });
  expect(made.status).toBe(201);
  const rfqId = (made.json as { rfqId: string }).rfqId;
  await copiesOf(rfqId, BUYER, 24, 0);
  await copiesOf(rfqId, OTHER, 3, 100);
});

const ask = (email: string) => server.request('POST', '/api/buyer/sign-in-link', { body: { email }, headers: { origin, ...client() } });
const exchange = (token: string, headers: Record<string, string> = { origin }) =>
  server.request('POST', '/api/buyer/session', { body: { token }, headers: { ...headers, ...client() } });
const tokensTo = (email: string) => buyerLinkTokens(server, email);
const signIn = (email: string) => signInBuyer(server, email, client);

describe('buyer sign-in links', () => {
  it('answer 202 alike for a known and an unknown address, and e-mail only the known one', async () => {
    const known = await ask(BUYER);
    const unknown = await ask('nobody.here@example.co.za');
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(unknown.json).toEqual(known.json);
    expect(known.json).toEqual({ message: BUYER_MESSAGES.linkSent });
    expect(await tokensTo('nobody.here@example.co.za')).toEqual([]);
    expect((await tokensTo(BUYER))[0]).toMatch(/^bl_[A-Za-z0-9_-]{43}$/);
  });

  it('work once, set their own HttpOnly cookie, and refuse a change from another origin', async () => {
    await ask(BUYER);
    const token = (await tokensTo(BUYER)).at(-1)!;
    expect((await exchange(token, { origin: 'https://evil.example' })).status).toBe(403);
    const signedIn = await exchange(token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toEqual({ email: BUYER });
    const [session, present, ...more] = signedIn.headers.getSetCookie();
    expect(session).toMatch(/^procura_buyer=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
    // Beside it, a mark the page can read that a session may exist, and nothing more.
    expect([present, more]).toEqual(['procura_buyer_present=1; Path=/; SameSite=Lax; Max-Age=604800', []]);
    const again = await exchange(token);
    expect(again.status).toBe(400);
    expect((again.json as { error: { code: string } }).error.code).toBe('invalid_token');
  });

  it('stop working after 15 minutes', async () => {
    now += 61 * MINUTE;
    await ask(BUYER);
    const token = (await tokensTo(BUYER)).at(-1)!;
    now += 15 * MINUTE;
    expect((await exchange(token)).status).toBe(400);
  });
});

describe('the buyer history', () => {
  it('is refused signed out, and signing out needs the origin and ends the session', async () => {
    now += 61 * MINUTE;
    expect((await server.request('GET', '/api/buyer/requests')).status).toBe(401);
    const cookie = await signIn(BUYER);
    expect((await server.request('GET', '/api/buyer/requests', { headers: { cookie } })).status).toBe(200);
    expect((await server.request('DELETE', '/api/buyer/session', { headers: { cookie, origin: 'https://evil.example' } })).status).toBe(403);
    const out = await server.request('DELETE', '/api/buyer/session', { headers: { cookie, origin } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().sort()).toEqual([
      'procura_buyer=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
      'procura_buyer_present=; Path=/; SameSite=Lax; Max-Age=0',
    ]);
    const refused = await server.request('GET', '/api/buyer/requests', { headers: { cookie } });
    expect(refused.status).toBe(401);
    // A page still holding the mark is told to drop it, so it stops asking.
    expect(refused.headers.getSetCookie()).toContain('procura_buyer_present=; Path=/; SameSite=Lax; Max-Age=0');
  });

  it('pages 25 requests as 20 and 5, newest first, and never shows another address’s', async () => {
    now += 61 * MINUTE;
    const cookie = await signIn(BUYER);
    const first = buyerHistorySchema.parse((await server.request('GET', '/api/buyer/requests', { headers: { cookie } })).json);
    expect(first.requests).toHaveLength(20);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = buyerHistorySchema.parse((await server.request('GET', `/api/buyer/requests?cursor=${first.nextCursor}`, { headers: { cookie } })).json);
    expect(second.requests).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.requests, ...second.requests];
    const times = all.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.map((r) => r.id)).size).toBe(25);
    expect(all.some((r) => r.id.startsWith('other'))).toBe(false);
    expect(all.at(-1)).toMatchObject({ product: 'Hand Sanitizer 70% Alcohol', city: 'Durban, KwaZulu-Natal' });
  });

  it('refuses a cursor that is not one', async () => {
    now += 61 * MINUTE;
    const cookie = await signIn(BUYER);
    const res = await server.request('GET', '/api/buyer/requests?cursor=bm90LWEtY3Vyc29y', { headers: { cookie } });
    expect(res.status).toBe(400);
  });
});
