import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_MESSAGES } from '../../contract/schemas/sales';
import { hashSecret } from '../lib/ids';
import { startTestServer, type TestServer } from '../test/harness';
import { signInStaff } from '../test/staff';

const DAY = 86_400_000;
let server: TestServer;
let now = Date.UTC(2026, 10, 24, 10, 0);
let admin: Awaited<ReturnType<typeof signInStaff>>;
let sales: Awaited<ReturnType<typeof signInStaff>>;
const staticDir = mkdtempSync(join(tmpdir(), 'procura-share-'));
const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  writeFileSync(join(staticDir, 'index.html'), SHELL);
  writeFileSync(join(staticDir, 'routes.json'), JSON.stringify(['/', '/internal-analytics', '/da_:token']));
  server = await startTestServer({ STATIC_DIR: staticDir }, { clock: () => now });
  admin = await signInStaff(server, { role: 'admin', name: 'Naledi Dube' });
  sales = await signInStaff(server, { role: 'sales', name: 'Thandi Nkosi' });
});
afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const create = (expiresInDays: unknown, person = admin) =>
  server.request('POST', '/api/staff/share-links', { body: { expiresInDays }, headers: person.headers });
const page = (path: string) => fetch(`${server.url}${path}`);
const shared = (token: string) => server.request('GET', `/api/shared-dashboard/${token}`);
const tokenOf = (url: string) => new URL(url).pathname.slice('/da_'.length);

describe('a share link', () => {
  it('is made by an admin for 1 to 90 days, as PUBLIC_URL/da_ and 256 random bits, of which only the hash is kept', async () => {
    for (const days of [0, 91, 1.5, '7', null]) {
      const res = await create(days);
      expect([res.status, res.json.error.details.fields]).toEqual([400, { expiresInDays: SALES_MESSAGES.expiresInDays }]);
    }
    const res = await create(7);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      url: expect.stringMatching(/^http:\/\/procura\.test\/da_[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date(now + 7 * DAY).toISOString(),
    });
    const rows = await server.database.db.selectFrom('share_links').selectAll().execute();
    expect(rows.map((r) => r.token_hash)).toEqual([hashSecret(tokenOf(res.json.url))]);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(res.json.url));
    const list = await server.request('GET', '/api/staff/share-links', { headers: admin.headers });
    expect(list.json).toEqual({
      links: [
        { id: res.json.id, createdAt: new Date(now).toISOString(), createdBy: 'Naledi Dube', expiresAt: res.json.expiresAt, revokedAt: null, active: true },
      ],
    });
    expect(JSON.stringify(list.json)).not.toContain(tokenOf(res.json.url));
    expect((await create(7, sales)).status).toBe(403);
  });

  it('opens the dashboard signed out, without a single e-mail, phone number, note or staff name', async () => {
    const prospect = await server.request('POST', '/api/staff/prospects', {
      body: {
        company: 'Berea Clinics',
        contact: 'Ayesha Patel',
        email: 'ayesha@berea.example.co.za',
        phone: '+27 31 555 0100',
        notes: 'Private: budget approved',
        callNotes: 'Asked for Friday',
        actualResponse: 'Keen, call back',
        industry: 'Healthcare',
        status: 'Interested',
      },
      headers: sales.headers,
    });
    expect(prospect.status).toBe(201);
    const { json: link } = await create(30);
    const token = tokenOf(link.url);

    const res = await shared(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json.shared).toBe(true);
    expect(res.json.expiresAt).toBe(link.expiresAt);
    expect(res.json.outreach).toEqual([
      {
        id: prospect.json.id,
        company: 'Berea Clinics',
        industry: 'Healthcare',
        tier: 'Tier 3',
        status: 'Interested',
        lastContact: '2026-11-24',
        estimatedValue: 0,
        conversionProbability: 0,
        emailSent: false,
        callMade: false,
        responseReceived: true,
        demoScheduled: false,
      },
    ]);
    expect(res.json.activity.team.today.responsesReceived).toBe(1);
    expect(res.json.activity.people).toEqual([]);
    for (const secret of ['Ayesha', 'ayesha@', '555 0100', 'Private', 'Friday', 'call back', 'Thandi', 'Naledi', '@procura.example'])
      expect(res.text).not.toContain(secret);

    // The staff view of the same dashboard has them.
    const internal = await server.request('GET', '/api/staff/analytics', { headers: sales.headers });
    expect(internal.json.outreach[0]).toMatchObject({
      contact: 'Ayesha Patel',
      email: 'ayesha@berea.example.co.za',
      phone: '+27 31 555 0100',
      callNotes: 'Asked for Friday',
    });
    expect(internal.json.activity.people.map((p: { name: string }) => p.name)).toEqual(['Thandi Nkosi']);

    const pageRes = await page(`/da_${token}`);
    expect(pageRes.status).toBe(200);
    expect(await pageRes.text()).toBe(SHELL);
    expect(pageRes.headers.get('referrer-policy')).toBe('no-referrer');
    expect(pageRes.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('answers 404, page and data, once revoked, and for an unknown token', async () => {
    const { json: link } = await create(7);
    const token = tokenOf(link.url);
    expect((await page(`/da_${token}`)).status).toBe(200);
    const revoke = await server.request('DELETE', `/api/staff/share-links/${link.id}`, { headers: admin.headers });
    expect(revoke.status).toBe(204);
    const gone = await page(`/da_${token}`);
    expect([gone.status, await gone.text()]).toEqual([404, SHELL]);
    expect((await shared(token)).json.error).toEqual({ code: 'share_link_not_found', message: SALES_MESSAGES.shareLinkGone });
    expect((await server.request('DELETE', `/api/staff/share-links/${link.id}`, { headers: admin.headers })).status).toBe(204);
    expect((await server.request('DELETE', '/api/staff/share-links/999999', { headers: admin.headers })).json.error).toEqual({
      code: 'share_link_not_found',
      message: SALES_MESSAGES.shareLinkNotFound,
    });
    const listed = await server.request('GET', '/api/staff/share-links', { headers: admin.headers });
    expect(listed.json.links.find((l: { id: number }) => l.id === link.id)).toMatchObject({ revokedAt: new Date(now).toISOString(), active: false });

    for (const path of ['/da_', '/da_short', `/da_${'A'.repeat(43)}`, `/da_${token}x`]) expect([path, (await page(path)).status]).toEqual([path, 404]);
    expect((await shared('A'.repeat(43))).status).toBe(404);
    const audit = await server.database.db.selectFrom('staff_audit').select('action').where('action', 'like', 'share-links.%').execute();
    expect(audit.filter((a) => a.action === 'share-links.revoke')).toHaveLength(1);
  });

  it('stops working when it expires', async () => {
    const { json: link } = await create(1);
    const token = tokenOf(link.url);
    now += DAY - 1000;
    expect((await page(`/da_${token}`)).status).toBe(200);
    expect((await shared(token)).status).toBe(200);
    now += 1000;
    expect((await page(`/da_${token}`)).status).toBe(404);
    expect((await shared(token)).status).toBe(404);
  });
});
