import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTREACH_TARGETS, SALES_MESSAGES } from '../../contract/schemas/sales';
import { STAFF_MESSAGES } from '../../contract/schemas/staff';
import { refusedFields, startTestServer, type TestServer } from '../test/harness';
import { pick } from '../test/pick';
import { signInStaff } from '../test/staff';

let server: TestServer;
// 21:30 UTC on Tuesday 24 November is 23:30 in Johannesburg (UTC+2): still the 24th there.
let now = Date.UTC(2026, 10, 24, 21, 30);
const origin = 'http://procura.test';
let sales: Awaited<ReturnType<typeof signInStaff>>;
let other: Awaited<ReturnType<typeof signInStaff>>;

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  sales = await signInStaff(server, { role: 'sales', name: 'Thandi Nkosi' });
  other = await signInStaff(server, { role: 'admin', name: 'Pieter van Wyk' });
});
afterAll(() => server.close());

type Person = typeof sales;
const call = (person: Person | null, method: string, path: string, body?: unknown) =>
  server.request(method, path, { body, headers: person ? person.headers : { origin } });
const create = (person: Person, body: Record<string, unknown>) => call(person, 'POST', '/api/staff/prospects', body);
const staffId = async (person: Person) =>
  (await server.database.db.selectFrom('staff_users').select('id').where('email', '=', person.email).executeTakeFirstOrThrow()).id;
/** Signs the same person in again, as after a night away (sessions end after 12 idle hours). */
async function again(person: Person): Promise<Person> {
  const res = await server.request('POST', '/api/staff/sign-in', { body: { email: person.email, password: person.password }, headers: { origin } });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { ...person, cookie, headers: { cookie, origin } };
}

describe('who may use the sales workspace', () => {
  it('answers 401 signed out, 403 to a state change from another origin, and lets sales and admin staff in', async () => {
    for (const [method, path] of [
      ['GET', '/api/staff/prospects'],
      ['POST', '/api/staff/prospects'],
      ['PATCH', '/api/staff/prospects/1'],
      ['DELETE', '/api/staff/prospects/1'],
      ['POST', '/api/staff/prospects/1/activities'],
      ['GET', '/api/staff/activity'],
      ['GET', '/api/staff/analytics'],
      ['GET', '/api/staff/prospects.csv'],
      ['POST', '/api/staff/prospects/import'],
      ['GET', '/api/staff/share-links'],
      ['POST', '/api/staff/share-links'],
      ['DELETE', '/api/staff/share-links/1'],
    ] as const) {
      const res = await call(null, method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect([path, res.status, res.json?.error]).toEqual([path, 401, { code: 'unauthorized', message: STAFF_MESSAGES.signedOut }]);
    }
    const foreign = await server.request('POST', '/api/staff/prospects', {
      body: { company: 'Acme' },
      headers: { cookie: sales.cookie, origin: 'https://evil.example' },
    });
    expect([foreign.status, foreign.json.error]).toEqual([
      403,
      { code: 'bad_origin', message: 'This request did not come from a Procura page. Open Procura at http://procura.test and try again there.' },
    ]);
    const none = await server.request('POST', '/api/staff/prospects', { body: { company: 'Acme' }, headers: { cookie: sales.cookie } });
    expect(none.status).toBe(403);
    expect((await call(sales, 'GET', '/api/staff/prospects')).status).toBe(200);
    expect((await call(other, 'GET', '/api/staff/prospects')).status).toBe(200);
    expect((await call(sales, 'GET', '/api/staff/prospects')).headers.get('cache-control')).toBe('no-store');
  });

  it('keeps share links to admins', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/staff/share-links', undefined],
      ['POST', '/api/staff/share-links', { expiresInDays: 7 }],
      ['DELETE', '/api/staff/share-links/1', undefined],
    ] as const) {
      const res = await call(sales, method, path, body);
      expect([path, res.status, res.json.error]).toEqual([path, 403, { code: 'forbidden', message: STAFF_MESSAGES.wrongRole }]);
    }
  });
});

describe('a prospect', () => {
  it('is saved with its defaults and its creator as owner, and every write is in the audit log', async () => {
    const res = await create(sales, {
      company: '  Umhlanga Hospital Group ',
      contact: 'Dr Zanele Mthembu',
      email: 'Z.Mthembu@Umhlanga.example.co.za',
      estimatedValue: 12500.5,
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      company: 'Umhlanga Hospital Group',
      contact: 'Dr Zanele Mthembu',
      phone: '',
      email: 'z.mthembu@umhlanga.example.co.za',
      tier: 'Tier 3',
      status: 'Not Contacted',
      lastContact: null,
      nextAction: '',
      notes: '',
      estimatedValue: 12500.5,
      industry: '',
      conversionProbability: 0,
      actualResponse: '',
      callNotes: '',
      source: 'manual',
      owner: { id: await staffId(sales), name: 'Thandi Nkosi' },
      emailSent: false,
      callMade: false,
      responseReceived: false,
      demoScheduled: false,
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
    });
    const audit = await server.database.db
      .selectFrom('staff_audit')
      .select(['staff_id', 'action', 'rows', 'detail'])
      .where('action', '=', 'prospects.create')
      .execute();
    expect(audit).toContainEqual({ staff_id: await staffId(sales), action: 'prospects.create', rows: 1, detail: `prospect ${res.json.id}` });
  });

  it('refuses a conversion probability outside 0-100 and other bad fields, each with its message', async () => {
    for (const conversionProbability of [101, -1, 50.5, '40']) {
      const res = await create(sales, { company: 'Acme', conversionProbability });
      expect([res.status, res.json.error.code, res.json.error.details.fields]).toEqual([
        400,
        'validation_error',
        { conversionProbability: SALES_MESSAGES.conversionProbability },
      ]);
    }
    const bad = await create(sales, {
      company: ' ',
      email: 'not-an-address',
      status: 'Called',
      tier: 'Tier 9',
      estimatedValue: -5,
      ownerId: 99999,
      surprise: 1,
    });
    expect(refusedFields(bad)).toEqual({
      ...pick(SALES_MESSAGES, 'company', 'email', 'status', 'tier', 'estimatedValue'),
      body: expect.stringContaining('surprise'),
    });
    const owner = await create(sales, { company: 'Acme', ownerId: 99999 });
    expect([owner.status, owner.json.error.details.fields]).toEqual([400, { ownerId: SALES_MESSAGES.owner }]);
    const edge = await create(sales, { company: 'Edge Cases (Pty) Ltd', conversionProbability: 100 });
    expect(edge.json.conversionProbability).toBe(100);
    const patch = await call(sales, 'PATCH', `/api/staff/prospects/${edge.json.id}`, { conversionProbability: 101 });
    expect([patch.status, patch.json.error.details.fields]).toEqual([400, { conversionProbability: SALES_MESSAGES.conversionProbability }]);
    const empty = await call(sales, 'PATCH', `/api/staff/prospects/${edge.json.id}`, {});
    expect([empty.status, empty.json.error.details.fields]).toEqual([400, { body: SALES_MESSAGES.nothingToChange }]);
    const missing = await call(sales, 'PATCH', '/api/staff/prospects/999999', { notes: 'x' });
    expect([missing.status, missing.json.error]).toEqual([404, { code: 'prospect_not_found', message: SALES_MESSAGES.prospectNotFound }]);
  });

  it('stamps lastContact with the Johannesburg date on a status change, and logs the activity the status implies', async () => {
    now = Date.UTC(2026, 10, 24, 21, 30); // 23:30 on the 24th in Johannesburg
    const { json: p } = await create(sales, { company: 'Berea Clinics' });
    const emailed = await call(sales, 'PATCH', `/api/staff/prospects/${p.id}`, { status: 'Email Sent' });
    expect([emailed.json.status, emailed.json.lastContact, emailed.json.emailSent]).toEqual(['Email Sent', '2026-11-24', true]);

    now = Date.UTC(2026, 10, 24, 22, 30); // 00:30 on the 25th in Johannesburg, still the 24th in UTC
    const notes = await call(sales, 'PATCH', `/api/staff/prospects/${p.id}`, { notes: 'Prefers e-mail' });
    expect(notes.json.lastContact).toBe('2026-11-24'); // an edit without a status change stamps nothing
    const same = await call(sales, 'PATCH', `/api/staff/prospects/${p.id}`, { status: 'Email Sent' });
    expect(same.json.lastContact).toBe('2026-11-24');
    const called = await call(sales, 'PATCH', `/api/staff/prospects/${p.id}`, { status: 'Spoke to Contact', callNotes: 'Wants a demo next week' });
    expect([called.json.lastContact, called.json.callMade, called.json.callNotes]).toEqual(['2026-11-25', true, 'Wants a demo next week']);
    const notInterested = await call(sales, 'PATCH', `/api/staff/prospects/${p.id}`, { status: 'Not Interested' });
    expect(notInterested.json.lastContact).toBe('2026-11-25');
    const back = await call(sales, 'PATCH', `/api/staff/prospects/${p.id}`, { status: 'Not Contacted', notes: 'Start over' });
    expect([back.status, back.json.error]).toEqual([
      409,
      { code: 'prospect_contacted', message: 'Berea Clinics has been contacted: its status cannot go back to Not Contacted' },
    ]);
    expect(await server.database.db.selectFrom('prospects').select(['status', 'notes']).where('id', '=', p.id).executeTakeFirst()).toEqual({
      status: 'Not Interested',
      notes: 'Prefers e-mail',
    });

    const rows = await server.database.db
      .selectFrom('sales_activities')
      .select(['kind', 'day', 'occurred_at', 'note'])
      .where('prospect_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'email', day: '2026-11-24', occurred_at: '2026-11-24T21:30:00.000Z', note: 'Status set to Email Sent' },
      { kind: 'call', day: '2026-11-25', occurred_at: '2026-11-24T22:30:00.000Z', note: 'Status set to Spoke to Contact' },
    ]);
  });
});

describe('the counters', () => {
  it('are counted from the activity log per day and per week, for each person and the team, and survive deleting a prospect', async () => {
    // Monday 30 November 2026, 09:00 in Johannesburg: a new week.
    now = Date.UTC(2026, 10, 30, 7, 0);
    const thandi = await again(sales);
    const pieter = await again(other);
    const ids: number[] = [];
    for (const company of ['Alpha Foods', 'Bravo Hotels', 'Charlie Schools']) ids.push((await create(thandi, { company })).json.id);
    await call(thandi, 'PATCH', `/api/staff/prospects/${ids[0]}`, { status: 'Email Sent' });
    await call(thandi, 'PATCH', `/api/staff/prospects/${ids[1]}`, { status: 'Called - No Answer' });
    await call(thandi, 'PATCH', `/api/staff/prospects/${ids[1]}`, { status: 'Interested' });
    const logged = await call(thandi, 'POST', `/api/staff/prospects/${ids[2]}/activities`, { kind: 'email', note: 'Sent the price sheet' });
    expect(logged.status).toBe(201);
    expect(logged.json).toEqual({
      id: expect.any(Number),
      kind: 'email',
      note: 'Sent the price sheet',
      prospectId: ids[2],
      company: 'Charlie Schools',
      staff: { id: await staffId(thandi), name: 'Thandi Nkosi' },
      occurredAt: '2026-11-30T07:00:00.000Z',
      day: '2026-11-30',
    });
    await call(pieter, 'PATCH', `/api/staff/prospects/${ids[2]}`, { status: 'Demo Scheduled' });
    const badKind = await call(thandi, 'POST', `/api/staff/prospects/${ids[2]}/activities`, { kind: 'lunch' });
    expect([badKind.status, badKind.json.error.details.fields]).toEqual([400, { kind: SALES_MESSAGES.activityKind }]);

    // Tuesday: one more e-mail by Thandi, then Alpha is deleted.
    now = Date.UTC(2026, 11, 1, 8, 0);
    const thandi2 = await again(thandi);
    await call(thandi2, 'POST', `/api/staff/prospects/${ids[0]}/activities`, { kind: 'email' });
    expect((await call(thandi2, 'DELETE', `/api/staff/prospects/${ids[0]}`)).status).toBe(204);
    expect((await call(thandi2, 'DELETE', `/api/staff/prospects/${ids[0]}`)).status).toBe(404);

    const summary = await call(thandi2, 'GET', '/api/staff/activity');
    expect(summary.status).toBe(200);
    const { today, weekStart, weekEnd, targets, team, people, log } = summary.json;
    expect([today, weekStart, weekEnd]).toEqual(['2026-12-01', '2026-11-30', '2026-12-06']);
    expect(targets).toEqual(OUTREACH_TARGETS);
    expect(team.today).toEqual({ emailsSent: 1, callsMade: 0, responsesReceived: 0, demosScheduled: 0 });
    expect(team.week).toEqual({ emailsSent: 3, callsMade: 1, responsesReceived: 1, demosScheduled: 1, contacts: 3, trials: 0, responseRate: 33.3 });
    expect(people.map((p: { name: string; today: unknown; week: unknown }) => [p.name, p.today, p.week])).toEqual([
      [
        'Pieter van Wyk',
        { emailsSent: 0, callsMade: 0, responsesReceived: 0, demosScheduled: 0 },
        { emailsSent: 0, callsMade: 0, responsesReceived: 0, demosScheduled: 1, contacts: 0, trials: 0, responseRate: null },
      ],
      [
        'Thandi Nkosi',
        { emailsSent: 1, callsMade: 0, responsesReceived: 0, demosScheduled: 0 },
        { emailsSent: 3, callsMade: 1, responsesReceived: 1, demosScheduled: 0, contacts: 3, trials: 0, responseRate: 33.3 },
      ],
    ]);
    // Alpha's e-mails still count, though Alpha is gone; the log says so.
    expect(log).toEqual([expect.objectContaining({ kind: 'email', prospectId: ids[0], company: null, day: '2026-12-01' })]);

    const analytics = await call(thandi2, 'GET', '/api/staff/analytics');
    const days = Object.fromEntries(analytics.json.daily.map((d: { day: string }) => [d.day, d]));
    expect(analytics.json.daily).toHaveLength(14);
    expect(days['2026-11-30']).toEqual({ day: '2026-11-30', emailsSent: 2, callsMade: 1, responsesReceived: 1, demosScheduled: 1 });
    expect(days['2026-12-01']).toEqual({ day: '2026-12-01', emailsSent: 1, callsMade: 0, responsesReceived: 0, demosScheduled: 0 });
    expect(analytics.json.weekly.at(-1)).toEqual({ weekStart: '2026-11-30', contacts: 3, responses: 1, responseRate: 33.3 });
    expect(analytics.json.weekly.at(-2)).toEqual({ weekStart: '2026-11-23', contacts: 1, responses: 0, responseRate: 0 });
    expect(analytics.json.firstCustomer).toEqual({ startDay: '2026-11-24', customerDay: null, days: 7 });
  });
});

describe('the prospect list', () => {
  it('filters by status, owner and text, and pages', async () => {
    now = Date.UTC(2026, 11, 2, 8, 0);
    const person = await signInStaff(server, { role: 'sales', name: 'Lindiwe Zulu' });
    const mine = await staffId(person);
    for (let i = 1; i <= 7; i++)
      await create(person, { company: `Zulu Test ${i}`, industry: i % 2 ? 'Hospitality' : 'Mining', status: i <= 2 ? 'Interested' : 'Not Contacted' });
    const page1 = await call(person, 'GET', `/api/staff/prospects?owner=${mine}&pageSize=3`);
    expect([page1.json.total, page1.json.page, page1.json.pageSize]).toEqual([7, 1, 3]);
    expect(page1.json.prospects.map((p: { company: string }) => p.company)).toEqual(['Zulu Test 7', 'Zulu Test 6', 'Zulu Test 5']);
    const page3 = await call(person, 'GET', `/api/staff/prospects?owner=${mine}&pageSize=3&page=3`);
    expect(page3.json.prospects.map((p: { company: string }) => p.company)).toEqual(['Zulu Test 1']);
    const interested = await call(person, 'GET', `/api/staff/prospects?owner=${mine}&status=Interested`);
    expect(interested.json.prospects.map((p: { company: string }) => p.company)).toEqual(['Zulu Test 2', 'Zulu Test 1']);
    const text = await call(person, 'GET', `/api/staff/prospects?q=${encodeURIComponent('MINING')}&owner=${mine}`);
    expect(text.json.total).toBe(3);
    const wild = await call(person, 'GET', `/api/staff/prospects?q=${encodeURIComponent('%')}`);
    expect(wild.json.total).toBe(0);
    expect(interested.json.owners).toContainEqual({ id: mine, name: 'Lindiwe Zulu' });
    const bad = await call(person, 'GET', '/api/staff/prospects?status=Called&page=0&owner=me&sort=name');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.details.fields).sort()).toEqual(['owner', 'page', 'query', 'status']);
  });
});
