import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFiguresSchema } from '../../sdk/schemas/site';
import { COMPANY } from '../../contract/content';
import { CATEGORIES, SECTORS } from '../db/seed/data';
import { pdfText } from '../test/pdf-text';
import { quoteIdOf } from '../lib/ids';
import { signInStaff } from '../test/staff';
import { goodStandingIds } from '../test/suppliers';
import { startTestServer, validRfq, type TestServer } from '../test/harness';

// A fixed instant mid-month, moved on by the tests that need time to pass.
let now = Date.parse('2026-11-18T09:30:00.000Z');
const clock = () => now;

// A built portal of four routes: the sitemap lists the public pages among them.
const staticDir = mkdtempSync(join(tmpdir(), 'procura-site-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><title>Procura</title></head><body><div id="root"></div></body></html>');
writeFileSync(join(staticDir, 'routes.json'), JSON.stringify(['/', '/about', '/privacy', '/quote/:token', '/admin']));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '1000', STATIC_DIR: staticDir }, { clock });
});
afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** Suppliers in good standing, read straight from the tables. */
async function activeSuppliers() {
  const good = await goodStandingIds(server);
  return (await server.database.db.selectFrom('suppliers').selectAll().execute()).filter((s) => good.has(s.id));
}

describe('GET /api/site/figures', () => {
  it('counts suppliers, cities and categories from the database', async () => {
    const res = await server.request('GET', '/api/site/figures');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const figures = siteFiguresSchema.parse(res.json);
    const active = await activeSuppliers();
    const all = await server.database.db.selectFrom('suppliers').select('id').execute();
    expect(active.length).toBeLessThan(all.length); // the seed has suppliers in poor standing, who do not count
    expect(figures.counts.suppliers).toBe(active.length);
    expect(figures.counts.verifiedSuppliers).toBe(active.filter((s) => Number(s.verified) === 1).length);
    expect(figures.asOf).toBe('2026-11-18T09:30:00.000Z');

    const joburg = figures.cities.find((c) => c.id === 'johannesburg')!;
    expect(joburg.suppliersBased).toBe(active.filter((s) => s.home_city_id === 'johannesburg').length);
    expect(joburg.coverage).toBe('verified');
    expect(joburg.suppliersVerified).toBe(active.filter((s) => s.home_city_id === 'johannesburg' && Number(s.verified) === 1).length);
    expect(joburg.suppliersVerified).toBeLessThan(joburg.suppliersBased);
    const upington = figures.cities.find((c) => c.id === 'upington')!;
    expect(upington.suppliersBased).toBe(0);
    expect(figures.counts.citiesCovered).toBe(figures.cities.filter((c) => c.suppliersDelivering > 0).length);
    expect(figures.cities).toHaveLength(25);
  });

  it('gives each category its active suppliers and their average response time', async () => {
    const figures = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    const active = new Map((await activeSuppliers()).map((s) => [s.id, s]));
    const links = await server.database.db
      .selectFrom('supplier_categories')
      .select(['supplier_id', 'category_id'])
      .where('category_id', '=', 'sanitizers')
      .execute();
    const serving = links.map((l) => active.get(l.supplier_id)).filter((s) => s !== undefined);
    const sanitizers = figures.categories.find((c) => c.id === 'sanitizers')!;
    expect(sanitizers).toEqual({
      id: 'sanitizers',
      name: 'Sanitizers',
      sectorId: 'cleaning',
      activeSuppliers: serving.length,
      averageResponseHours: Math.round((serving.reduce((n, s) => n + s.response_time_hours!, 0) / serving.length) * 10) / 10,
    });
    expect(figures.categories.map((c) => c.id)).toEqual(CATEGORIES.map((c) => c.id));
    expect(figures.counts.categories).toBe(figures.categories.filter((c) => c.activeSuppliers > 0).length);
  });

  it('lists the ten sectors, with no suppliers where no category has any', async () => {
    const figures = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    expect(figures.sectors.map((s) => s.name)).toEqual(SECTORS.map((s) => s.name));
    expect(figures.sectors.find((s) => s.id === 'construction')).toEqual({ id: 'construction', name: 'Construction', categories: 0, activeSuppliers: 0 });
    expect(figures.counts.sectors).toBe(figures.sectors.filter((s) => s.activeSuppliers > 0).length);
  });

  it('says an http address is not served over HTTPS, and checks no TLS', async () => {
    const figures = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    expect(figures.verification).toEqual({ domain: 'procura.test', https: false, hsts: false, tls: null });
  });

  it("counts this month's requests and quotes, at most a minute late", async () => {
    const before = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json).counts;
    const sent = await server.request('POST', '/api/rfq', { body: validRfq() });
    expect(sent.status).toBe(201);
    const quotes = sent.json.quotes.length as number;
    expect(quotes).toBeGreaterThan(0);

    now += 59_000;
    const late = await server.request('GET', '/api/site/figures');
    expect(siteFiguresSchema.parse(late.json).counts).toEqual(before);
    // A cache may keep the answer only for what is left of its minute.
    expect(late.headers.get('cache-control')).toBe('public, max-age=1');
    now += 1_000;
    const after = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    expect(after.asOf).toBe('2026-11-18T09:31:00.000Z');
    expect(after.counts).toEqual({
      ...before,
      quotesThisMonth: before.quotesThisMonth + quotes,
      quotesLast12Months: before.quotesLast12Months + quotes,
      productsQuotedLast12Months: before.productsQuotedLast12Months + 1,
      requestsThisMonth: before.requestsThisMonth + 1,
      marketDataRequests: before.marketDataRequests + 1,
    });

    // A basket counts once as a request, and each line a supplier priced as a product quoted.
    const { productName: _p, productDescription: _d, quantity: _q, ...shared } = validRfq();
    const lines = [
      { productName: 'Household Bleach', quantity: 40 },
      { productName: 'Refuse Bags', quantity: 20 },
      { productName: 'Hand Sanitizer 70% Alcohol', quantity: 10 },
    ];
    const basket = await server.request('POST', '/api/rfq', { body: { ...shared, lines, deliveryLocation: 'Johannesburg' } });
    expect(basket.status).toBe(201);
    const priced = new Set((basket.json.quotes as { lines: { lineId: string }[] }[]).flatMap((q) => q.lines.map((l) => l.lineId))).size;
    expect(priced).toBeGreaterThan(1);
    now += 60_000;
    const withBasket = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json).counts;
    expect(withBasket.requestsThisMonth).toBe(after.counts.requestsThisMonth + 1);
    expect(withBasket.productsQuotedLast12Months).toBe(after.counts.productsQuotedLast12Months + priced);

    // A quote its supplier made firm counts among the firm quotes, and still once among the quotes.
    const quoteId = quoteIdOf(sent.json.quotes[0].id);
    await server.database.db
      .updateTable('quotes')
      .set({ firmed_at: new Date(now).toISOString() })
      .where('id', '=', quoteId)
      .execute();
    now += 60_000;
    const firmed = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json).counts;
    expect([firmed.firmQuotesLast12Months, firmed.quotesLast12Months]).toEqual([withBasket.firmQuotesLast12Months + 1, withBasket.quotesLast12Months]);

    // Next month the month's counts start again; the market data keeps every request.
    now = Date.parse('2026-12-01T00:00:00.000Z');
    const december = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json).counts;
    expect(december.quotesThisMonth).toBe(0);
    expect(december.requestsThisMonth).toBe(0);
    expect(december.marketDataRequests).toBe(withBasket.marketDataRequests);
    // The last 12 months run on over the month's end, and end a year on.
    expect(december.quotesLast12Months).toBe(withBasket.quotesLast12Months);
    // A year on from these requests and from the seed's history, which ends days before the seed.
    now = Math.max(Date.parse('2027-11-18T09:33:00.000Z'), Date.now() + 366 * 86_400_000);
    const yearOn = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json).counts;
    expect([yearOn.quotesLast12Months, yearOn.productsQuotedLast12Months]).toEqual([0, 0]);
    now = Date.parse('2026-11-18T09:40:00.000Z');
  });
});

describe('downloads', () => {
  it('/downloads/pricing-guide is a PDF of every served category, dated today', async () => {
    const res = await fetch(`${server.url}/downloads/pricing-guide`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="procura-pricing-guide-2026-11-18.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Procura pricing guide');
    expect(text).toContain('Generated on 18 November 2026 from the current market.');
    expect(text).toContain('dated 1 August 2026 to 1 November 2026');
    const figures = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    for (const category of figures.categories.filter((c) => c.activeSuppliers > 0)) {
      expect(text).toContain(category.name);
    }
    expect(text).toContain('Hand Sanitizer 70% Alcohol');
  });

  it('/downloads/compliance-certificate is the certificate as a PDF, issued today', async () => {
    const res = await fetch(`${server.url}/downloads/compliance-certificate`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="procura-compliance-certificate-PRC-2026-1118.pdf"');
    // Lines wrap where the page ends them.
    const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
    const { counts } = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    expect(counts.requestsThisMonth).toBeGreaterThan(0);
    for (const expected of [
      'Compliance Certificate',
      'PRC-2026-1118',
      '18 November 2026',
      COMPANY.registrationNumber,
      'POPIA (South Africa)',
      'GDPR (European Union)',
      'CCPA (California)',
      'procura.test',
      'Not checked: the public address is not HTTPS',
      `${counts.requestsThisMonth} quote request${counts.requestsThisMonth === 1 ? '' : 's'} served this month (since 1 November 2026), counted from the database`,
      'Not measured: site usage analytics run only for visitors who consent, so they give no full count',
      'Sanitizers',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('keeps the certificate id all day, through recounts, and issues a new one the next day', async () => {
    const at = now;
    const disposition = async () => (await fetch(`${server.url}/downloads/compliance-certificate`)).headers.get('content-disposition');
    try {
      expect(await disposition()).toBe('attachment; filename="procura-compliance-certificate-PRC-2026-1118.pdf"');
      now += 61_000;
      expect(await disposition()).toBe('attachment; filename="procura-compliance-certificate-PRC-2026-1118.pdf"');
      now = Date.parse('2026-11-18T23:59:30.000Z');
      expect(await disposition()).toBe('attachment; filename="procura-compliance-certificate-PRC-2026-1118.pdf"');
      now = Date.parse('2026-11-19T00:00:30.000Z');
      expect(await disposition()).toBe('attachment; filename="procura-compliance-certificate-PRC-2026-1119.pdf"');
    } finally {
      now = at;
    }
  });
});

describe('crawlers', () => {
  it("robots.txt keeps crawlers from staff pages, the API, tracked quotes, suppliers' response links and share links", async () => {
    const res = await server.request('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    const staffPagesAndApi = ['/api/', '/admin', '/staff/', '/scraper', '/customer-dashboard', '/internal-analytics'];
    // Tracked quotes, suppliers' response links, buyers' accounts and share links are each meant for one reader.
    const personalPages = ['/quote/', '/supplier-response/', '/account', '/da_'];
    for (const path of [...staffPagesAndApi, ...personalPages]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: http://procura.test/sitemap.xml');
  });

  it('sitemap.xml lists the public pages the portal routes, and nothing else', async () => {
    const res = await server.request('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect([...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://procura.test/',
      'http://procura.test/about',
      'http://procura.test/privacy',
    ]);
  });
});

describe('a newly imported supplier', () => {
  it('counts as based in its city, not as verified there, until staff verify it', async () => {
    const before = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    const { headers } = await signInStaff(server, { role: 'admin' });
    const imported = await server.request('POST', '/api/admin/suppliers', {
      body: { suppliers: ['Reef Hygiene Newcomer | orders@reef-newcomer.example | cleaning-supplies | Johannesburg | 4.8 | bleach | 24h'] },
      headers,
    });
    expect(imported.status).toBe(200);
    now += 60_000;
    const after = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    const city = (f: typeof before) => f.cities.find((c) => c.id === 'johannesburg')!;
    expect(city(after).suppliersBased).toBe(city(before).suppliersBased + 1);
    expect(city(after).suppliersVerified).toBe(city(before).suppliersVerified);
    expect(after.counts.suppliers).toBe(before.counts.suppliers + 1);
    expect(after.counts.verifiedSuppliers).toBe(before.counts.verifiedSuppliers);
  });
});

describe("the home page's popular products", () => {
  it('are the four most requested this month, counted with the figures', async () => {
    const figures = async () => siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json).popularProducts;
    const before = await figures();
    // The seed's history has requests this month: three more for the fourth of them count with it.
    const product = before.at(-1)?.name ?? 'Household Bleach';
    const count = (products: { name: string; rfqCount: number }[]) => products.find((p) => p.name === product)?.rfqCount ?? 0;
    for (const email of ['one@example.co.za', 'two@example.co.za', 'three@example.co.za']) {
      expect((await server.request('POST', '/api/rfq', { body: validRfq({ productName: product, primaryEmail: email }) })).status).toBe(201);
    }
    now += 60_000;
    const after = await figures();
    expect(after).toHaveLength(4);
    expect(count(after)).toBe(count(before) + 3);
    const counts = after.map((p) => p.rfqCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});

describe('a request from the widget demo', () => {
  it('counts in no public figure and no popular product', async () => {
    const before = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    const sent = await server.request('POST', '/api/rfq', {
      body: validRfq({
        productName: 'Household Bleach',
        primaryEmail: 'demo.visitor@example.co.za',
        embedId: 'demo-compact-1764230400000',
        embedSource: 'embed-widget',
      }),
    });
    expect(sent.status).toBe(201);
    expect(sent.json.demo).toBe(true);
    now += 60_000;
    const after = siteFiguresSchema.parse((await server.request('GET', '/api/site/figures')).json);
    expect(after.asOf).not.toBe(before.asOf);
    expect(after.counts).toEqual(before.counts);
    expect(after.popularProducts).toEqual(before.popularProducts);
  });
});
