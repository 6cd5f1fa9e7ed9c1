import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TIERS, PARTNER_MESSAGES, partnerAnalyticsSchema, partnerProfileSchema } from '../../sdk/index';
import { hashSecret } from '../lib/ids';
import { startTestServer, type TestServer } from '../test/harness';
import { registerPartner, validRegistration } from '../test/partners';
import { isWellFormedApiKey } from './api-keys';
import { setPartnerTier } from './partners.repository';
import { subjectKey } from '../limits/rate-limiter';

let server: TestServer;
let now = Date.UTC(2026, 10, 22, 10, 15, 0);
beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
});
afterAll(() => server.close());

describe('POST /api/partners/register', () => {
  it('answers every field message word for word', async () => {
    const res = await server.request('POST', '/api/partners/register', {
      body: { companyName: 'A', contactEmail: 'nope', contactName: 'B', website: 'coastal', businessType: 'bakery', integrationType: 'fax', monthlyTraffic: 'lots', useCase: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toEqual(PARTNER_MESSAGES);
    expect((await server.request('POST', '/api/partners/register', { body: validRegistration({ website: 'javascript:alert(1)' }) })).json.error.details.fields).toEqual({
      website: PARTNER_MESSAGES.website,
    });
  });

  it('shows the key once and keeps only its hash and prefix, and e-mails the partner and the team without it', async () => {
    const { partnerId, apiKey } = await registerPartner(server);
    expect(partnerId).toMatch(/^p_[0-9A-Za-z]{16}$/);
    expect(apiKey).toMatch(/^procura_live_[0-9A-Za-z]{49}$/);
    expect(isWellFormedApiKey(apiKey)).toBe(true);
    expect(isWellFormedApiKey(apiKey.slice(0, -1) + (apiKey.endsWith('a') ? 'b' : 'a'))).toBe(false);

    const row = await server.database.db.selectFrom('partners').selectAll().where('id', '=', partnerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tier: 'starter', key_hash: hashSecret(apiKey), key_prefix: apiKey.slice(0, 19), company_name: 'Coastal Cleaning Directory' });
    expect(JSON.stringify(row)).not.toContain(apiKey);

    const mail = await server.database.db.selectFrom('outbox').select(['kind', 'recipient', 'payload']).where('kind', 'like', 'partner-%').execute();
    expect(mail.filter((m) => m.payload.includes(partnerId)).map((m) => [m.kind, m.recipient])).toEqual([
      ['partner-welcome', 'dev@coastal.example.co.za'],
      ['partner-registered', 'partners@procura.co.za'],
    ]);
    expect(JSON.stringify(mail)).not.toContain(apiKey);
  });
});

describe('partner authentication', () => {
  it('answers 401 without a key, with a bad key or without the partner header, and 403 when the header names another partner', async () => {
    const a = await registerPartner(server);
    const b = await registerPartner(server);
    const call = (headers: Record<string, string>) => server.request('GET', '/api/partners/me', { headers });
    const none = await call({});
    expect([none.status, none.json.error.code, none.headers.get('www-authenticate')]).toEqual([401, 'unauthorized', 'Bearer']);
    expect((await call({ authorization: 'Bearer procura_live_notakey', 'x-partner-id': a.partnerId })).json.error.code).toBe('invalid_api_key');
    expect((await call({ authorization: `Bearer ${a.apiKey}` })).status).toBe(401);
    const mismatch = await call({ authorization: `Bearer ${a.apiKey}`, 'x-partner-id': b.partnerId });
    expect([mismatch.status, mismatch.json.error.code]).toEqual([403, 'partner_mismatch']);
    // None of those counted against the partner's quota.
    const ok = await call(a.headers);
    expect(ok.status).toBe(200);
    expect(partnerProfileSchema.parse(ok.json)).toMatchObject({ partnerId: a.partnerId, tier: 'starter', keyPrefix: a.apiKey.slice(0, 19) });
    expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(API_TIERS.starter.hourlyQuota - 1));
  });

  it('stops the old key the moment a new one is issued', async () => {
    const p = await registerPartner(server);
    const res = await server.request('POST', '/api/partners/rotate-key', { headers: p.headers });
    expect(res.status).toBe(200);
    const fresh = res.json.credentials.apiKey as string;
    expect(fresh).not.toBe(p.apiKey);
    expect((await server.request('GET', '/api/partners/me', { headers: p.headers })).status).toBe(401);
    expect((await server.request('GET', '/api/partners/me', { headers: { ...p.headers, authorization: `Bearer ${fresh}` } })).status).toBe(200);
  });
});

describe('tiers and rate limits', () => {
  it('gives Starter 1,000 requests an hour with the headers, then 429 with Retry-After until the hour turns', async () => {
    const p = await registerPartner(server);
    now = Date.UTC(2026, 10, 22, 11, 0, 0);
    const first = await server.request('GET', '/api/partners/me', { headers: p.headers });
    expect(Object.fromEntries(['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit-policy', 'ratelimit'].map((h) => [h, first.headers.get(h)]))).toEqual({
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': '999',
      'x-ratelimit-reset': String(Date.UTC(2026, 10, 22, 12, 0, 0) / 1000),
      'ratelimit-policy': '1000;w=3600',
      ratelimit: 'limit=1000, remaining=999, reset=3600',
    });
    // Use up the hour directly in the shared counter, as other server processes would.
    await server.database.db.updateTable('rate_limit_windows').set({ hits: 1000 }).where('subject', '=', subjectKey('data-api-hour', p.partnerId)).execute();
    now += 45 * 60 * 1000;
    const over = await server.request('GET', '/api/partners/me', { headers: p.headers });
    expect([over.status, over.json.error.code, over.headers.get('retry-after'), over.headers.get('x-ratelimit-remaining')]).toEqual([429, 'rate_limited', '900', '0']);
    now += 15 * 60 * 1000;
    expect((await server.request('GET', '/api/partners/me', { headers: p.headers })).status).toBe(200);
  });

  it('admits no more than the quota when requests race', async () => {
    const p = await registerPartner(server);
    now = Date.UTC(2026, 10, 22, 13, 0, 0);
    await server.request('GET', '/api/partners/me', { headers: p.headers });
    await server.database.db.updateTable('rate_limit_windows').set({ hits: 990 }).where('subject', '=', subjectKey('data-api-hour', p.partnerId)).execute();
    const answers = await Promise.all(Array.from({ length: 40 }, () => server.request('GET', '/api/partners/me', { headers: p.headers })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(30);
  });

  it('caps Enterprise per second instead of per hour, and lets Professional make 10,000 an hour', async () => {
    const e = await registerPartner(server);
    const pro = await registerPartner(server);
    expect(await setPartnerTier(server.database.db, e.partnerId, 'enterprise')).toBe(true);
    expect(await setPartnerTier(server.database.db, pro.partnerId, 'professional')).toBe(true);
    expect(await setPartnerTier(server.database.db, 'pt_nobody', 'professional')).toBe(false);
    now = Date.UTC(2026, 10, 22, 14, 0, 0, 250);
    const res = await server.request('GET', '/api/partners/me', { headers: e.headers });
    expect([res.headers.get('ratelimit-policy'), res.headers.get('x-ratelimit-limit')]).toEqual([`${API_TIERS.enterprise.perSecondCap};w=1`, '50']);
    expect((await server.request('GET', '/api/partners/me', { headers: pro.headers })).headers.get('ratelimit-policy')).toBe('10000;w=3600');
  });
});

describe('GET /api/embed/analytics', () => {
  it('counts the RFQs credited to the partner from its website, qualified ones, earnings and conversion, naming no buyer', async () => {
    const p = await registerPartner(server);
    now = Date.UTC(2026, 10, 22, 15, 0, 0);
    for (let i = 0; i < 4; i++) {
      await server.request('POST', '/api/analytics/widget-load', { body: { embedId: 'footer', partnerId: p.partnerId, referrerUrl: 'https://coastal.example.co.za/' } });
    }
    // A copy of the snippet on another site counts for no one's conversion.
    await server.request('POST', '/api/analytics/widget-load', { body: { embedId: 'footer', partnerId: p.partnerId, referrerUrl: 'https://copycat.example.com/' } });
    const embed = (overrides: Record<string, unknown>) =>
      server.request('POST', '/api/embed/rfq', {
        body: { productName: 'Thick Bleach 5L', productDescription: 'Thick bleach for ablution blocks at three sites', quantity: 40, location: 'Durban', contactEmail: 'ops@buyer.example.co.za', partnerId: p.partnerId, source: 'embed-widget', referrerUrl: 'https://coastal.example.co.za/suppliers', ...overrides },
      });
    expect((await embed({})).status).toBe(201);
    expect((await embed({ productName: 'Industrial Floor Scrubber', quantity: 900000 })).status).toBe(201);
    expect((await embed({ partnerId: 'p_doesnotexist0000' })).status).toBe(201);

    const res = await server.request('GET', '/api/embed/analytics', { headers: p.headers });
    expect(res.status).toBe(200);
    const a = partnerAnalyticsSchema.parse(res.json);
    expect(a).toMatchObject({ partnerId: p.partnerId, totalRfqs: 2, monthRfqs: 2, widgetLoads: 4, conversionRate: 50 });
    expect(a.qualifiedRfqs).toBe(a.monthQualifiedRfqs);
    expect(a.revenue).toBe(a.monthQualifiedRfqs * 15);
    expect(a.monthlyTrends.map((m) => m.month)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(a.topProducts.reduce((n, t) => n + t.rfqs, 0)).toBe(2);
    expect(res.text).not.toContain('buyer.example');
  });

  it('counts enterprise leads (qualified, over 100 employees) at the enterprise rate, and awarded requests, in the month of the request', async () => {
    const p = await registerPartner(server, { website: 'https://leads.example.co.za' });
    const embed = async (contactEmail: string, companySize: string) => {
      const res = await server.request('POST', '/api/embed/rfq', {
        body: { productName: 'Thick Bleach 5L', productDescription: 'Thick bleach for ablution blocks at three sites', quantity: 40, location: 'Durban', contactEmail, companySize, partnerId: p.partnerId, source: 'embed-widget', referrerUrl: 'https://leads.example.co.za/' },
      });
      expect(res.status).toBe(201);
      return res.json.quotes[0].trackingToken as string;
    };
    const act = async (token: string, action: 'accept' | 'close') => expect((await server.request('POST', `/api/quotes/track/${token}/${action}`)).status).toBe(200);

    now = Date.UTC(2026, 9, 20, 9, 0, 0);
    await act(await embed('e@buyer.example.co.za', '250+'), 'accept');
    now = Date.UTC(2026, 10, 23, 9, 0, 0);
    await act(await embed('a@buyer.example.co.za', '250+'), 'accept');
    await embed('b@buyer.example.co.za', '101-250');
    await act(await embed('c@buyer.example.co.za', '51-100'), 'close');
    // The same buyer again within 30 days qualifies for nothing, enterprise or not.
    await embed('a@buyer.example.co.za', '250+');

    const a = partnerAnalyticsSchema.parse((await server.request('GET', '/api/embed/analytics', { headers: p.headers })).json);
    expect(a).toMatchObject({
      totalRfqs: 5,
      qualifiedRfqs: 4,
      enterpriseLeads: 3,
      awardedRfqs: 2,
      monthRfqs: 4,
      monthQualifiedRfqs: 3,
      monthEnterpriseLeads: 2,
      monthAwardedRfqs: 1,
      // (1 qualified at R25 + 2 enterprise leads at R150) at the partner's 60 %.
      revenue: 195,
    });
    expect(a.monthlyTrends.slice(-2)).toEqual([
      { month: '2026-10', rfqs: 1, qualifiedRfqs: 1, enterpriseLeads: 1, awardedRfqs: 1, revenue: 90 },
      { month: '2026-11', rfqs: 4, qualifiedRfqs: 3, enterpriseLeads: 2, awardedRfqs: 1, revenue: 195 },
    ]);
  });
});
