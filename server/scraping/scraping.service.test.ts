import type { Transaction } from 'kysely';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MarketStore } from '../catalogue/market-store';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { FetchError, PoliteFetcher, type FetchedPage, type PageFetcher } from './fetcher';
import { SampleFetcher, readSamplePage } from './sample';
import * as repo from './scraping.repository';
import { addDirectory, listDirectories, removeDirectory } from './directories.service';
import { approveItem, listReviewItems, rejectItem, type ImportPath } from './review.service';
import { ScrapeRunner, type ScrapingDeps } from './scraping.service';

const PUBLIC_URL = 'http://procura.test';
const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);

/** A site in memory: pages by URL, and gates that hold a page until the test opens them. */
class FakeSite implements PageFetcher {
  readonly pages = new Map<string, string>();
  readonly requested: string[] = [];
  private readonly gates = new Map<string, { opened: Promise<void>; open: () => void }>();
  private readonly waiting = new Map<string, () => void>();

  constructor(private readonly onFetch: () => void = () => {}) {}

  hold(url: string) {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.gates.set(url, { opened, open });
  }

  release(url: string) {
    this.gates.get(url)?.open();
  }

  /** Resolves once the crawl asks for `url`. */
  requestedUrl(url: string): Promise<void> {
    if (this.requested.includes(url)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.set(url, resolve));
  }

  async checkTarget(url: string): Promise<URL> {
    return new URL(url);
  }

  async fetchPage(url: string, signal?: AbortSignal): Promise<FetchedPage> {
    this.requested.push(url);
    this.onFetch();
    this.waiting.get(url)?.();
    const gate = this.gates.get(url);
    if (signal?.aborted) throw new FetchError('stopped', 'The crawl was stopped');
    if (gate) {
      await new Promise<void>((resolve, reject) => {
        gate.opened.then(resolve);
        signal?.addEventListener('abort', () => reject(new FetchError('stopped', 'The crawl was stopped')), { once: true });
      });
    }
    const html = this.pages.get(url);
    if (html === undefined) throw new FetchError('http-status', `${url} answered 404`);
    return { requestedUrl: url, url, html };
  }
}

let database: TestDatabase;
let now: number;
const runners: ScrapeRunner[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  now = T0;
});

afterEach(async () => {
  for (const r of runners.splice(0)) await r.close();
  await database.drop();
});

function runner(fetcherFor: ScrapingDeps['fetcherFor'], overrides: Partial<ScrapingDeps> = {}): ScrapeRunner {
  const r = new ScrapeRunner({
    database,
    logger: pino({ level: 'silent' }),
    market: new MarketStore(database.db, 0),
    clock: () => now,
    fetcherFor,
    publicUrl: PUBLIC_URL,
    ...overrides,
  });
  runners.push(r);
  return r;
}

/** The sample directory, with the clock moving a second per page fetched. */
function sampleRunner(): ScrapeRunner {
  return runner(() => {
    const sample = new SampleFetcher(PUBLIC_URL);
    return {
      checkTarget: (url) => sample.checkTarget(url),
      fetchPage: async (url, signal) => {
        now += 1000;
        return sample.fetchPage(url, signal);
      },
    };
  });
}

async function apiError(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string; details?: unknown }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) };
    throw err;
  }
  throw new Error('expected an ApiError');
}

async function addSupplier(name: string, email: string): Promise<number> {
  const row = await database.db
    .insertInto('suppliers')
    .values({
      name,
      contact_person: 'Lindiwe Zulu',
      email,
      phone: '+27 11 555 0000',
      home_city_id: 'johannesburg',
      verified: 0,
      response_time_hours: 4,
      dispatch_days: 1,
      payment_terms: 'Net 30',
      validity_days: 14,
      price_list_date: '2026-11-01',
      created_at: new Date(T0).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Imports into the suppliers table as the admin import would, recording what it was handed. */
function recordingImport() {
  const suppliers: { name: string; email: string | null; cityId: string | null }[] = [];
  const products: { supplierId: number; name: string; priceCents: number }[] = [];
  const importPath: ImportPath = {
    async createSupplier(trx: Transaction<DB>, s) {
      suppliers.push({ name: s.name, email: s.email, cityId: s.cityId });
      const row = await trx
        .insertInto('suppliers')
        .values({
          name: s.name,
          contact_person: '',
          email: s.email ?? '',
          phone: s.phone ?? '',
          home_city_id: s.cityId ?? 'johannesburg',
          verified: 0,
          response_time_hours: 24,
          dispatch_days: 1,
          payment_terms: 'Net 30',
          validity_days: 14,
          price_list_date: '2026-11-24',
          created_at: new Date(T0).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
    async createProduct(_trx, p) {
      products.push({ supplierId: p.supplierId, name: p.name, priceCents: p.priceCents });
    },
  };
  return { importPath, suppliers, products };
}

describe('the sample directory crawl', () => {
  it('crawls the three listing pages and stores what it found, with real progress and counts', async () => {
    const r = sampleRunner();
    const started = await r.startSample();
    expect(started).toMatchObject({ kind: 'sample', startedAt: new Date(T0).toISOString() });
    await r.idle();

    const status = await r.status();
    expect(status).toEqual({
      isRunning: false,
      session: {
        id: started.id,
        kind: 'sample',
        status: 'completed',
        totalScraped: 11,
        verified: 9,
        awaitingReview: 9,
        approved: 0,
        rejected: 2,
        duration: 3000,
        directories: 1,
        progress: 100,
        found: { suppliers: 9, products: 2 },
        pagesDone: 3,
        pagesFailed: 0,
        pagesPlanned: 3,
        startedAt: new Date(T0).toISOString(),
        finishedAt: new Date(T0 + 3000).toISOString(),
        error: null,
      },
    });
    expect(await repo.pageUrls(database.db, started.id, 'done')).toEqual([
      `${PUBLIC_URL}/scraper-sample/index.html`,
      `${PUBLIC_URL}/scraper-sample/page-2.html`,
      `${PUBLIC_URL}/scraper-sample/page-3.html`,
    ]);

    const items = await listReviewItems(database.db, { sessionId: started.id });
    expect(items.map((i) => [i.kind, i.name, i.decision, i.sourceUrl.replace(`${PUBLIC_URL}/scraper-sample/`, '')])).toEqual([
      ['supplier', 'Sparkle Hygiene Supplies (Pty) Ltd', 'pending', 'index.html'],
      ['supplier', 'Cape Clean Chemicals', 'pending', 'index.html'],
      ['supplier', 'Durban Janitorial Wholesale CC', 'pending', 'index.html'],
      ['supplier', 'Tshwane Safety & PPE', 'pending', 'page-2.html'],
      ['supplier', 'SPARKLE HYGIENE SUPPLIES', 'rejected', 'page-2.html'],
      ['supplier', 'Bay Laundry Solutions', 'pending', 'page-2.html'],
      ['supplier', 'Green Leaf Eco Cleaning', 'pending', 'page-3.html'],
      ['supplier', 'East Rand Paper & Packaging', 'pending', 'page-3.html'],
      ['supplier', 'Mystery Cleaning Co', 'rejected', 'page-3.html'],
      ['product', 'Sparkle Hand Sanitizer Gel 500ml', 'pending', 'page-3.html'],
      ['product', 'Green Leaf Enzyme Floor Cleaner 5L', 'pending', 'page-3.html'],
    ]);
    const [sparkle, , , , again, bay, , eastRand, mystery, gel] = items;
    expect(sparkle).toMatchObject({
      email: 'sales@sparkle-hygiene.example',
      phone: '+27 11 555 0142',
      website: 'https://sparkle-hygiene.example/',
      cityId: 'johannesburg',
      categoryId: 'sanitizers',
      notes: [],
      failures: [],
      duplicateOf: null,
      decidedAt: null,
      foundAt: new Date(T0 + 1000).toISOString(),
    });
    expect(again).toMatchObject({
      duplicateOf: { reason: 'email', itemId: sparkle!.id, supplierId: null },
      failures: [`Same e-mail address as Sparkle Hygiene Supplies (Pty) Ltd, found earlier (review item #${sparkle!.id})`],
      decidedAt: new Date(T0 + 2000).toISOString(),
    });
    expect(bay).toMatchObject({ email: null, phone: '+27 41 555 0160', notes: ['"info(at)baylaundry.example" is not a valid e-mail address'] });
    expect(eastRand).toMatchObject({
      cityId: null,
      cityText: 'Springs, Gauteng',
      province: 'Gauteng',
      notes: ['"Springs, Gauteng" is not one of Procura\'s cities'],
    });
    expect(mystery).toMatchObject({ failures: ['No valid e-mail address or South African phone number'], duplicateOf: null });
    expect(gel).toMatchObject({
      priceCents: 4550,
      currency: 'ZAR',
      sellerName: 'Sparkle Hygiene Supplies (Pty) Ltd',
      catalogueItemId: 'hand-sanitizer-70',
      supplierId: null,
    });
  });

  it('marks everything found again in a second run as duplicates, not new finds', async () => {
    const r = sampleRunner();
    const first = await r.startSample();
    await r.idle();
    const second = await r.startSample();
    await r.idle();
    expect((await r.status()).session).toMatchObject({ id: second.id, totalScraped: 11, verified: 0, rejected: 11 });
    const firstItems = await listReviewItems(database.db, { sessionId: first.id });
    const secondItems = await listReviewItems(database.db, { sessionId: second.id });
    expect(secondItems[1]).toMatchObject({ name: 'Cape Clean Chemicals', duplicateOf: { reason: 'email', itemId: firstItems[1]!.id, supplierId: null } });
    expect(secondItems[9]).toMatchObject({
      duplicateOf: { reason: 'product', itemId: firstItems[9]!.id, supplierId: null },
      failures: [`Same product as Sparkle Hand Sanitizer Gel 500ml, found earlier (review item #${firstItems[9]!.id})`],
    });
  });

  it('marks duplicates of existing suppliers by e-mail, domain and name', async () => {
    const cape = await addSupplier('Kaapstad Chemicals', 'Orders@CapeClean.example');
    const tshwane = await addSupplier('Pretoria PPE', 'accounts@tshwane-ppe.example');
    const durban = await addSupplier('Durban Janitorial Wholesale', 'hello@dj-wholesale.example');
    const r = sampleRunner();
    const session = await r.startSample();
    await r.idle();
    const byName = new Map((await listReviewItems(database.db, { sessionId: session.id })).map((i) => [i.name, i]));
    expect(byName.get('Cape Clean Chemicals')).toMatchObject({
      decision: 'rejected',
      duplicateOf: { reason: 'email', itemId: null, supplierId: cape },
      failures: [`Same e-mail address as the supplier Kaapstad Chemicals (#${cape})`],
    });
    expect(byName.get('Tshwane Safety & PPE')).toMatchObject({ duplicateOf: { reason: 'domain', itemId: null, supplierId: tshwane } });
    expect(byName.get('Durban Janitorial Wholesale CC')).toMatchObject({ duplicateOf: { reason: 'name', itemId: null, supplierId: durban } });
    expect((await r.status()).session).toMatchObject({ verified: 6, rejected: 5 });
  });
});

describe('one crawl at a time', () => {
  it('refuses a second crawl while one runs, in this process or another, and starts again once it ends', async () => {
    const site = new FakeSite();
    site.pages.set('https://dir.example.co.za/', '<p>empty</p>');
    site.hold('https://dir.example.co.za/');
    const here = runner(() => site);
    const other = runner(() => site);
    const first = await here.startUrl('https://dir.example.co.za/');
    await site.requestedUrl('https://dir.example.co.za/');
    const refused = { status: 409, code: 'crawl_running', message: `Session ${first.id} is still running: stop it or wait until it ends` };
    expect(await apiError(here.startUrl('https://other.example.co.za/'))).toEqual(refused);
    expect(await apiError(other.startSample())).toEqual(refused);
    expect((await other.status()).isRunning).toBe(true);

    site.release('https://dir.example.co.za/');
    await here.idle();
    expect((await other.status()).session).toMatchObject({ id: first.id, status: 'completed' });
    const next = await other.startUrl('https://dir.example.co.za/');
    await other.idle();
    expect(next.id).toBeGreaterThan(first.id);
    expect((await here.status()).session).toMatchObject({ id: next.id, status: 'completed' });
  });

  it('the database itself holds at most one running session', async () => {
    await repo.insertRunningSession(database.db, { kind: 'url', startUrls: [], owner: 'a', now: new Date(T0).toISOString() });
    await expect(repo.insertRunningSession(database.db, { kind: 'url', startUrls: [], owner: 'b', now: new Date(T0).toISOString() })).rejects.toThrow();
  });

  it('stops a running crawl, here or from another process, before its next page', async () => {
    const site = new FakeSite();
    site.pages.set('https://dir.example.co.za/1', '<a rel="next" href="/2">next</a>');
    site.pages.set('https://dir.example.co.za/2', '<a rel="next" href="/3">next</a>');
    site.hold('https://dir.example.co.za/2');
    const here = runner(() => site);
    const session = await here.startUrl('https://dir.example.co.za/1');
    await site.requestedUrl('https://dir.example.co.za/2');
    expect((await here.status()).session).toMatchObject({ status: 'running', pagesDone: 1, pagesPlanned: 2, progress: 50 });

    const other = runner(() => site);
    expect(await other.stop()).toMatchObject({ id: session.id, status: 'running' });
    site.release('https://dir.example.co.za/2');
    await here.idle();
    expect(await here.status()).toMatchObject({ isRunning: false, session: { status: 'stopped', pagesDone: 2, pagesPlanned: 3, progress: 67 } });
    expect(site.requested).not.toContain('https://dir.example.co.za/3');

    site.requested.length = 0;
    site.hold('https://dir.example.co.za/1');
    const again = await here.startUrl('https://dir.example.co.za/1');
    await site.requestedUrl('https://dir.example.co.za/1');
    expect(await here.stop()).toMatchObject({ id: again.id, status: 'stopped' });
    expect(await apiError(here.stop())).toEqual({ status: 409, code: 'not_running', message: 'No crawl is running' });
  });

  it('marks a session whose server went away as interrupted', async () => {
    const site = new FakeSite();
    site.pages.set('https://dir.example.co.za/', '<p>x</p>');
    site.hold('https://dir.example.co.za/');
    const gone = runner(() => site, { leaseMs: 60_000 });
    const session = await gone.startUrl('https://dir.example.co.za/');
    await site.requestedUrl('https://dir.example.co.za/');

    const restarted = runner(() => site, { leaseMs: 60_000 });
    now = T0 + 30_000;
    expect((await restarted.status()).isRunning).toBe(true);
    now = T0 + 61_000;
    expect(await restarted.status()).toMatchObject({
      isRunning: false,
      session: {
        id: session.id,
        status: 'interrupted',
        error: 'The crawl was cut off when the server stopped',
        finishedAt: new Date(T0 + 61_000).toISOString(),
      },
    });
    // The old runner, should it wake, does not take the session back.
    site.release('https://dir.example.co.za/');
    await gone.idle();
    expect((await restarted.status()).session).toMatchObject({ status: 'interrupted' });
  });

  it('marks the crawl interrupted when this server shuts down', async () => {
    const site = new FakeSite();
    site.hold('https://dir.example.co.za/');
    const r = runner(() => site);
    await r.startUrl('https://dir.example.co.za/');
    await site.requestedUrl('https://dir.example.co.za/');
    await r.close();
    expect((await runner(() => site).status()).session).toMatchObject({ status: 'interrupted' });
    expect(await apiError(r.startSample())).toEqual({ status: 503, code: 'shutting_down', message: 'The server is shutting down' });
  });
});

describe('pages and caps', () => {
  it('records pages that fail with the reason, and goes on with the rest', async () => {
    const site = new FakeSite();
    site.pages.set('https://dir.example.co.za/1', '<a href="?page=2">2</a><a href="?page=3">3</a>');
    site.pages.set('https://dir.example.co.za/1?page=3', '<p>last</p>');
    const r = runner(() => site);
    const session = await r.startUrl('https://dir.example.co.za/1');
    await r.idle();
    expect((await r.status()).session).toMatchObject({ status: 'completed', pagesDone: 2, pagesFailed: 1, pagesPlanned: 3, progress: 100 });
    const failed = await database.db
      .selectFrom('scrape_pages')
      .select(['url', 'error'])
      .where('session_id', '=', session.id)
      .where('status', '=', 'failed')
      .execute();
    expect(failed).toEqual([{ url: 'https://dir.example.co.za/1?page=2', error: 'https://dir.example.co.za/1?page=2 answered 404' }]);
  });

  it('plans at most 50 pages in a session', async () => {
    const site = new FakeSite();
    for (let n = 1; n <= 60; n++) site.pages.set(`https://dir.example.co.za/list?page=${n}`, `<a rel="next" href="/list?page=${n + 1}">next</a>`);
    const r = runner(() => site);
    await r.startUrl('https://dir.example.co.za/list?page=1');
    await r.idle();
    expect((await r.status()).session).toMatchObject({ status: 'completed', pagesDone: 50, pagesPlanned: 50 });
    expect(site.requested).toHaveLength(50);
  });

  it('refuses an empty URL and names why a URL is refused', async () => {
    const r = runner(() => new PoliteFetcher({ userAgent: 'ProcuraBot/1.0 (+http://procura.test/bot)', allowHosts: [] }));
    expect(await apiError(r.startUrl('  '))).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'Request validation failed',
      details: { fields: { url: 'Please enter a URL' } },
    });
    expect(await apiError(r.startUrl('http://169.254.169.254/latest/meta-data/'))).toEqual({
      status: 400,
      code: 'url_refused',
      message: '169.254.169.254 is a cloud metadata address, which the scraper does not fetch',
    });
    expect(await apiError(r.startUrl('file:///etc/passwd'))).toEqual({
      status: 400,
      code: 'url_refused',
      message: 'Only http and https addresses are fetched, not file:',
    });
    expect((await r.status()).session).toBeNull();
  });
});

describe('review decisions', () => {
  async function sampleItems() {
    const r = sampleRunner();
    const session = await r.startSample();
    await r.idle();
    return new Map((await listReviewItems(database.db, { sessionId: session.id })).map((i) => [i.name, i]));
  }

  it('rejects a pending item once', async () => {
    const items = await sampleItems();
    const cape = items.get('Cape Clean Chemicals')!;
    const rejected = await rejectItem(database.db, cape.id, 'staff:7', new Date(T0 + 60_000));
    expect(rejected).toMatchObject({ id: cape.id, decision: 'rejected', decidedAt: new Date(T0 + 60_000).toISOString() });
    expect((await database.db.selectFrom('scrape_items').select('decided_by').where('id', '=', cape.id).executeTakeFirstOrThrow()).decided_by).toBe('staff:7');
    expect(await apiError(rejectItem(database.db, cape.id, 'staff:7', new Date()))).toEqual({
      status: 409,
      code: 'already_decided',
      message: `Review item ${cape.id} was already rejected`,
    });
    expect(await apiError(rejectItem(database.db, 999_999, 'staff:7', new Date()))).toEqual({
      status: 404,
      code: 'not_found',
      message: 'No review item 999999',
    });
    expect((await listReviewItems(database.db, { decision: 'pending', kind: 'supplier' })).map((i) => i.name)).not.toContain('Cape Clean Chemicals');
    expect((await sampleRunner().status()).session).toMatchObject({ verified: 8, rejected: 3 });
  });

  it('approves a supplier through the import path, then its product under it', async () => {
    const items = await sampleItems();
    const { importPath, suppliers, products } = recordingImport();
    const gel = items.get('Sparkle Hand Sanitizer Gel 500ml')!;
    expect(await apiError(approveItem(database.db, gel.id, importPath, 'staff:7', new Date(T0)))).toEqual({
      status: 409,
      code: 'supplier_not_approved',
      message: 'Approve the supplier of Sparkle Hand Sanitizer Gel 500ml first',
    });

    const sparkle = await approveItem(database.db, items.get('Sparkle Hygiene Supplies (Pty) Ltd')!.id, importPath, 'staff:7', new Date(T0));
    expect(suppliers).toEqual([{ name: 'Sparkle Hygiene Supplies (Pty) Ltd', email: 'sales@sparkle-hygiene.example', cityId: 'johannesburg' }]);
    const created = await database.db
      .selectFrom('suppliers')
      .select(['id', 'name'])
      .where('email', '=', 'sales@sparkle-hygiene.example')
      .executeTakeFirstOrThrow();
    expect(sparkle).toMatchObject({ decision: 'approved', supplierId: created.id });

    expect(await approveItem(database.db, gel.id, importPath, 'staff:7', new Date(T0))).toMatchObject({ decision: 'approved', supplierId: created.id });
    expect(products).toEqual([{ supplierId: created.id, name: 'Sparkle Hand Sanitizer Gel 500ml', priceCents: 4550 }]);
    expect(await apiError(approveItem(database.db, gel.id, importPath, 'staff:7', new Date(T0)))).toMatchObject({ status: 409, code: 'already_decided' });
    expect(await apiError(approveItem(database.db, items.get('Mystery Cleaning Co')!.id, importPath, 'staff:7', new Date(T0)))).toMatchObject({
      status: 409,
      message: `Review item ${items.get('Mystery Cleaning Co')!.id} was already rejected`,
    });
  });

  it('leaves the item pending when the import fails', async () => {
    const items = await sampleItems();
    const failing: ImportPath = {
      createSupplier: async () => {
        throw new ApiError(400, 'validation_error', 'Request validation failed');
      },
      createProduct: async () => {},
    };
    const cape = items.get('Cape Clean Chemicals')!;
    expect(await apiError(approveItem(database.db, cape.id, failing, 'staff:7', new Date(T0)))).toMatchObject({ status: 400 });
    expect((await repo.getItem(database.db, cape.id))!.decision).toBe('pending');
  });

  it('crawls the websites of approved suppliers for their products', async () => {
    const items = await sampleItems();
    const { importPath } = recordingImport();
    const site = new FakeSite();
    const r = runner(() => site);
    expect(await apiError(r.startProducts())).toEqual({
      status: 400,
      code: 'no_supplier_sites',
      message: 'No approved supplier has a website to crawl for products',
    });

    const sparkle = await approveItem(database.db, items.get('Sparkle Hygiene Supplies (Pty) Ltd')!.id, importPath, 'staff:7', new Date(T0));
    site.pages.set('https://sparkle-hygiene.example/', '<a href="/about">About us</a> <a href="/products">Our price list</a>');
    site.pages.set('https://sparkle-hygiene.example/products', readSamplePage('products.html')!.body);
    const session = await r.startProducts();
    await r.idle();
    expect(site.requested).toEqual(['https://sparkle-hygiene.example/', 'https://sparkle-hygiene.example/products']);
    expect((await r.status()).session).toMatchObject({
      id: session.id,
      kind: 'products',
      status: 'completed',
      verified: 2,
      rejected: 1,
      directories: 1,
      found: { suppliers: 0, products: 3 },
    });
    const found = await listReviewItems(database.db, { sessionId: session.id });
    expect(found.map((i) => [i.name, i.priceCents, i.supplierId, i.decision])).toEqual([
      ['Liquid Hand Soap 5L', 12995, sparkle.supplierId, 'pending'],
      ['Wall-Mounted Soap Dispenser', 125000, sparkle.supplierId, 'pending'],
      ['Imported Foam Soap Refill', 1200, sparkle.supplierId, 'rejected'],
    ]);
  });
});

describe('the saved directory list', () => {
  it('keeps checked URLs and crawls them', async () => {
    const site = new FakeSite();
    site.pages.set('https://a.example.co.za/', '<p>a</p>');
    site.pages.set('https://b.example.co.za/list', '<p>b</p>');
    const r = runner(() => site);
    expect(await apiError(r.startDirectories())).toEqual({
      status: 400,
      code: 'no_directories',
      message: 'No directory URLs are saved: add one to crawl the list',
    });
    const polite = new PoliteFetcher({ userAgent: 'ProcuraBot/1.0', allowHosts: [], resolve: async () => [{ address: '196.25.1.1', family: 4 }] });
    await addDirectory(database.db, polite, 'https://a.example.co.za', new Date(T0));
    await addDirectory(database.db, polite, 'https://b.example.co.za/list#top', new Date(T0 + 1));
    await addDirectory(database.db, polite, 'https://a.example.co.za/', new Date(T0 + 2));
    expect(await apiError(addDirectory(database.db, polite, 'http://10.0.0.8/', new Date(T0)))).toEqual({
      status: 400,
      code: 'url_refused',
      message: '10.0.0.8 is a private address, which the scraper does not fetch',
    });
    expect(await listDirectories(database.db)).toEqual([
      { url: 'https://a.example.co.za/', addedAt: new Date(T0).toISOString() },
      { url: 'https://b.example.co.za/list', addedAt: new Date(T0 + 1).toISOString() },
    ]);
    await r.startDirectories();
    await r.idle();
    expect(site.requested).toEqual(['https://a.example.co.za/', 'https://b.example.co.za/list']);
    expect((await r.status()).session).toMatchObject({ kind: 'directories', directories: 2, pagesDone: 2 });
    expect(await removeDirectory(database.db, 'https://a.example.co.za/')).toEqual([
      { url: 'https://b.example.co.za/list', addedAt: new Date(T0 + 1).toISOString() },
    ]);
    expect(await apiError(removeDirectory(database.db, 'https://a.example.co.za/'))).toEqual({
      status: 404,
      code: 'not_found',
      message: 'That directory is not in the list',
    });
  });
});
