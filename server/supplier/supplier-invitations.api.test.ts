import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES, supplierTeamSchema } from '../../contract/schemas/supplier-workspace';
import { subjectKey } from '../limits/rate-limiter';
import { lastSignInLink, signInSupplier, supplierTestKit } from '../test/suppliers';
import { HOUR, MINUTE, startTestServer, type TestServer } from '../test/harness';

let now = Date.parse('2026-11-02T08:00:00.000Z');
let server: TestServer;
const origin = 'http://procura.test';
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' }, { clock: () => now });
});
afterAll(() => server.close());

const db = () => server.database.db;

/** `client()` gives a call an address of its own; the admin's sign-in survives the file's clock moving. */
const { client, linksTo, invite: staffInvite } = supplierTestKit(() => server);
type Session = Awaited<ReturnType<typeof signInSupplier>>;
const signIn = (supplierId: number, email: string) => signInSupplier(server, supplierId, email, client());
const invite = (by: Session, email: string, name = 'Thabo Mokoena') =>
  server.request('POST', '/api/supplier/users', { body: { email, name }, headers: by.headers });
const team = async (by: Session) => supplierTeamSchema.parse((await server.request('GET', '/api/supplier/users', { headers: { cookie: by.cookie } })).json);
const withdraw = (by: Session, id: number) => server.request('DELETE', `/api/supplier/invitations/${id}`, { headers: by.headers });
const supplierIds = async () => (await db().selectFrom('suppliers').select('id').orderBy('id').execute()).map((r) => r.id);
const usersWith = async (email: string) => db().selectFrom('supplier_users').select(['supplier_id', 'last_sign_in_at']).where('email', '=', email).execute();
const invited = { status: 202, message: SUPPLIER_MESSAGES.invited };

describe("a colleague's invitations", () => {
  it("answer alike for a free address, one of this team and another supplier's person's, and e-mail none of another supplier's people", async () => {
    const [a, b] = await supplierIds();
    const owner = await signIn(a!, 'owner@cleanco.example');
    await signIn(a!, 'colleague@cleanco.example');
    await signIn(b!, 'rival@otherco.example');
    const rivalCount = async () =>
      db()
        .selectFrom('rate_limit_windows')
        .select('hits')
        .where('bucket', '=', 'supplier-links-to-address')
        .where('subject', '=', subjectKey('supplier-links-to-address', 'rival@otherco.example'))
        .execute();
    const before = { colleague: await linksTo('colleague@cleanco.example'), rival: await linksTo('rival@otherco.example'), counted: await rivalCount() };

    const answers = [];
    for (const email of ['New@CleanCo.example', 'colleague@cleanco.example', 'rival@otherco.example']) {
      const res = await invite(owner, email);
      answers.push({ status: res.status, message: res.json.message });
    }
    expect(answers).toEqual([invited, invited, invited]);
    expect(await linksTo('new@cleanco.example')).toBe(1);
    expect(await linksTo('colleague@cleanco.example')).toBe(before.colleague + 1);
    // Nothing reaches another supplier's person, who stays theirs, and whose own links were not counted.
    expect(await linksTo('rival@otherco.example')).toBe(before.rival);
    expect((await usersWith('rival@otherco.example')).map((u) => u.supplier_id)).toEqual([b]);
    expect(await rivalCount()).toEqual(before.counted);

    // The team's list shows the free address and the other supplier's alike, as invited; the colleague as one of the team.
    const list = await team(owner);
    expect(list.users.map((u) => u.email)).toEqual(['owner@cleanco.example', 'colleague@cleanco.example']);
    expect(list.invitations.map(({ email, name, invitedAt }) => ({ email, name, invitedAt }))).toEqual([
      { email: 'rival@otherco.example', name: 'Thabo Mokoena', invitedAt: new Date(now).toISOString() },
      { email: 'new@cleanco.example', name: 'Thabo Mokoena', invitedAt: new Date(now).toISOString() },
    ]);
    expect(list.invitations.map((i) => Object.keys(i).sort())).toEqual([
      ['email', 'id', 'invitedAt', 'name'],
      ['email', 'id', 'invitedAt', 'name'],
    ]);
  });

  it('list a person as invited until they sign in; a withdrawn invitation takes its person and links with it', async () => {
    const [, , c, d] = await supplierIds();
    const owner = await signIn(c!, 'owner@thirdco.example');
    const other = await signIn(d!, 'owner@fourthco.example');
    expect((await invite(owner, 'joins@thirdco.example', 'Lerato')).status).toBe(202);
    expect((await invite(owner, 'changes-mind@thirdco.example', 'Pieter')).status).toBe(202);
    const pending = await team(owner);
    const withdrawn = pending.invitations.find((i) => i.email === 'changes-mind@thirdco.example')!;
    const token = (await lastSignInLink(server, 'changes-mind@thirdco.example'))!;

    // Another team's invitation is as unknown as none.
    const foreign = await withdraw(other, withdrawn.id);
    expect([foreign.status, foreign.json.error]).toEqual([404, { code: 'invitation_not_found', message: SUPPLIER_MESSAGES.invitationNotFound }]);
    expect((await withdraw(owner, withdrawn.id)).status).toBe(204);
    expect(await usersWith('changes-mind@thirdco.example')).toEqual([]);
    const peek = await server.request('POST', '/api/supplier/sign-in-link/peek', { body: { token }, headers: { origin, ...client() } });
    expect(peek.json.error.code).toBe('invalid_token');

    // Signing in moves a person from the invitations to the team.
    const joined = await server.request('POST', '/api/supplier/session', {
      body: { token: (await lastSignInLink(server, 'joins@thirdco.example'))! },
      headers: { origin, ...client() },
    });
    expect(joined.status).toBe(200);
    const after = await team(owner);
    expect(after.users.map((u) => u.email)).toEqual(['owner@thirdco.example', 'joins@thirdco.example']);
    expect(after.invitations).toEqual([]);
    // Removed, the person does not come back as an invitation.
    expect((await server.request('DELETE', `/api/supplier/users/${after.users[1]!.id}`, { headers: owner.headers })).status).toBe(204);
    expect(await team(owner)).toEqual({ users: [after.users[0]], invitations: [] });

    const audit = await db().selectFrom('supplier_audit').select(['action', 'detail']).where('supplier_id', '=', c!).orderBy('id').execute();
    expect(audit.map((e) => e.action)).toEqual(['users.invite', 'users.invite', 'invitations.withdraw', 'users.remove']);
    expect(audit[2]!.detail).toBe(`invitation ${withdrawn.id}`);
  });

  it('send one address at most 3 links an hour, however often it is invited, and a team at most 20 invitations in any 24 hours', async () => {
    const [, , , , e] = await supplierIds();
    const owner = await signIn(e!, 'owner@fifthco.example');
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await invite(owner, 'stranger@elsewhere.example')).status);
    expect(answers).toEqual(Array(7).fill(202));
    expect(await linksTo('stranger@elsewhere.example')).toBe(3);

    // One invitation went to the owner, seven to the stranger: twelve more reach the team's 20.
    for (let i = 0; i < 12; i++) expect((await invite(owner, `person${i}@fifthco.example`)).status).toBe(202);
    const refused = await invite(owner, 'one-more@fifthco.example');
    expect([refused.status, refused.json.error]).toEqual([
      429,
      { code: 'rate_limited', message: "Too many invitations to this supplier's workspace: at most 20 in any 24 hours. Please try again in 18 hours." },
    ]);
    // Once the day after has begun, the one before weighs less: at 01:12 it weighs 19.
    expect(refused.headers.get('retry-after')).toBe(String(16 * 3600 + 72 * 60));
    // Staff's invitations count against the same limit.
    expect((await staffInvite(e!, 'by-staff@fifthco.example')).status).toBe(429);
    expect(await usersWith('one-more@fifthco.example')).toEqual([]);

    // A day later by the clock, the last 24 hours still hold two thirds of them: six more go, not twenty.
    for (let i = 0; i < 3; i++) {
      now += 8 * HOUR;
      expect((await server.request('GET', '/api/supplier/me', { headers: { cookie: owner.cookie } })).status).toBe(200);
    }
    const next = [];
    for (let i = 0; i < 7; i++) next.push((await invite(owner, `later${i}@fifthco.example`)).status);
    expect(next).toEqual([...Array(6).fill(202), 429]);
    now += 2 * 24 * HOUR;
  });
});

describe("staff's invitations", () => {
  it('tell staff the real reason: another supplier’s person, or the address’s links used up for the hour', async () => {
    const [a, b] = await supplierIds();
    now = Math.ceil(now / HOUR) * HOUR;
    expect((await staffInvite(a!, 'taken@cleanco.example')).status).toBe(201);
    const taken = await staffInvite(b!, 'taken@cleanco.example');
    expect([taken.status, taken.json.error]).toEqual([409, { code: 'email_taken', message: SUPPLIER_MESSAGES.emailTaken }]);

    for (let i = 0; i < 2; i++) {
      await server.request('POST', '/api/supplier/sign-in-link', { body: { email: 'taken@cleanco.example' }, headers: { origin, ...client() } });
    }
    expect(await linksTo('taken@cleanco.example')).toBe(3);
    now += 30 * MINUTE;
    const limited = await staffInvite(a!, 'taken@cleanco.example');
    expect([limited.status, limited.json.error]).toEqual([
      429,
      { code: 'rate_limited', message: 'taken@cleanco.example was sent 3 sign-in links in the last hour. Please try again in 50 minutes.' },
    ]);
    expect(await linksTo('taken@cleanco.example')).toBe(3);
  });
});
