import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '../../contract/schemas/analytics';
import { STAFF_MESSAGES } from '../../contract/schemas/staff';
import { sweep } from '../retention';
import { startTestServer, type TestServer } from '../test/harness';
import { withoutSeedHistory } from '../test/market';
import { signInStaff } from '../test/staff';
import { sessionHash } from './site-analytics.service';

const SESSION = 'V1StGXR8_Z5jdHi6B-myT';
const OTHER = 'Uakgb_J5m9g-0JDMbcJqL';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';
let server: TestServer;
let now = Date.UTC(2026, 10, 24, 8, 0, 0);

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
});
afterAll(() => server.close());

const send = (type: string, body: unknown, session: string | null = SESSION, headers: Record<string, string> = {}) =>
  server.request('POST', `/api/analytics/${type}`, { body, headers: { ...(session === null ? {} : { 'x-session-id': session }), ...headers } });
const events = () => server.database.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();
const fieldsOf = (res: { json: { error: { details: { fields: unknown } } } }) => res.json.error.details.fields;

describe('the analytics events', () => {
  it('stores each event with the session hashed under the day\u2019s salt, the device, and nothing typed', async () => {
    expect((await send('page-view', { path: '/' }, SESSION, { 'user-agent': PHONE_UA })).status).toBe(204);
    expect((await send('page-view', { path: '/quote/:token', timeSpent: 4200 })).status).toBe(204);
    expect(
      (await send('product-interest', { productName: 'Hand Sanitizer 70% Alcohol', category: 'sanitizers', quantity: 200, priceViewed: 17000 })).status,
    ).toBe(204);
    expect((await send('form-interaction', { formType: 'rfq-form', action: 'field_change', fieldName: 'primaryEmail' })).status).toBe(204);
    expect(
      (await send('quote-request', { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200, estimatedValue: 17000.5, location: 'Durban' })).status,
    ).toBe(204);

    const rows = await events();
    const salt = (await server.database.db.selectFrom('analytics_salts').selectAll().executeTakeFirstOrThrow()).salt;
    expect(rows.map((r) => r.session_hash)).toEqual(Array(5).fill(sessionHash(salt, SESSION)));
    expect(rows.every((r) => r.day === '2026-11-24' && r.occurred_at === '2026-11-24T08:00:00.000Z')).toBe(true);
    expect(rows.map((r) => [r.type, r.device, r.path, r.time_spent_ms])).toEqual([
      ['page-view', 'mobile', '/', null],
      ['page-view', 'desktop', '/quote/:token', 4200],
      ['product-interest', 'desktop', null, null],
      ['form-interaction', 'desktop', null, null],
      ['quote-request', 'desktop', null, null],
    ]);
    expect(
      rows.map((r) => [r.product_name, r.category, r.quantity, r.price_viewed_cents, r.estimated_value_cents, r.city, r.form_action, r.field_name]),
    ).toEqual([
      [null, null, null, null, null, null, null, null],
      [null, null, null, null, null, null, null, null],
      ['Hand Sanitizer 70% Alcohol', 'sanitizers', 200, 1700000, null, null, null, null],
      [null, null, null, null, null, null, 'field_change', 'primaryEmail'],
      ['Hand Sanitizer 70% Alcohol', 'sanitizers', 200, null, 1700050, 'Durban', null, null],
    ]);
    expect(JSON.stringify(rows)).not.toContain(SESSION);
  });

  it('takes the spec\u2019s sessionId and timestamp in each body, dating the event by the server\u2019s clock', async () => {
    const before = (await events()).length;
    const spec = { sessionId: SESSION, timestamp: '2019-03-01T10:00:00.000+02:00' };
    expect((await send('page-view', { ...spec, path: '/about', timeSpent: 900 })).status).toBe(204);
    expect((await send('product-interest', { ...spec, productName: 'Hand Sanitizer 70% Alcohol', category: 'sanitizers', quantity: 20 })).status).toBe(204);
    expect((await send('form-interaction', { ...spec, formType: 'rfq-form', action: 'start' })).status).toBe(204);
    expect((await send('quote-request', { ...spec, quantity: 20, estimatedValue: 1000 })).status).toBe(204);
    const rows = (await events()).slice(before);
    expect(rows.map((r) => [r.type, r.day, r.occurred_at])).toEqual(
      ['page-view', 'product-interest', 'form-interaction', 'quote-request'].map((type) => [type, '2026-11-24', '2026-11-24T08:00:00.000Z']),
    );
    expect(JSON.stringify(rows)).not.toContain(SESSION);
  });

  it.each([
    [{ sessionId: OTHER, path: '/' }, { sessionId: 'must equal the X-Session-ID header' }],
    [{ sessionId: 'jane@example.co.za', path: '/' }, { sessionId: 'must equal the X-Session-ID header' }],
    [{ path: '/', timestamp: 'yesterday' }, { timestamp: 'Invalid ISO datetime' }],
    [{ path: '/', timestamp: 1764000000000 }, { timestamp: 'Invalid input: expected string, received number' }],
  ])('refuses a body whose session or time is not the spec\u2019s: %j', async (body, fields) => {
    const before = (await events()).length;
    const res = await send('page-view', body);
    expect([res.status, res.json.error.code, fieldsOf(res)]).toEqual([400, 'validation_error', fields]);
    expect((await events()).length).toBe(before);
  });

  it('refuses a missing or malformed session id before reading the body', async () => {
    for (const session of [null, 'short', `${SESSION}x`, 'V1StGXR8 Z5jdHi6B-myT']) {
      const res = await send('page-view', { path: '/' }, session);
      expect([res.status, res.json.error.code, res.json.error.message, fieldsOf(res)]).toEqual([
        400,
        'validation_error',
        'Request validation failed',
        { 'X-Session-ID': ANALYTICS_MESSAGES.sessionId },
      ]);
    }
  });

  it.each([
    ['page-view', { path: '/', value: 'jane@example.co.za' }, { value: ANALYTICS_MESSAGES.unknownField }],
    ['page-view', { path: '/quote-success?rfqId=123456789012345678' }, { path: ANALYTICS_MESSAGES.query }],
    ['page-view', { path: '/#token=dr_x' }, { path: ANALYTICS_MESSAGES.query }],
    ['page-view', { path: 'quote-success' }, { path: ANALYTICS_MESSAGES.pathStart }],
    ['page-view', { path: '/jane.buyer@example.co.za' }, { path: ANALYTICS_MESSAGES.email }],
    ['page-view', { path: '/call/082-123-4567' }, { path: ANALYTICS_MESSAGES.phone }],
    ['page-view', { path: '/quote/qt_abc123_9f8e7d' }, { path: ANALYTICS_MESSAGES.token }],
    ['page-view', { path: '/da_Zx81kLmq' }, { path: ANALYTICS_MESSAGES.token }],
    ['page-view', { path: '/quote/Thandi Nkosi' }, { path: ANALYTICS_MESSAGES.pathCharacters }],
    ['page-view', { path: '/', timeSpent: -1 }, { timeSpent: 'Too small: expected number to be >=0' }],
    ['product-interest', { productName: 'Sanitizer for Thandi, 082 123 4567', category: 'sanitizers', quantity: 5 }, { productName: ANALYTICS_MESSAGES.phone }],
    ['product-interest', { productName: 'Send to jane@example.co.za', category: 'sanitizers', quantity: 5 }, { productName: ANALYTICS_MESSAGES.email }],
    [
      'product-interest',
      { productName: 'Hand Sanitizer 70% Alcohol', category: 'sanitizers', quantity: 5, description: 'for our offices' },
      { description: ANALYTICS_MESSAGES.unknownField },
    ],
    [
      'form-interaction',
      { formType: 'rfq-form', action: 'field_change', fieldName: 'primaryEmail', value: 'jane@example.co.za' },
      { value: ANALYTICS_MESSAGES.unknownField },
    ],
    ['form-interaction', { formType: 'rfq-form', action: 'field_change' }, { fieldName: ANALYTICS_MESSAGES.fieldName }],
    ['form-interaction', { formType: 'rfq-form', action: 'start', fieldName: 'quantity' }, { fieldName: ANALYTICS_MESSAGES.fieldName }],
    ['form-interaction', { formType: 'rfq-form', action: 'field_change', fieldName: 'notes' }, { fieldName: expect.stringMatching(/^Invalid option/) }],
    ['quote-request', { quantity: 5, estimatedValue: 250, location: 'Thandi at 021 555 0199' }, { location: ANALYTICS_MESSAGES.phone }],
    ['quote-request', { quantity: 5, estimatedValue: 250, primaryEmail: 'jane@example.co.za' }, { primaryEmail: ANALYTICS_MESSAGES.unknownField }],
  ])('refuses a %s carrying what it must not: %j', async (type, body, fields) => {
    const before = (await events()).length;
    const res = await send(type, body);
    expect([res.status, res.json.error.code]).toEqual([400, 'validation_error']);
    expect(fieldsOf(res)).toEqual(fields);
    expect((await events()).length).toBe(before);
  });

  it('refuses a product that is not the catalogue\u2019s, a wrong category and a city not on the list', async () => {
    const typed = await send('product-interest', { productName: 'Sanitiser for the Smith offices', category: 'sanitizers', quantity: 5 });
    expect([typed.status, fieldsOf(typed)]).toEqual([400, { productName: ANALYTICS_MESSAGES.catalogue }]);
    const category = await send('product-interest', { productName: 'Hand Sanitizer 70% Alcohol', category: 'geysers', quantity: 5 });
    expect([category.status, fieldsOf(category)]).toEqual([400, { category: ANALYTICS_MESSAGES.category }]);
    const both = await send('quote-request', { productName: 'Our usual order', quantity: 5, estimatedValue: 250, location: '12 Long Street' });
    expect([both.status, fieldsOf(both)]).toEqual([400, { productName: ANALYTICS_MESSAGES.catalogue, location: ANALYTICS_MESSAGES.city }]);
    expect((await send('quote-request', { quantity: 5, estimatedValue: 250 })).status).toBe(204);
  });

  it('hashes the same session differently the next day, and deletes the old salt when its day ends', async () => {
    now = Date.UTC(2026, 10, 25, 0, 30, 0);
    expect((await send('page-view', { path: '/' })).status).toBe(204);
    const salts = await server.database.db.selectFrom('analytics_salts').selectAll().execute();
    expect(salts.map((s) => s.day)).toEqual(['2026-11-25']);
    const [yesterday, today] = [(await events()).find((e) => e.day === '2026-11-24')!, (await events()).find((e) => e.day === '2026-11-25')!];
    expect(today.session_hash).toBe(sessionHash(salts[0]!.salt, SESSION));
    expect(today.session_hash).not.toBe(yesterday.session_hash);
    now = Date.UTC(2026, 10, 24, 8, 0, 0);
  });
});

describe('proof of consent', () => {
  const decision = { consentId: 'q8bX2mN0vL4rT6yW1zA3c', analytics: true, revision: 1, timestamp: '2026-11-24T07:59:58.120Z', globalPrivacyControl: false };

  it('keeps each choice with its consent id, revision and time, and no address', async () => {
    expect((await server.request('POST', '/api/consent', { body: decision })).status).toBe(204);
    expect(
      (await server.request('POST', '/api/consent', { body: { ...decision, analytics: false, essential: true, marketing: false, globalPrivacyControl: true } }))
        .status,
    ).toBe(204);
    const rows = await server.database.db.selectFrom('consent_records').selectAll().where('consent_id', '=', decision.consentId).orderBy('id').execute();
    expect(rows.map(({ id: _, ...r }) => r)).toEqual([
      {
        consent_id: decision.consentId,
        analytics: 1,
        revision: 1,
        global_privacy_control: 0,
        decided_at: decision.timestamp,
        recorded_at: '2026-11-24T08:00:00.000Z',
      },
      {
        consent_id: decision.consentId,
        analytics: 0,
        revision: 1,
        global_privacy_control: 1,
        decided_at: decision.timestamp,
        recorded_at: '2026-11-24T08:00:00.000Z',
      },
    ]);
  });

  it.each([
    [{ ...decision, consentId: 'jane@example.co.za' }, { consentId: ANALYTICS_MESSAGES.consentId }],
    [{ ...decision, email: 'jane@example.co.za' }, { email: ANALYTICS_MESSAGES.unknownField }],
    [{ ...decision, marketing: true }, { marketing: 'Invalid input: expected false' }],
    [{ ...decision, timestamp: 'yesterday' }, { timestamp: 'Invalid ISO datetime' }],
  ])('refuses %j', async (body, fields) => {
    const res = await server.request('POST', '/api/consent', { body });
    expect([res.status, fieldsOf(res)]).toEqual([400, fields]);
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After once a client sends more than its share', async () => {
    const limited = await startTestServer(
      { ANALYTICS_RATE_LIMIT: '2', ANALYTICS_RATE_WINDOW_SECONDS: '60' },
      { clock: () => Date.UTC(2026, 10, 24, 8, 0, 30) },
    );
    try {
      expect((await limited.request('POST', '/api/analytics/page-view', { body: { path: '/' }, headers: { 'x-session-id': SESSION } })).status).toBe(204);
      expect(
        (
          await limited.request('POST', '/api/consent', {
            body: { consentId: SESSION, analytics: true, revision: 1, timestamp: '2026-11-24T08:00:00Z', globalPrivacyControl: false },
          })
        ).status,
      ).toBe(204);
      const over = await limited.request('POST', '/api/analytics/page-view', { body: { path: '/' }, headers: { 'x-session-id': SESSION } });
      expect([over.status, over.headers.get('retry-after'), over.json.error]).toEqual([
        429,
        '30',
        { code: 'rate_limited', message: 'Too many analytics events from your network. Please try again in 30 seconds.' },
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('the staff view', () => {
  it('is for signed-in admins only', async () => {
    const signedOut = await server.request('GET', '/api/analytics/dashboard');
    expect([signedOut.status, signedOut.json.error.message]).toEqual([401, STAFF_MESSAGES.signedOut]);
    const sales = await signInStaff(server, { role: 'sales' });
    const wrongRole = await server.request('GET', '/api/analytics/dashboard', { headers: sales.headers });
    expect([wrongRole.status, wrongRole.json.error.message]).toEqual([403, STAFF_MESSAGES.wrongRole]);
    const admin = await signInStaff(server, { role: 'admin' });
    const bad = await server.request('GET', '/api/analytics/dashboard?days=12', { headers: admin.headers });
    expect([bad.status, bad.json.error.details.fields]).toEqual([400, { days: 'days must be 7, 30 or 90' }]);
  });

  it('adds up visitors, pages, the funnel and devices from the events, and keeps them after the raw events go', async () => {
    const view = await startTestServer({}, { clock: () => now });
    try {
      const admin = await signInStaff(view, { role: 'admin' });
      const post = (type: string, body: unknown, session: string, ua = 'Mozilla/5.0 (X11; Linux x86_64)') =>
        view.request('POST', `/api/analytics/${type}`, { body, headers: { 'x-session-id': session, 'user-agent': ua } });
      now = Date.UTC(2026, 9, 20, 9, 0, 0);
      await post('page-view', { path: '/' }, SESSION);
      await post('page-view', { path: '/' }, OTHER, PHONE_UA);
      await post('form-interaction', { formType: 'rfq-form', action: 'start' }, SESSION);
      await post('form-interaction', { formType: 'rfq-form', action: 'start' }, OTHER, PHONE_UA);
      await post('form-interaction', { formType: 'rfq-form', action: 'submit' }, SESSION);
      await post('quote-request', { quantity: 5, estimatedValue: 250 }, SESSION);
      await post('page-view', { path: '/quote-success' }, SESSION);
      now = Date.UTC(2026, 9, 21, 9, 0, 0);
      await post('page-view', { path: '/quote/:token' }, SESSION);
      await view.request('POST', '/api/consent', {
        body: { consentId: SESSION, analytics: true, revision: 1, timestamp: '2026-10-21T08:59:00Z', globalPrivacyControl: false },
      });
      await view.request('POST', '/api/consent', {
        body: { consentId: OTHER, analytics: false, revision: 1, timestamp: '2026-10-21T08:59:00Z', globalPrivacyControl: true },
      });

      const expected = {
        daily: [
          { day: '2026-10-20', visitors: 2, pageViews: 3 },
          { day: '2026-10-21', visitors: 1, pageViews: 1 },
        ],
        topPages: [
          { path: '/', views: 2, visitors: 2 },
          { path: '/quote-success', views: 1, visitors: 1 },
          { path: '/quote/:token', views: 1, visitors: 1 },
        ],
        funnel: [
          { stage: 'form-start', visitors: 2 },
          { stage: 'form-submit', visitors: 1 },
          { stage: 'quotes-shown', visitors: 1 },
          { stage: 'tracking-opened', visitors: 1 },
        ],
        devices: [
          { device: 'desktop', visitors: 2 },
          { device: 'mobile', visitors: 1 },
          { device: 'tablet', visitors: 0 },
        ],
        consent: { decisions: 2, accepted: 1, globalPrivacyControl: 1 },
      };
      const read = async (days = 7) => {
        const res = await view.request('GET', `/api/analytics/dashboard?days=${days}`, { headers: admin.headers });
        expect(res.status).toBe(200);
        return res.json;
      };
      const live = await read();
      expect(live.daily.slice(-2)).toEqual(expected.daily);
      expect(live.daily).toHaveLength(7);
      expect({ topPages: live.topPages, funnel: live.funnel, devices: live.devices, consent: live.consent }).toEqual({
        topPages: expected.topPages,
        funnel: expected.funnel,
        devices: expected.devices,
        consent: expected.consent,
      });
      expect(live.tiles.userTracking).toEqual({ eventsToday: 1, visitorsToday: 1, lastEventAt: '2026-10-21T09:00:00.000Z', rawEvents: 8 });

      // The sweep rolls up finished days; once the raw events are 30 days old they go, and the figures stay.
      now = Date.UTC(2026, 9, 22, 2, 0, 0);
      await sweep(view.database, view.app.deps.outbox, new Date(now));
      expect((await view.database.db.selectFrom('analytics_daily').select('day').distinct().orderBy('day').execute()).map((r) => r.day)).toEqual([
        '2026-10-20',
        '2026-10-21',
      ]);
      now = Date.UTC(2026, 10, 21, 2, 0, 0);
      const result = await sweep(view.database, view.app.deps.outbox, new Date(now));
      expect(result.analytics).toEqual({ daysRolledUp: 0, eventsDeleted: 8, saltsDeleted: 0, consentRecordsDeleted: 0 });
      const later = await read(90);
      expect(later.daily.filter((d: { visitors: number }) => d.visitors > 0)).toEqual(expected.daily);
      expect({ topPages: later.topPages, funnel: later.funnel, devices: later.devices }).toEqual({
        topPages: expected.topPages,
        funnel: expected.funnel,
        devices: expected.devices,
      });
      expect(later.tiles.userTracking).toEqual({ eventsToday: 0, visitorsToday: 0, lastEventAt: null, rawEvents: 0 });
    } finally {
      await view.close();
      now = Date.UTC(2026, 10, 24, 8, 0, 0);
    }
  });

  it('shows the tiles from the database as it is', async () => {
    await withoutSeedHistory(server.database.db);
    const admin = await signInStaff(server, { role: 'admin' });
    const rfq = await server.request('POST', '/api/rfq', {
      body: {
        productName: 'Hand Sanitizer 70% Alcohol',
        productDescription: 'Refill for the wall dispensers in our offices',
        quantity: 200,
        supplierCount: 3,
        deliveryLocation: 'Johannesburg',
        primaryEmail: 'ops@example.co.za',
        agreeTerms: true,
        budgetRange: '10k-50k',
        companyName: 'Acme',
      },
    });
    expect(rfq.status).toBe(201);
    const tracking = (q: { trackingUrl: string }) => new URL(q.trackingUrl).pathname.replace('/quote/', '/api/quotes/track/');
    await server.request('GET', tracking(rfq.json.quotes[0]));
    // The buyer's own views (from their e-mail) count here too: staff see how often quotes are opened.
    await server.request('GET', `${tracking(rfq.json.quotes[1])}?view=own`);
    await server.request('GET', `${tracking(rfq.json.quotes[1])}?view=own`);
    const res = await server.request('GET', '/api/analytics/dashboard', { headers: admin.headers });
    const { tiles } = res.json;
    expect(tiles.leadScoring).toEqual({ rfqs: 1, averageScore: 80, high: 1, medium: 0, low: 0 });
    expect(tiles.quoteTracking).toEqual({ quotes: rfq.json.quotes.length, viewed: 2, views: 3, lastViewedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(tiles.alertPriorities).toEqual([
      { priority: 0, kinds: ['buyer-quotes'], waiting: 0, sent: 0, held: 1, dead: 0 },
      { priority: 1, kinds: ['supplier-lead'], waiting: 0, sent: 0, held: rfq.json.quotes.length, dead: 0 },
    ]);
    expect(tiles.databaseStorage.dialect).toBe(server.database.dialect);
    expect(tiles.databaseStorage.tables.find((t: { name: string }) => t.name === 'rfqs')).toEqual({ name: 'rfqs', rows: 1 });
    expect(tiles.databaseStorage.tables.find((t: { name: string }) => t.name === 'consent_records')).toEqual({ name: 'consent_records', rows: 2 });
  });
});

describe('the retention of consent records', () => {
  it('deletes a choice three years after it was recorded', async () => {
    const before = await server.database.db.selectFrom('consent_records').select('id').execute();
    expect(before.length).toBeGreaterThan(0);
    const almost = await sweep(server.database, server.app.deps.outbox, new Date(Date.UTC(2029, 10, 24, 6, 0, 0)));
    expect(almost.analytics.consentRecordsDeleted).toBe(0);
    const after = await sweep(server.database, server.app.deps.outbox, new Date(Date.UTC(2029, 10, 24, 7, 30, 0)));
    expect(after.analytics.consentRecordsDeleted).toBe(before.length);
  });
});
