import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestServer, validRfq, type TestDatabase, type TestServer } from '../test/harness';
import { validEmbedRfq, validRegistration } from '../test/partners';
import { admit, type RatePolicy } from './rate-limiter';

const embedRfq = validEmbedRfq();
const widgetLoad = { embedId: 'shop-footer', referrerUrl: 'https://shop.example.co.za/' };

// Two server processes on one database; the clock stands in the middle of an hour.
const now = Date.parse('2026-11-24T10:15:00.000Z');
let database: TestDatabase;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  database = await createTestDatabase();
  const env = {
    RFQ_RATE_LIMIT: '2',
    RFQ_RATE_WINDOW_SECONDS: '3600',
    REGISTRATION_RATE_LIMIT: '1',
    REGISTRATION_RATE_WINDOW_SECONDS: '3600',
    WIDGET_LOAD_RATE_LIMIT: '3',
    WIDGET_LOAD_RATE_WINDOW_SECONDS: '60',
    TRUST_PROXY: '1',
  };
  a = await startTestServer(env, { database, clock: () => now });
  b = await startTestServer(env, { database, clock: () => now });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.drop();
});

const from = (address: string) => ({ 'x-forwarded-for': address });

function expectLimited(res: { status: number; json: unknown; headers: Headers }, message: string, retryAfter: string) {
  expect(res.status).toBe(429);
  expect(res.json).toEqual({ error: { code: 'rate_limited', message } });
  expect(res.headers.get('retry-after')).toBe(retryAfter);
}

describe('one rate limiter, counted in the database', () => {
  it('counts an IPv6 client by its /64, so stepping through its own addresses opens no new window', async () => {
    const answers = [];
    for (const address of ['2001:db8:1:1::1', '2001:DB8:1:1:0:0:0:12', '2001:db8:1:1:ffff::7']) {
      answers.push(
        (
          await a.request('POST', '/api/partners/register', {
            body: validRegistration({ contactEmail: `v6-${answers.length}@example.co.za` }),
            headers: from(address),
          })
        ).status,
      );
    }
    expect(answers).toEqual([201, 429, 429]);
    // The next /64 is another subscriber.
    expect(
      (
        await b.request('POST', '/api/partners/register', {
          body: validRegistration({ contactEmail: 'v6-next@example.co.za' }),
          headers: from('2001:db8:1:2::1'),
        })
      ).status,
    ).toBe(201);
  });

  it("shares a client's quote-request window between server processes, across the form and the widget", async () => {
    const client = from('203.0.113.10');
    expect((await a.request('POST', '/api/rfq', { body: validRfq(), headers: client })).status).toBe(201);
    const second = await b.request('POST', '/api/embed/rfq', { body: embedRfq, headers: client });
    expect(second.status).toBe(201);
    expect(second.headers.get('ratelimit')).toBe('limit=2, remaining=0, reset=2700');
    expectLimited(
      await a.request('POST', '/api/embed/rfq', { body: embedRfq, headers: client }),
      'Too many quote requests from your network. Please try again in 2700 seconds.',
      '2700',
    );
    expectLimited(
      await b.request('POST', '/api/rfq', { body: validRfq(), headers: client }),
      'Too many quote requests from your network. Please try again in 2700 seconds.',
      '2700',
    );
    // Another client is not held back.
    expect((await b.request('POST', '/api/rfq', { body: validRfq(), headers: from('203.0.113.11') })).status).toBe(201);
  });

  it('limits partner registrations per client across server processes', async () => {
    const client = from('203.0.113.20');
    expect((await a.request('POST', '/api/partners/register', { body: validRegistration(), headers: client })).status).toBe(201);
    expectLimited(
      await b.request('POST', '/api/partners/register', { body: validRegistration({ companyName: 'Another Directory' }), headers: client }),
      'Too many partner registrations from your network. Please try again in 2700 seconds.',
      '2700',
    );
  });

  it('limits widget-load reports per client across server processes, and counts none past the limit', async () => {
    const client = from('203.0.113.30');
    const answers = [];
    for (const server of [a, b, a, b]) answers.push(await server.request('POST', '/api/analytics/widget-load', { body: widgetLoad, headers: client }));
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 429]);
    expectLimited(answers[3]!, 'Too many widget load reports from your network. Please try again in 60 seconds.', '60');
    const rows = await database.db.selectFrom('widget_loads').select('loads').execute();
    expect(rows).toEqual([{ loads: 3 }]);
    expect((await b.request('POST', '/api/analytics/widget-load', { body: widgetLoad, headers: from('203.0.113.31') })).status).toBe(204);
  });

  it('counts hits that arrive together as if one by one: each window admits exactly its limit, and each admitted hit its own remaining count', async () => {
    const clients = ['203.0.113.40', '203.0.113.41'];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (Math.floor(i / 2) % 2 === 0 ? a : b).request('POST', '/api/analytics/widget-load', { body: widgetLoad, headers: from(clients[i % clients.length]!) }),
      ),
    );
    for (const [n, client] of clients.entries()) {
      const own = answers.filter((_, i) => i % clients.length === n);
      expect(own.map((r) => r.status).sort(), client).toEqual([204, 204, 204, 429, 429, 429]);
      const remaining = own.filter((r) => r.status === 204).map((r) => r.headers.get('x-ratelimit-remaining'));
      expect(remaining.sort(), client).toEqual(['0', '1', '2']);
    }
  });

  it('keeps no client address in its counters', async () => {
    const rows = await database.db.selectFrom('rate_limit_windows').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113/);
  });
});

describe('a sliding window', () => {
  const policy: RatePolicy = { bucket: 'sliding-test', limit: 4, windowSeconds: 3600, sliding: true };
  const at = (time: string) => Date.parse(`2026-11-26T${time}:00.000Z`);
  const hit = async (time: string) => {
    const { allowed, remaining, resetSeconds } = await admit(database.db, policy, 'someone', at(time));
    return { allowed, remaining, resetSeconds };
  };

  it('counts the window before by the share of it the last hour still covers, and no refused hit', async () => {
    for (let i = 0; i < 4; i++) expect((await hit('10:40')).allowed).toBe(true);
    // Full: room again once the 4 of 10:00-11:00 weigh 3, at 11:15.
    expect(await hit('10:40')).toEqual({ allowed: false, remaining: 0, resetSeconds: 35 * 60 });
    // 11:10 by the clock: a fixed window would start afresh; 50 of the last 60 minutes hold 4 * 50/60 of them.
    expect(await hit('11:10')).toEqual({ allowed: false, remaining: 0, resetSeconds: 5 * 60 });
    expect(await hit('11:15')).toEqual({ allowed: true, remaining: 0, resetSeconds: 45 * 60 });
    expect((await hit('11:15')).allowed).toBe(false);
    // 11:45: the hour before weighs 1, this one holds 1; the refused hits were not counted.
    expect(await hit('11:45')).toEqual({ allowed: true, remaining: 1, resetSeconds: 15 * 60 });
    expect((await hit('11:45')).allowed).toBe(true);
    expect((await hit('11:45')).allowed).toBe(false);
    const rows = await database.db.selectFrom('rate_limit_windows').select(['window_key', 'hits', 'expires_at']).where('bucket', '=', 'sliding-test').execute();
    // Each window is kept through the next, which reads it.
    expect(rows.sort((a, b) => a.window_key.localeCompare(b.window_key))).toEqual([
      { window_key: String(at('10:00')), hits: 4, expires_at: '2026-11-26T12:00:00.000Z' },
      { window_key: String(at('11:00')), hits: 3, expires_at: '2026-11-26T13:00:00.000Z' },
    ]);
  });
});
