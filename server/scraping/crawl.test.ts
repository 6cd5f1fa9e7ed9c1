import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MarketStore } from '../catalogue/market-store';
import { loadConfig } from '../config';
import { ApiError } from '../errors';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { streamFiller } from '../test/filler';
import { PoliteFetcher, scraperUserAgent } from './fetcher';
import * as repo from './scraping.repository';
import { createScrapeRunner, ScrapeRunner } from './scraping.service';
import { listReviewItems } from './review.service';

/**
 * A whole crawl over the network: a directory site on loopback (allowed as SCRAPER_ALLOW_HOSTS
 * would allow it) with a robots.txt, JSON-LD and microdata listing pages, a product, a redirect
 * to a private address, a 5 MB page and a page that never answers.
 */
const T0 = Date.UTC(2026, 10, 24, 10, 0, 0);
const UA = scraperUserAgent('http://procura.test');

const listing = (n: number, body: string) => `<!doctype html><title>Suppliers page ${n}</title>${body}
<nav><a href="/suppliers?page=1">1</a> <a href="/suppliers?page=2">2</a> <a href="/suppliers?page=3">3</a> <a href="/suppliers?page=4">4</a> <a href="/suppliers?page=5">5</a></nav>`;

const PAGE_1 = listing(
  1,
  `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
    {"@type":"LocalBusiness","name":"Amanzi Fresh Hygiene","email":"sales@amanzi-fresh.example","telephone":"031 555 0111","address":{"@type":"PostalAddress","addressLocality":"Durban"}},
    {"@type":"HardwareStore","name":"Ridge Cleaning Chemicals","email":"orders@ridgechem.example","telephone":"+27 11 555 0112","address":{"@type":"PostalAddress","addressLocality":"Johannesburg"},"description":"Industrial degreaser and solvent"}
  ]}</script>
  <a href="/private/members">Next page</a>`,
);

const PAGE_2 = listing(
  2,
  `<div itemscope itemtype="https://schema.org/LocalBusiness">
    <span itemprop="name">Karee Janitorial</span>
    <span itemprop="telephone">012 555 0113</span>
    <span itemprop="address" itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="addressLocality">Pretoria</span></span>
    <a itemprop="email" href="mailto:info@karee.example">info@karee.example</a>
  </div>
  <div itemscope itemtype="https://schema.org/Product">
    <span itemprop="name">Bleach 5L</span>
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">89.90</span><meta itemprop="priceCurrency" content="ZAR"></div>
  </div>`,
);

let server: Server;
let origin: string;
const requests: string[] = [];
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url!);
    const url = new URL(req.url!, 'http://x');
    const page = url.searchParams.get('page');
    if (url.pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\nCrawl-delay: 2\n');
    } else if (url.pathname === '/suppliers' && page === '1') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE_1);
    } else if (url.pathname === '/suppliers' && page === '2') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE_2);
    } else if (url.pathname === '/suppliers' && page === '3') {
      res.writeHead(302, { location: 'http://10.0.0.7/suppliers?page=3' }).end();
    } else if (url.pathname === '/suppliers' && page === '4') {
      res.writeHead(200, { 'content-type': 'text/html' });
      streamFiller(res, 5 * 1024 * 1024, 256 * 1024);
    } else if (url.pathname === '/suppliers' && page === '5') {
      held.push(res);
    } else {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let database: TestDatabase;
let runner: ScrapeRunner | undefined;

beforeEach(async () => {
  database = await createTestDatabase();
  requests.length = 0;
});

afterEach(async () => {
  await runner?.close();
  runner = undefined;
  await database.drop();
});

describe('a crawl of a directory site', () => {
  it('finds exactly the listed suppliers, obeys robots.txt and its delay, and refuses what it must', async () => {
    let now = T0;
    const waits: number[] = [];
    runner = new ScrapeRunner({
      database,
      logger: pino({ level: 'silent' }),
      market: new MarketStore(database.db, 0),
      clock: () => now,
      publicUrl: 'http://procura.test',
      fetcherFor: () =>
        new PoliteFetcher({
          userAgent: UA,
          allowHosts: ['127.0.0.1'],
          clock: () => now,
          sleep: async (ms) => {
            waits.push(ms);
            now += ms;
          },
          timeoutMs: 300,
        }),
    });
    const session = await runner.startUrl(`${origin}/suppliers?page=1`);
    await runner.idle();

    const items = await listReviewItems(database.db, { sessionId: session.id });
    expect(items.map((i) => [i.kind, i.name, i.decision])).toEqual([
      ['supplier', 'Amanzi Fresh Hygiene', 'pending'],
      ['supplier', 'Ridge Cleaning Chemicals', 'pending'],
      ['supplier', 'Karee Janitorial', 'pending'],
      ['product', 'Bleach 5L', 'pending'],
    ]);
    expect(items.map((i) => [i.email, i.phone, i.cityId])).toEqual([
      ['sales@amanzi-fresh.example', '+27 31 555 0111', 'durban'],
      ['orders@ridgechem.example', '+27 11 555 0112', 'johannesburg'],
      ['info@karee.example', '+27 12 555 0113', 'pretoria'],
      [null, null, null],
    ]);

    // robots.txt first and once; the disallowed path and the private address never asked for.
    expect(requests).toEqual(['/robots.txt', '/suppliers?page=1', '/suppliers?page=2', '/suppliers?page=3', '/suppliers?page=4', '/suppliers?page=5']);
    expect(waits).toEqual([2000, 2000, 2000, 2000, 2000]);

    const pages = await database.db.selectFrom('scrape_pages').select(['url', 'status', 'error']).where('session_id', '=', session.id).orderBy('id').execute();
    expect(pages).toEqual([
      { url: `${origin}/suppliers?page=1`, status: 'done', error: null },
      { url: `${origin}/private/members`, status: 'failed', error: `robots.txt of 127.0.0.1:${origin.split(':')[2]} does not allow /private/members` },
      { url: `${origin}/suppliers?page=2`, status: 'done', error: null },
      { url: `${origin}/suppliers?page=3`, status: 'failed', error: '10.0.0.7 is a private address, which the scraper does not fetch' },
      { url: `${origin}/suppliers?page=4`, status: 'failed', error: `${origin}/suppliers?page=4 is larger than 2 MB` },
      { url: `${origin}/suppliers?page=5`, status: 'failed', error: `${origin}/suppliers?page=5 did not answer within 0.3 seconds` },
    ]);
    expect((await runner.status()).session).toMatchObject({
      status: 'completed',
      totalScraped: 4,
      verified: 4,
      rejected: 0,
      directories: 1,
      progress: 100,
      pagesDone: 2,
      pagesFailed: 4,
      pagesPlanned: 6,
    });
    expect(await repo.pageUrls(database.db, session.id, 'pending')).toEqual([]);
  });
});

describe('the server runner', () => {
  const config = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://procura.test', ...env });

  it('refuses loopback unless SCRAPER_ALLOW_HOSTS names it', async () => {
    const deps = { database, logger: pino({ level: 'silent' }), market: new MarketStore(database.db, 0), clock: () => T0 };
    runner = createScrapeRunner({ ...deps, config: config() });
    await expect(runner.startUrl(`${origin}/suppliers?page=1`)).rejects.toEqual(
      new ApiError(400, 'url_refused', '127.0.0.1 is a loopback address, which the scraper does not fetch'),
    );
    await runner.close();
    runner = createScrapeRunner({ ...deps, config: config({ SCRAPER_ALLOW_HOSTS: '127.0.0.1' }) });
    const session = await runner.startUrl(`${origin}/suppliers?page=1`);
    await runner.stop();
    expect((await runner.sessionById(session.id))?.status).toBe('stopped');
  });

  it('runs the demonstration on the sample directory in process', async () => {
    runner = createScrapeRunner({ database, logger: pino({ level: 'silent' }), market: new MarketStore(database.db, 0), clock: () => T0, config: config() });
    await runner.startSample();
    await runner.idle();
    expect((await runner.status()).session).toMatchObject({ kind: 'sample', status: 'completed', verified: 9, rejected: 2, pagesDone: 3 });
    expect(requests).toEqual([]);
  });
});
