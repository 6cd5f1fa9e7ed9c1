import Koa from 'koa';
import Router from '@koa/router';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../contract/schemas/staff';
import { errorHandler } from '../errors';
import { hashSecret } from '../lib/ids';
import { startTestServer, startTestServerForFile } from '../test/harness';
import { createStaff, signInStaff, STAFF_PASSWORD, staffLinkToken } from '../test/staff';
import { addStaff, disableStaff, resetStaff } from './staff.service';
import { staffOf, staffOnly } from './staff-auth';
import pino from 'pino';

const HOUR = 3_600_000;
let now = Date.UTC(2026, 10, 24, 8, 0, 0);
const origin = 'http://procura.test';
const server = startTestServerForFile({}, { clock: () => now });

const signIn = (email: string, password: string, headers: Record<string, string> = { origin }) =>
  server.request('POST', '/api/staff/sign-in', { body: { email, password }, headers });
const me = (cookie: string) => server.request('GET', '/api/staff/me', { headers: { cookie } });
const cookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie')!.split(';')[0]!;
const tokenOf = staffLinkToken;
const setPassword = (token: string, password: string, headers: Record<string, string> = { origin }) =>
  server.request('POST', '/api/staff/password', { body: { token, password }, headers });
const peek = (token: string, headers: Record<string, string> = { origin }) => server.request('POST', '/api/staff/password/peek', { body: { token }, headers });

describe('setting a password from the one-time link', () => {
  it('takes a good password once, and refuses short, common and reused ones', async () => {
    const link = await addStaff(server.database.db, server.config.publicUrl, { email: 'Naledi@Procura.example', name: 'Naledi Dube', role: 'admin' }, now);
    // The token rides in the fragment, which no request carries, so no log holds it.
    expect(link).toMatch(/^http:\/\/procura\.test\/staff\/set-password#st_[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);

    const short = await setPassword(token, 'short-pass');
    expect(short.status).toBe(400);
    expect(short.json.error.details.fields).toEqual({ password: STAFF_MESSAGES.passwordTooShort });
    const common = await setPassword(token, 'Qwerty123456');
    expect(common.status).toBe(400);
    expect(common.json.error.details.fields).toEqual({ password: STAFF_MESSAGES.passwordCommon });
    // Twelve characters, on no list, and still guessed at once: a common word and digits, or the product's and the person's own words.
    for (const guessable of ['password1234', 'procurement2026', 'Naledi.Dube.2026', 'naledi@procura.example']) {
      const weak = await setPassword(token, guessable);
      expect([guessable, weak.status, weak.json.error.code, weak.json.error.details.fields]).toEqual([
        guessable,
        400,
        'validation_error',
        { password: 'This password is too easy to guess. Add a word or two that have nothing to do with you or Procura.' },
      ]);
    }

    const ok = await setPassword(token, STAFF_PASSWORD);
    expect([ok.status, ok.json]).toEqual([200, { email: 'naledi@procura.example', name: 'Naledi Dube', role: 'admin' }]);
    const again = await setPassword(token, 'another-long-passphrase');
    expect([again.status, again.json.error]).toEqual([400, { code: 'invalid_token', message: STAFF_MESSAGES.linkInvalid }]);
    expect((await signIn('naledi@procura.example', STAFF_PASSWORD)).status).toBe(200);
    expect((await signIn('naledi@procura.example', 'another-long-passphrase')).status).toBe(401);

    const stored = await server.database.db
      .selectFrom('staff_users')
      .select('password_hash')
      .where('email', '=', 'naledi@procura.example')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const tokens = await server.database.db.selectFrom('sign_in_links').select('token_hash').execute();
    expect(tokens.map((t) => t.token_hash)).not.toContain(token);
  });

  it('says whom it is for without spending it, so the page names the person before they choose a password', async () => {
    const token = tokenOf(
      await addStaff(server.database.db, server.config.publicUrl, { email: 'peek@procura.example', name: 'Zanele Mthembu', role: 'admin' }, now),
    );
    for (let i = 0; i < 3; i++) {
      const looked = await peek(token);
      expect([looked.status, looked.json, looked.headers.get('cache-control')]).toEqual([200, { name: 'Zanele Mthembu' }, 'no-store']);
    }
    const stored = await server.database.db.selectFrom('sign_in_links').select('used_at').where('token_hash', '=', hashSecret(token)).executeTakeFirstOrThrow();
    expect(stored.used_at).toBeNull();
    for (const headers of [{}, { origin: 'https://evil.example' }] as Record<string, string>[]) expect((await peek(token, headers)).status).toBe(403);

    expect((await setPassword(token, STAFF_PASSWORD)).status).toBe(200);
    const spent = await peek(token);
    expect([spent.status, spent.json.error]).toEqual([400, { code: 'invalid_token', message: STAFF_MESSAGES.linkInvalid }]);
    // A supplier's sign-in token, or anything else, is no staff link.
    for (const other of [`sl_${token.slice(3)}`, 'st_nothing']) expect((await peek(other)).json.error.code).toBe('invalid_token');

    const disabled = tokenOf(await addStaff(server.database.db, server.config.publicUrl, { email: 'gone@procura.example', name: 'Gone', role: 'sales' }, now));
    await disableStaff(server.database.db, 'gone@procura.example', now);
    expect((await peek(disabled)).json.error.code).toBe('invalid_token');
  });

  it('stops working after 24 hours, and a reset link replaces the old one', async () => {
    const first = tokenOf(await addStaff(server.database.db, server.config.publicUrl, { email: 'late@procura.example', name: 'Late', role: 'sales' }, now));
    const second = tokenOf(await resetStaff(server.database.db, server.config.publicUrl, 'late@procura.example', now));
    expect((await setPassword(first, STAFF_PASSWORD)).status).toBe(400);
    now += 24 * HOUR;
    expect((await setPassword(second, STAFF_PASSWORD)).json.error.code).toBe('invalid_token');
    const third = tokenOf(await resetStaff(server.database.db, server.config.publicUrl, 'late@procura.example', now));
    now += 23 * HOUR;
    expect((await setPassword(third, STAFF_PASSWORD)).status).toBe(200);
  });

  it('needs PUBLIC_URL as the Origin', async () => {
    const token = tokenOf(await addStaff(server.database.db, server.config.publicUrl, { email: 'origin@procura.example', name: 'O', role: 'admin' }, now));
    for (const headers of [{}, { origin: 'https://evil.example' }] as Record<string, string>[]) {
      const res = await setPassword(token, STAFF_PASSWORD, headers);
      expect([res.status, res.json.error]).toEqual([
        403,
        { code: 'bad_origin', message: 'This request did not come from a Procura page. Open Procura at http://procura.test and try again there.' },
      ]);
    }
    expect((await setPassword(token, STAFF_PASSWORD)).status).toBe(200);
  });
});

describe('setting a password signs the person in', () => {
  it('answers with a session cookie that opens the staff API, ending any session of the old password', async () => {
    const person = await createStaff(server, { role: 'sales', name: 'Thandeka Zulu' });
    const before = cookieOf(await signIn(person.email, person.password));
    const link = await resetStaff(server.database.db, server.config.publicUrl, person.email, now);
    const res = await setPassword(tokenOf(link), 'mopane-worms-at-dusk-0913');
    expect([res.status, res.json, res.headers.get('cache-control')]).toEqual([200, { email: person.email, name: 'Thandeka Zulu', role: 'sales' }, 'no-store']);
    expect(res.headers.get('set-cookie')).toMatch(/^procura_staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
    const signedIn = await me(cookieOf(res));
    expect([signedIn.status, signedIn.json]).toEqual([200, { email: person.email, name: 'Thandeka Zulu', role: 'sales' }]);
    expect((await me(before)).status).toBe(401);
    const user = await server.database.db.selectFrom('staff_users').select('last_sign_in_at').where('email', '=', person.email).executeTakeFirstOrThrow();
    expect(user.last_sign_in_at).toBe(new Date(now).toISOString());
  });

  it('sets no cookie when the password is refused', async () => {
    const token = tokenOf(
      await addStaff(server.database.db, server.config.publicUrl, { email: 'refused@procura.example', name: 'Refused Person', role: 'admin' }, now),
    );
    const res = await setPassword(token, 'password1234');
    expect([res.status, res.headers.get('set-cookie')]).toEqual([400, null]);
  });
});

describe('signing in and out', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie whose id is stored only hashed', async () => {
    const person = await createStaff(server, { role: 'sales', name: 'Sipho Mokoena' });
    const res = await signIn(person.email.toUpperCase(), person.password);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ email: person.email, name: 'Sipho Mokoena', role: 'sales' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^procura_staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
    const id = cookieOf(res).split('=')[1]!;
    const sessions = await server.database.db.selectFrom('staff_sessions').select('id_hash').execute();
    expect(sessions.some((s) => s.id_hash.includes(id))).toBe(false);
    expect(sessions).toHaveLength(new Set(sessions.map((s) => s.id_hash)).size);

    expect((await me(cookieOf(res))).json).toEqual({ email: person.email, name: 'Sipho Mokoena', role: 'sales' });
    const user = await server.database.db.selectFrom('staff_users').select('last_sign_in_at').where('email', '=', person.email).executeTakeFirstOrThrow();
    expect(user.last_sign_in_at).toBe(new Date(now).toISOString());
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const person = await createStaff(server);
    const wrong = await signIn(person.email, 'not-the-password-at-all');
    const unknown = await signIn('nobody@procura.example', 'not-the-password-at-all');
    expect(wrong.status).toBe(401);
    expect([unknown.status, unknown.json]).toEqual([wrong.status, wrong.json]);
    expect(wrong.json.error).toEqual({ code: 'invalid_credentials', message: STAFF_MESSAGES.signInFailed });
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('ends the session in the database on sign-out', async () => {
    const staff = await signInStaff(server);
    expect((await me(staff.cookie)).status).toBe(200);
    const out = await server.request('POST', '/api/staff/sign-out', { headers: staff.headers });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('procura_staff=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    const after = await me(staff.cookie);
    expect([after.status, after.json.error]).toEqual([401, { code: 'unauthorized', message: STAFF_MESSAGES.signedOut }]);
  });

  it('refuses a sign-in without PUBLIC_URL as its Origin', async () => {
    const person = await createStaff(server);
    expect((await signIn(person.email, person.password, {})).status).toBe(403);
    expect((await signIn(person.email, person.password, { origin: 'http://procura.test.evil.example' })).status).toBe(403);
  });

  it('ends a session after 12 idle hours, and any session 7 days after sign-in', async () => {
    const idle = await signInStaff(server);
    now += 11 * HOUR;
    expect((await me(idle.cookie)).status).toBe(200);
    now += 11 * HOUR; // 11 hours since the last call: still alive
    expect((await me(idle.cookie)).status).toBe(200);
    now += 12 * HOUR;
    expect((await me(idle.cookie)).status).toBe(401);

    const busy = await signInStaff(server);
    for (let hours = 10; hours < 7 * 24; hours += 10) {
      now += 10 * HOUR;
      expect((await me(busy.cookie)).status).toBe(200);
    }
    now += 10 * HOUR; // 170 hours after sign-in
    expect((await me(busy.cookie)).status).toBe(401);
  });

  it('locks a disabled person out at once', async () => {
    const staff = await signInStaff(server);
    await disableStaff(server.database.db, staff.email, now);
    expect((await me(staff.cookie)).status).toBe(401);
    const again = await signIn(staff.email, staff.password);
    expect([again.status, again.json.error.code]).toEqual([401, 'invalid_credentials']);
  });

  it('names the cookie __Host- and marks it Secure when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://procura.example' }, { clock: () => now });
    try {
      const person = await createStaff(https);
      const res = await https.request('POST', '/api/staff/sign-in', {
        body: { email: person.email, password: person.password },
        headers: { origin: 'https://procura.example' },
      });
      expect(res.headers.get('set-cookie')).toMatch(/^__Host-procura_staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=604800$/);
      expect((await https.request('GET', '/api/staff/me', { headers: { cookie: cookieOf(res) } })).status).toBe(200);
      // The plain name is not read on an https site.
      expect((await https.request('GET', '/api/staff/me', { headers: { cookie: cookieOf(res).replace('__Host-', '') } })).status).toBe(401);
    } finally {
      await https.close();
    }
  });
});

describe('throttling failed sign-ins', () => {
  it('makes each attempt after 5 wrong passwords for one e-mail wait longer, never locking the person out', async () => {
    now = Date.UTC(2026, 11, 1, 9, 0, 0);
    const person = await createStaff(server);
    for (let i = 0; i < 5; i++) expect((await signIn(person.email, `wrong-password-${i}`)).status).toBe(401);
    const blocked = await signIn(person.email, person.password);
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toEqual({ code: 'rate_limited', message: 'Too many failed sign-ins. Please try again in 1 second.' });
    expect(blocked.headers.get('retry-after')).toBe('1');
    // Each further failure doubles the wait, up to 30 seconds.
    const waits = [];
    for (let i = 0; i < 6; i++) {
      now += 60_000;
      const wrong = await signIn(person.email, 'still-the-wrong-password');
      expect([wrong.status, wrong.json]).toEqual([401, expect.anything()]);
      waits.push((await signIn(person.email, person.password)).headers.get('retry-after'));
    }
    expect(waits).toEqual(['2', '4', '8', '16', '30', '30']);
    // The right password, after the wait, from anywhere.
    now += 30_000;
    expect((await signIn(person.email, person.password)).status).toBe(200);
    expect((await signIn(person.email, 'wrong-again')).status).toBe(401);
  });

  it('makes attempts from one client address wait after 20 failures, whatever the e-mail', async () => {
    now = Date.UTC(2026, 11, 2, 9, 0, 0);
    for (let i = 0; i < 20; i++) expect((await signIn(`guess${i}@procura.example`, 'wrong-password')).status).toBe(401);
    const person = await createStaff(server);
    const blocked = await signIn(person.email, person.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    now += 20 * 60_000;
    expect((await signIn(person.email, person.password)).status).toBe(200);
  });
});

describe('attacks on the throttles', () => {
  it('checks no more than 5 passwords for one account when 30 arrive at once from 30 addresses', async () => {
    const other = await startTestServer({ TRUST_PROXY: '1' }, { database: server.database, clock: () => now });
    try {
      now = Date.UTC(2026, 11, 4, 9, 0, 0);
      const person = await createStaff(server);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 ? server : other).request('POST', '/api/staff/sign-in', {
            body: { email: person.email, password: `wrong-${i}` },
            headers: { origin, 'x-forwarded-for': `198.51.100.${i + 1}` },
          }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    } finally {
      await other.close();
    }
  });

  it('refuses a client that looks up or tries more than 30 set-password links in any 15 minutes, before looking any up', async () => {
    now = Date.UTC(2026, 11, 5, 9, 0, 0);
    const bogus = `st_${'x'.repeat(43)}`;
    for (let i = 0; i < 15; i++) {
      expect((await peek(bogus)).status).toBe(400);
      expect((await setPassword(bogus, STAFF_PASSWORD)).status).toBe(400);
    }
    const refused = await setPassword(bogus, STAFF_PASSWORD);
    expect(refused.status).toBe(429);
    // The window slides: at 9:15 the last quarter hour still holds all 30; half a minute later one has slid out of it.
    expect(refused.json.error.message).toBe('Too many attempts to use a link from your network. Please try again in 930 seconds.');
    expect((await peek(bogus)).status).toBe(429);
    now += 15 * 60_000;
    expect((await peek(bogus)).status).toBe(429);
    now += 30_000;
    expect((await peek(bogus)).status).toBe(400);
    expect((await peek(bogus)).status).toBe(429);
  });
});

describe('staffOnly', () => {
  it('answers 401 signed out, 403 for another role or a foreign Origin, and lets the right role through', async () => {
    now = Date.UTC(2026, 11, 3, 9, 0, 0);
    const koa = new Koa();
    koa.use(errorHandler(pino({ level: 'silent' })));
    const router = new Router();
    const deps = server.app.deps;
    router.get('/admin-only', staffOnly(deps, 'admin'), (ctx) => {
      ctx.body = { name: staffOf(ctx).name };
    });
    router.post('/admin-only', staffOnly(deps, 'admin'), (ctx) => {
      ctx.body = { wrote: true };
    });
    koa.use(router.routes());
    const http = createServer(koa.callback());
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/admin-only`;
    try {
      const admin = await signInStaff(server, { role: 'admin', name: 'Ayesha Admin' });
      const sales = await signInStaff(server, { role: 'sales' });
      const call = async (method: string, headers: Record<string, string>) => {
        const res = await fetch(url, { method, headers });
        return { status: res.status, body: await res.json() };
      };
      expect(await call('GET', {})).toEqual({ status: 401, body: { error: { code: 'unauthorized', message: STAFF_MESSAGES.signedOut } } });
      expect(await call('GET', { cookie: `procura_staff=${'A'.repeat(43)}` })).toMatchObject({ status: 401 });
      expect(await call('GET', { cookie: sales.cookie })).toEqual({ status: 403, body: { error: { code: 'forbidden', message: STAFF_MESSAGES.wrongRole } } });
      expect(await call('GET', { cookie: admin.cookie })).toEqual({ status: 200, body: { name: 'Ayesha Admin' } });
      expect(await call('POST', { cookie: admin.cookie })).toMatchObject({ status: 403, body: { error: { code: 'bad_origin' } } });
      expect(await call('POST', { cookie: admin.cookie, origin: 'https://evil.example' })).toMatchObject({ status: 403 });
      expect(await call('POST', admin.headers)).toEqual({ status: 200, body: { wrote: true } });
    } finally {
      await new Promise((r) => http.close(r));
    }
  });
});
