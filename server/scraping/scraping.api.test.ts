import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewItemListSchema, scrapeStartedSchema, scrapingStatusSchema, simulateResultSchema, type ReviewItem } from '../../contract/schemas/scraping';
import { startTestServer, validRfq, type TestServer } from '../test/harness';
import { expectForeignOriginRefused, expectSignedOutRefused, expectWrongRoleRefused, signInStaff, type StaffCall } from '../test/staff';
import type { ApiError } from '../errors';
import { APPROVAL_MESSAGES, approvalImportPath } from './import-path';

/**
 * The scraper's calls over the real app: who may use them, a crawl of a directory site on
 * loopback (allowed as SCRAPER_ALLOW_HOSTS allows it) and the same address refused by a server
 * without it, the demonstration on the sample directory, approvals into the market and
 * rejections, and one crawl at a time.
 */
const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);

const PAGE_1 = `<!doctype html><title>Cleaning suppliers</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
  {"@type":"LocalBusiness","name":"Amanzi Fresh Hygiene","email":"sales@amanzi-fresh.example","telephone":"031 555 0111","address":{"@type":"PostalAddress","addressLocality":"Durban"}},
  {"@type":"HardwareStore","name":"Ridge Cleaning Chemicals","email":"orders@ridgechem.example","telephone":"+27 11 555 0112","address":{"@type":"PostalAddress","addressLocality":"Johannesburg"},"description":"Industrial degreaser and solvent"}
]}</script>
<a href="/private/members">Next page</a> <a href="/list?page=2">2</a>`;

const PAGE_2 = `<!doctype html><title>Cleaning suppliers, page 2</title>
<div itemscope itemtype="https://schema.org/LocalBusiness">
  <span itemprop="name">Karee Janitorial</span>
  <span itemprop="telephone">012 555 0113</span>
  <span itemprop="address" itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="addressLocality">Pretoria</span></span>
  <a itemprop="email" href="mailto:info@karee.example">info@karee.example</a>
</div>`;

let site: Server;
let siteUrl: string;
const requests: string[] = [];
const held: ServerResponse[] = [];

let server: TestServer;
/** The same database behind a server without SCRAPER_ALLOW_HOSTS, as production runs. */
let strict: TestServer;
let admin: { cookie: string; origin: string };
let sales: { cookie: string; origin: string };

beforeAll(async () => {
  site = createServer((req, res) => {
    requests.push(req.url!);
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/robots.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n');
    else if (url.pathname === '/list' && url.searchParams.get('page') === '1') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE_1);
    else if (url.pathname === '/list' && url.searchParams.get('page') === '2') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE_2);
    else if (url.pathname === '/slow') held.push(res);
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  server = await startTestServer({ SCRAPER_ALLOW_HOSTS: '127.0.0.1' }, { clock: () => NOW });
  strict = await startTestServer({}, { database: server.database, clock: () => NOW });
  admin = (await signInStaff(server, { role: 'admin', name: 'Naledi Dube' })).headers;
  sales = (await signInStaff(server, { role: 'sales', name: 'Sipho Sales' })).headers;
});

afterAll(async () => {
  await strict?.close();
  await server?.close();
  for (const res of held) res.destroy();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

const db = () => server.database.db;
const post = (path: string, body?: unknown, headers: Record<string, string> = admin) => server.request('POST', path, { body, headers });
const get = (path: string, headers: Record<string, string> = admin) => server.request('GET', path, { headers });
const lastAudit = () => db().selectFrom('staff_audit').select(['action', 'rows', 'detail']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('who may use the scraper calls', () => {
  const calls: StaffCall[] = [
    ['GET', '/api/scraping/status'],
    ['GET', '/api/scraping/items'],
    ['GET', '/api/scraping/directories'],
    ['POST', '/api/scrape', { url: 'https://directory.example.co.za/' }],
    ['POST', '/api/scraping/start'],
    ['POST', '/api/scraping/simulate'],
    ['POST', '/api/scraping/products'],
    ['POST', '/api/scraping/stop'],
    ['POST', '/api/scraping/items/1/approve', {}],
    ['POST', '/api/scraping/items/1/reject'],
    ['POST', '/api/scraping/directories', { url: 'https://directory.example.co.za/' }],
    ['DELETE', '/api/scraping/directories?url=https%3A%2F%2Fdirectory.example.co.za%2F'],
  ];

  it('answers 401 to anyone signed out', async () => {
    await expectSignedOutRefused(server, calls, admin.origin);
  });

  it('answers 403 to a sales user', async () => {
    await expectWrongRoleRefused(server, calls, sales);
  });

  it('answers 403 to a change without an Origin or from another one, and starts nothing', async () => {
    await expectForeignOriginRefused(server, calls, admin.cookie);
    expect(await db().selectFrom('scrape_sessions').select('id').execute()).toEqual([]);
  });

  it('answers the status as isRunning and the session, never cached', async () => {
    const res = await get('/api/scraping/status');
    expect([res.status, res.json, res.headers.get('cache-control')]).toEqual([200, { isRunning: false, session: null }, 'no-store']);
  });
});

describe('POST /api/scrape', () => {
  it('refuses an empty URL with the one error shape', async () => {
    for (const body of [{ url: '   ' }, {}]) {
      const res = await post('/api/scrape', body);
      expect([res.status, res.json]).toEqual([
        400,
        { error: { code: 'validation_error', message: 'Request validation failed', details: { fields: { url: 'Please enter a URL' } } } },
      ]);
    }
  });

  it('refuses loopback, metadata and file URLs on a server without SCRAPER_ALLOW_HOSTS, naming why', async () => {
    const refusals: [string, string][] = [
      [`${siteUrl}/list?page=1`, '127.0.0.1 is a loopback address, which the scraper does not fetch'],
      ['http://0x7f.1/', '127.0.0.1 is a loopback address, which the scraper does not fetch'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address, which the scraper does not fetch'],
      ['file:///etc/passwd', 'Only http and https addresses are fetched, not file:'],
    ];
    for (const [url, message] of refusals) {
      const res = await strict.request('POST', '/api/scrape', { body: { url }, headers: admin });
      expect([url, res.status, res.json]).toEqual([url, 400, { error: { code: 'url_refused', message } }]);
    }
    expect(requests).toEqual([]);
    expect((await strict.request('GET', '/api/scraping/status', { headers: admin })).json).toEqual({ isRunning: false, session: null });
  });

  it('crawls a loopback site SCRAPER_ALLOW_HOSTS names: robots.txt first, the disallowed path never, and answers at once', async () => {
    const res = await post('/api/scrape', { url: `${siteUrl}/list?page=1` });
    expect(res.status).toBe(202);
    const { session } = scrapeStartedSchema.parse(res.json);
    expect(session).toMatchObject({ kind: 'url', status: 'running', pagesPlanned: 1, progress: 0 });
    expect(await lastAudit()).toEqual({ action: 'scraping.start', rows: 1, detail: `session ${session.id}: crawl of ${new URL(siteUrl).host}` });

    await server.app.deps.scraper.idle();
    const status = scrapingStatusSchema.parse((await get('/api/scraping/status')).json);
    expect(status).toMatchObject({
      isRunning: false,
      session: {
        id: session.id,
        status: 'completed',
        totalScraped: 3,
        verified: 3,
        rejected: 0,
        directories: 1,
        progress: 100,
        pagesDone: 2,
        pagesFailed: 1,
        found: { suppliers: 3, products: 0 },
      },
    });
    expect(requests).toEqual(['/robots.txt', '/list?page=1', '/list?page=2']);

    const items = reviewItemListSchema.parse((await get(`/api/scraping/items?sessionId=${session.id}`)).json).items;
    expect(items.map((i) => [i.kind, i.name, i.email, i.phone, i.cityId, i.decision])).toEqual([
      ['supplier', 'Amanzi Fresh Hygiene', 'sales@amanzi-fresh.example', '+27 31 555 0111', 'durban', 'pending'],
      ['supplier', 'Ridge Cleaning Chemicals', 'orders@ridgechem.example', '+27 11 555 0112', 'johannesburg', 'pending'],
      ['supplier', 'Karee Janitorial', 'info@karee.example', '+27 12 555 0113', 'pretoria', 'pending'],
    ]);
    expect(items[0]!.sourceUrl).toBe(`${siteUrl}/list?page=1`);
  });

  it('runs one crawl at a time: a second start is 409 until the first is stopped', async () => {
    requests.length = 0;
    const first = scrapeStartedSchema.parse((await post('/api/scrape', { url: `${siteUrl}/slow` })).json).session;
    const running = { error: { code: 'crawl_running', message: `Session ${first.id} is still running: stop it or wait until it ends` } };
    for (const [path, body] of [
      ['/api/scrape', { url: `${siteUrl}/list?page=1` }],
      ['/api/scraping/simulate', undefined],
    ] as const) {
      const res = await post(path, body);
      expect([path, res.status, res.json]).toEqual([path, 409, running]);
    }
    expect((await get('/api/scraping/status')).json).toMatchObject({ isRunning: true, session: { id: first.id, status: 'running' } });

    const stopped = await post('/api/scraping/stop');
    expect([stopped.status, stopped.json.session.id, stopped.json.session.status]).toEqual([200, first.id, 'stopped']);
    expect(await lastAudit()).toEqual({ action: 'scraping.stop', rows: 1, detail: `session ${first.id}` });
    const again = await post('/api/scraping/stop');
    expect([again.status, again.json]).toEqual([409, { error: { code: 'not_running', message: 'No crawl is running' } }]);
  });
});

describe('the sample directory', () => {
  it('is served read-only by the product, kept out of search engines', async () => {
    const index = await server.request('GET', '/scraper-sample/index.html');
    expect([index.status, index.headers.get('content-type'), index.headers.get('x-robots-tag')]).toEqual([200, 'text/html; charset=utf-8', 'noindex']);
    expect(index.text).toContain('Mzansi Cleaning Trade Directory');
    expect((await server.request('GET', '/scraper-sample/')).text).toBe(index.text);
    expect((await server.request('GET', '/scraper-sample/page-2.html')).text).toContain('Page 2 of 3');
    expect((await server.request('GET', '/scraper-sample/secrets.html')).status).toBe(404);
    expect((await server.request('POST', '/scraper-sample/index.html', { body: {} })).status).toBe(405);
  });
});

describe('the demonstration, approvals and rejections', () => {
  let items: Map<string, ReviewItem>;
  const supplierRow = (email: string) =>
    db().selectFrom('suppliers').select(['id', 'name', 'verified', 'home_city_id', 'phone']).where('email', '=', email).executeTakeFirst();

  beforeAll(async () => {
    const res = await post('/api/scraping/simulate');
    expect(res.status).toBe(200);
    const { session, results } = simulateResultSchema.parse(res.json);
    expect(session).toMatchObject({
      kind: 'sample',
      status: 'completed',
      progress: 100,
      pagesDone: 3,
      pagesPlanned: 3,
      totalScraped: 11,
      verified: 9,
      awaitingReview: 9,
      approved: 0,
      rejected: 2,
    });
    expect(results).toEqual({ verified: 7, suppliers: 9, products: 2 });
    expect(await lastAudit()).toEqual({ action: 'scraping.simulate', rows: 1, detail: `session ${session.id}: the sample directory, completed` });
    const list = reviewItemListSchema.parse((await get(`/api/scraping/items?sessionId=${session.id}`)).json).items;
    items = new Map(list.map((i) => [i.name, i]));
  });

  const quoteFor = async (productName: string) => {
    const res = await server.request('POST', '/api/rfq', {
      body: validRfq({ productName, deliveryLocation: 'Johannesburg', quantity: 10, supplierCount: 10 }),
    });
    expect(res.status).toBe(201);
    return res.json.quotes as { supplier: { name: string }; unitPrice: number; pricingBasis: string }[];
  };

  it('approves a supplier into the market unverified, and quotes it once it has a price list', async () => {
    const sparkle = items.get('Sparkle Hygiene Supplies (Pty) Ltd')!;
    const res = await post(`/api/scraping/items/${sparkle.id}/approve`, {});
    expect([res.status, res.json.item.decision]).toEqual([200, 'approved']);
    const row = await supplierRow('sales@sparkle-hygiene.example');
    expect(row).toEqual({
      id: res.json.item.supplierId,
      name: 'Sparkle Hygiene Supplies (Pty) Ltd',
      verified: 0,
      home_city_id: 'johannesburg',
      phone: '+27 11 555 0142',
    });
    expect(await lastAudit()).toEqual({ action: 'scraping.approve', rows: 1, detail: `review item ${sparkle.id}: supplier ${row!.id} added` });
    // No price list yet: it serves no category, so no quote comes from it.
    expect(await db().selectFrom('supplier_categories').select('category_id').where('supplier_id', '=', row!.id).execute()).toEqual([]);
    expect((await quoteFor('Sparkle Hand Sanitizer Gel 500ml')).map((q) => q.supplier.name)).not.toContain('Sparkle Hygiene Supplies (Pty) Ltd');

    const gel = items.get('Sparkle Hand Sanitizer Gel 500ml')!;
    const unitless = await post(`/api/scraping/items/${gel.id}/approve`, {});
    expect([unitless.status, unitless.json.error.details]).toEqual([400, { fields: { unit: APPROVAL_MESSAGES.unitMissing } }]);
    const approved = await post(`/api/scraping/items/${gel.id}/approve`, { unit: 'bottles' });
    expect([approved.status, approved.json.item.decision, approved.json.item.supplierId]).toEqual([200, 'approved', row!.id]);
    expect(await db().selectFrom('supplier_categories').select('category_id').where('supplier_id', '=', row!.id).execute()).toEqual([
      { category_id: 'sanitizers' },
    ]);

    const quotes = await quoteFor('Sparkle Hand Sanitizer Gel 500ml');
    expect(quotes.map((q) => [q.supplier.name, q.unitPrice, q.pricingBasis])).toEqual([['Sparkle Hygiene Supplies (Pty) Ltd', 45.5, 'price-list']]);

    const twice = await post(`/api/scraping/items/${sparkle.id}/approve`, {});
    expect([twice.status, twice.json.error]).toEqual([409, { code: 'already_decided', message: `Review item ${sparkle.id} was already approved` }]);
  });

  it("asks for what the page left out: an e-mail address, one of Procura's cities", async () => {
    const bay = items.get('Bay Laundry Solutions')!;
    const noEmail = await post(`/api/scraping/items/${bay.id}/approve`, {});
    expect([noEmail.status, noEmail.json.error.details]).toEqual([400, { fields: { email: APPROVAL_MESSAGES.emailMissing } }]);
    const badEmail = await post(`/api/scraping/items/${bay.id}/approve`, { email: 'info(at)baylaundry.example' });
    expect([badEmail.status, badEmail.json.error.details]).toEqual([400, { fields: { email: 'Enter a valid e-mail address' } }]);
    const withEmail = await post(`/api/scraping/items/${bay.id}/approve`, { email: 'info@baylaundry.example' });
    expect(withEmail.status).toBe(200);
    expect(await supplierRow('info@baylaundry.example')).toMatchObject({ name: 'Bay Laundry Solutions', home_city_id: 'gqeberha' });

    const eastRand = items.get('East Rand Paper & Packaging')!;
    const springs = await post(`/api/scraping/items/${eastRand.id}/approve`, {});
    expect([springs.status, springs.json.error.details]).toEqual([400, { fields: { city: APPROVAL_MESSAGES.cityUnknown('Springs, Gauteng') } }]);
    const atlantis = await post(`/api/scraping/items/${eastRand.id}/approve`, { city: 'Atlantis' });
    expect([atlantis.status, atlantis.json.error.details]).toEqual([400, { fields: { city: 'Unknown city "Atlantis"' } }]);
    expect((await db().selectFrom('scrape_items').select('decision').where('id', '=', eastRand.id).executeTakeFirstOrThrow()).decision).toBe('pending');
    const nearest = await post(`/api/scraping/items/${eastRand.id}/approve`, { city: 'Johannesburg' });
    expect(nearest.status).toBe(200);
    expect(await supplierRow(eastRand.email!)).toMatchObject({ home_city_id: 'johannesburg', verified: 0 });
  });

  it('rejects an item once, and names an item that does not exist', async () => {
    const cape = items.get('Cape Clean Chemicals')!;
    const res = await post(`/api/scraping/items/${cape.id}/reject`);
    expect([res.status, res.json.item.decision]).toEqual([200, 'rejected']);
    expect(await lastAudit()).toEqual({ action: 'scraping.reject', rows: 1, detail: `review item ${cape.id}` });
    expect(await supplierRow(cape.email!)).toBeUndefined();
    const again = await post(`/api/scraping/items/${cape.id}/reject`);
    expect([again.status, again.json.error]).toEqual([409, { code: 'already_decided', message: `Review item ${cape.id} was already rejected` }]);
    const missing = await post('/api/scraping/items/999999/reject');
    expect([missing.status, missing.json.error]).toEqual([404, { code: 'not_found', message: 'No review item 999999' }]);
    const bad = await post('/api/scraping/items/abc/reject');
    expect([bad.status, bad.json.error.details]).toEqual([400, { fields: { id: 'id must be a whole number from 1' } }]);

    const pending = reviewItemListSchema.parse((await get('/api/scraping/items?decision=pending&kind=supplier')).json).items.map((i) => i.name);
    expect(pending).not.toContain('Cape Clean Chemicals');
    expect(pending).toContain('Durban Janitorial Wholesale CC');
    const status = scrapingStatusSchema.parse((await get('/api/scraping/status')).json);
    expect(status.session).toMatchObject({ kind: 'sample', verified: 8, rejected: 3 });
    const approved = reviewItemListSchema.parse((await get(`/api/scraping/items?sessionId=${status.session!.id}&decision=approved`)).json).items.length;
    expect(approved).toBeGreaterThan(0);
    expect(status.session).toMatchObject({ approved, awaitingReview: 8 - approved });
  });

  it('refuses a found product whose supplier no longer exists with a conflict, not a missing path', async () => {
    const path = approvalImportPath(server.database, 1, 1, { unit: 'litres', category: 'sanitizers' }, new Date(NOW));
    const product = {
      supplierId: 999_999,
      name: 'Hand gel 5 L',
      description: null,
      priceCents: 25_000,
      unit: 'litres',
      sku: null,
      categoryId: 'sanitizers',
      catalogueItemId: null,
      sourceUrl: `${siteUrl}/gel`,
    };
    const refused = await server.database.db
      .transaction()
      .execute((trx) => path.createProduct(trx, product))
      .then(
        () => null,
        (e: ApiError) => ({ status: e.status, code: e.code, message: e.message }),
      );
    expect(refused).toEqual({ status: 409, code: 'product_supplier_missing', message: APPROVAL_MESSAGES.supplierMissing });
  });
});

describe('the saved directory list', () => {
  it('keeps checked URLs, refuses others, and crawls the list', async () => {
    const none = await post('/api/scraping/start');
    expect([none.status, none.json.error]).toEqual([400, { code: 'no_directories', message: 'No directory URLs are saved: add one to crawl the list' }]);
    const refused = await strict.request('POST', '/api/scraping/directories', { body: { url: `${siteUrl}/list?page=2` }, headers: admin });
    expect([refused.status, refused.json.error]).toEqual([
      400,
      { code: 'url_refused', message: '127.0.0.1 is a loopback address, which the scraper does not fetch' },
    ]);
    const added = await post('/api/scraping/directories', { url: `${siteUrl}/list?page=2` });
    expect([added.status, added.json]).toEqual([200, { directories: [{ url: `${siteUrl}/list?page=2`, addedAt: new Date(NOW).toISOString() }] }]);
    expect(await lastAudit()).toEqual({ action: 'scraping.directories', rows: 1, detail: `added ${new URL(siteUrl).host}` });

    requests.length = 0;
    const started = await post('/api/scraping/start');
    expect([started.status, started.json.session.kind]).toEqual([202, 'directories']);
    await server.app.deps.scraper.idle();
    expect(requests).toEqual(['/robots.txt', '/list?page=2']);

    const removed = await server.request('DELETE', `/api/scraping/directories?url=${encodeURIComponent(`${siteUrl}/list?page=2`)}`, { headers: admin });
    expect([removed.status, removed.json]).toEqual([200, { directories: [] }]);
    const gone = await server.request('DELETE', `/api/scraping/directories?url=${encodeURIComponent(`${siteUrl}/list?page=2`)}`, { headers: admin });
    expect([gone.status, gone.json.error]).toEqual([404, { code: 'not_found', message: 'That directory is not in the list' }]);
  });
});

describe('a restart', () => {
  it('marks the crawl a stopping server was running interrupted, and one a vanished server left behind on start', async () => {
    const other = await startTestServer({ SCRAPER_ALLOW_HOSTS: '127.0.0.1' }, { database: server.database, clock: () => NOW });
    const cut = scrapeStartedSchema.parse((await other.request('POST', '/api/scrape', { body: { url: `${siteUrl}/slow` }, headers: admin })).json).session;
    await other.close();
    expect((await get('/api/scraping/status')).json.session).toMatchObject({
      id: cut.id,
      status: 'interrupted',
      error: 'The crawl was cut off when the server stopped',
    });

    // A server that died without stopping left its session running, its heartbeat two minutes old.
    const stale = new Date(NOW - 120_000).toISOString();
    const { id } = await db()
      .insertInto('scrape_sessions')
      .values({
        kind: 'url',
        status: 'running',
        running: 1,
        start_urls: '[]',
        owner: 'gone',
        heartbeat_at: stale,
        started_at: stale,
        finished_at: null,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restarted = await startTestServer({}, { database: server.database, clock: () => NOW });
    await restarted.close();
    expect(await db().selectFrom('scrape_sessions').select(['status', 'running', 'finished_at']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'interrupted',
      running: null,
      finished_at: new Date(NOW).toISOString(),
    });
  });
});
