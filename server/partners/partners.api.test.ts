import { MessageRenderer } from '../mail-sender/renderer';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PARTNER_MESSAGES } from '../../sdk/data-api';
import { API_TIERS } from '../../contract/data-api';
import { partnerAnalyticsSchema, partnerProfileSchema } from '../../sdk/schemas/partners';
import { REVENUE_MODEL } from '../../contract/revenue';
import { hashSecret } from '../lib/ids';
import { startTestServer, validOrder, type TestServer } from '../test/harness';
import { openQuoteEmail, qualifiedWidgetRequest, registerPartner, validRegistration, widgetRequest } from '../test/partners';
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
      body: {
        companyName: 'A',
        contactEmail: 'nope',
        contactName: 'B',
        website: 'coastal',
        businessType: 'bakery',
        integrationType: 'fax',
        monthlyTraffic: 'lots',
        useCase: 'short',
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toEqual(PARTNER_MESSAGES);
    expect(
      (await server.request('POST', '/api/partners/register', { body: validRegistration({ website: 'javascript:alert(1)' }) })).json.error.details.fields,
    ).toEqual({
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

describe('registrations naming someone else\u2019s address', () => {
  it('welcome one mailbox at most 3 times a day, +tags and capitals included, and never repeat what the caller typed', async () => {
    // A server of its own, whose registration limit leaves the other tests theirs.
    const server = await startTestServer({ REGISTRATION_RATE_LIMIT: '100' });
    onTestFinished(() => server.close());
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.request('POST', '/api/partners/register', {
        body: validRegistration({
          contactEmail: i % 2 ? `Stranger+${i}@Victim.example` : 'stranger@victim.example',
          contactName: 'Dear customer, your account is suspended',
          companyName: `Click http://phish.example to claim R5000 (${i})`,
        }),
      });
      answers.push(res.status);
    }
    expect(answers).toEqual([201, 201, 201, 201, 201]);
    const welcomes = await server.database.db.selectFrom('outbox').select(['recipient', 'payload']).where('kind', '=', 'partner-welcome').execute();
    const toVictim = welcomes.filter((w) => /victim\.example$/i.test(w.recipient));
    expect(toVictim).toHaveLength(3);
    for (const row of toVictim) {
      const mail = await new MessageRenderer(server.database.db, server.app.deps.outbox.settings, server.app.deps.market).render({
        kind: 'partner-welcome',
        payload: row.payload,
      });
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/suspended|phish|R5000/);
    }
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
    expect(
      Object.fromEntries(
        ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit-policy', 'ratelimit'].map((h) => [h, first.headers.get(h)]),
      ),
    ).toEqual({
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
    expect([over.status, over.json.error.code, over.headers.get('retry-after'), over.headers.get('x-ratelimit-remaining')]).toEqual([
      429,
      'rate_limited',
      '900',
      '0',
    ]);
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
      await server.request('POST', '/api/analytics/widget-load', {
        body: { embedId: 'footer', partnerId: p.partnerId, referrerUrl: 'https://coastal.example.co.za/' },
      });
    }
    // A copy of the snippet on another site counts for no one's conversion.
    await server.request('POST', '/api/analytics/widget-load', {
      body: { embedId: 'footer', partnerId: p.partnerId, referrerUrl: 'https://copycat.example.com/' },
    });
    const embed = (overrides: Record<string, unknown>) =>
      widgetRequest(server, {
        contactEmail: 'ops@buyer.example.co.za',
        partnerId: p.partnerId,
        source: 'embed-widget',
        referrerUrl: 'https://coastal.example.co.za/suppliers',
        ...overrides,
      });
    expect((await embed({})).status).toBe(201);
    expect((await embed({ productName: 'Industrial Floor Scrubber', quantity: 900000 })).status).toBe(201);
    expect((await embed({ partnerId: 'p_doesnotexist0000' })).status).toBe(201);

    const res = await server.request('GET', '/api/embed/analytics', { headers: p.headers });
    expect(res.status).toBe(200);
    const a = partnerAnalyticsSchema.parse(res.json);
    expect(a).toMatchObject({ partnerId: p.partnerId, totalRfqs: 2, monthRfqs: 2, widgetLoads: 4, conversionRate: 50 });
    // Quoted, waiting for the buyer to open the quote e-mail: nothing is paid yet.
    expect(a).toMatchObject({ qualifiedRfqs: 0, pendingRfqs: a.monthPendingRfqs, revenue: 0 });
    expect(a.pendingRfqs).toBeGreaterThan(0);
    expect(a.monthlyTrends.map((m) => m.month)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(a.topProducts.reduce((n, t) => n + t.rfqs, 0)).toBe(2);
    expect(res.text).not.toContain('buyer.example');
  });

  it('counts enterprise leads (qualified, over 100 employees) at the enterprise rate, and awarded requests, in the month of the request', async () => {
    const p = await registerPartner(server, { website: 'https://leads.example.co.za' });
    // Each buyer opens the quote e-mail: the request qualifies.
    const embed = async (contactEmail: string, companySize: string) =>
      (await qualifiedWidgetRequest(server, p, 'https://leads.example.co.za/', contactEmail, companySize)).json.quotes[0].trackingToken as string;
    const act = async (token: string, action: 'accept' | 'close') =>
      expect((await server.request('POST', `/api/quotes/track/${token}/${action}`, action === 'accept' ? { body: validOrder() } : {})).status).toBe(200);

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
      carriedIn: 90,
      balance: 285,
    });
    expect(a.monthlyTrends.slice(-2)).toEqual([
      {
        month: '2026-10',
        rfqs: 1,
        qualifiedRfqs: 1,
        pendingRfqs: 0,
        enterpriseLeads: 1,
        awardedRfqs: 1,
        revenue: 90,
        carriedIn: 0,
        payout: 0,
        carriedOver: 90,
      },
      {
        month: '2026-11',
        rfqs: 4,
        qualifiedRfqs: 3,
        pendingRfqs: 0,
        enterpriseLeads: 2,
        awardedRfqs: 1,
        revenue: 195,
        carriedIn: 90,
        payout: 285,
        carriedOver: 0,
      },
    ]);
  });

  it('carries a share under the R100 minimum payout over to the next months until the balance reaches it, from the partner’s first month on', async () => {
    const p = await registerPartner(server, { website: 'https://carry.example.co.za' });
    const qualifiedRequest = async (at: number, contactEmail: string, companySize = '11-50') => {
      now = at;
      await qualifiedWidgetRequest(server, p, 'https://carry.example.co.za/', contactEmail, companySize);
    };
    // February, before the six months shown: R15, under the minimum.
    await qualifiedRequest(Date.UTC(2026, 1, 10, 9), 'feb@buyer.example.co.za');
    // July: R15 more, R30 in all, still carried.
    await qualifiedRequest(Date.UTC(2026, 6, 10, 9), 'jul@buyer.example.co.za');
    // September: an enterprise lead, R90: R120 reaches the minimum and is paid.
    await qualifiedRequest(Date.UTC(2026, 8, 10, 9), 'sep@buyer.example.co.za', '250+');
    // November, this month: R15, carried until it reaches R100.
    await qualifiedRequest(Date.UTC(2026, 10, 23, 9), 'nov@buyer.example.co.za');

    const a = partnerAnalyticsSchema.parse((await server.request('GET', '/api/embed/analytics', { headers: p.headers })).json);
    expect(a.monthlyTrends.map(({ month, revenue, carriedIn, payout, carriedOver }) => ({ month, revenue, carriedIn, payout, carriedOver }))).toEqual([
      { month: '2026-06', revenue: 0, carriedIn: 15, payout: 0, carriedOver: 15 },
      { month: '2026-07', revenue: 15, carriedIn: 15, payout: 0, carriedOver: 30 },
      { month: '2026-08', revenue: 0, carriedIn: 30, payout: 0, carriedOver: 30 },
      { month: '2026-09', revenue: 90, carriedIn: 30, payout: 120, carriedOver: 0 },
      { month: '2026-10', revenue: 0, carriedIn: 0, payout: 0, carriedOver: 0 },
      { month: '2026-11', revenue: 15, carriedIn: 0, payout: 0, carriedOver: 15 },
    ]);
    expect(a).toMatchObject({ revenue: 15, carriedIn: 0, balance: 15 });
    expect(a.revenueModel).toEqual(REVENUE_MODEL);
  });

  it('applies the revenue model the server was started with', async () => {
    const configured = await startTestServer(
      {
        RFQ_RATE_LIMIT: '1000',
        REVENUE_PER_QUALIFIED_RFQ: '40',
        REVENUE_PER_ENTERPRISE_LEAD: '200',
        REVENUE_PARTNER_SHARE: '0.5',
        REVENUE_PAYMENT_TERMS_DAYS: '14',
        REVENUE_MINIMUM_PAYOUT: '30',
      },
      { clock: () => Date.UTC(2026, 10, 23, 9) },
    );
    try {
      const p = await registerPartner(configured, { website: 'https://terms.example.co.za' });
      const res = await widgetRequest(configured, {
        contactEmail: 'ops@buyer.example.co.za',
        partnerId: p.partnerId,
        source: 'embed-widget',
        referrerUrl: 'https://terms.example.co.za/',
      });
      await openQuoteEmail(configured, res.json.rfqId);
      const a = partnerAnalyticsSchema.parse((await configured.request('GET', '/api/embed/analytics', { headers: p.headers })).json);
      expect(a.revenueModel).toEqual({
        perQualifiedRfq: 40,
        perEnterpriseLead: 200,
        enterpriseEmployees: 100,
        partnerShare: 0.5,
        paymentTerms: 'Net 14',
        minimumPayout: 30,
        payout: 'monthly',
      });
      // R40 at 50 % is R20, under the R30 minimum.
      expect(a).toMatchObject({ revenue: 20, carriedIn: 0, balance: 20 });
      expect(a.monthlyTrends.at(-1)).toMatchObject({ revenue: 20, payout: 0, carriedOver: 20 });
    } finally {
      await configured.close();
    }
  });
});
