import { formatNumber } from '../sdk/format';
import { expect, test } from './fixtures';

// A supplier's public page as the sitemap lists it: on a phone and a desktop with its scorecard,
// the link to request a quote, and axe; without JavaScript, as a crawler reads it.

/** The first supplier page the sitemap lists (the join page aside, which lives beside them). */
async function firstSupplierPage(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^<]*?(\/suppliers\/[a-z0-9-]+)<\/loc>/g)].map((m) => m[1]);
  const path = paths.find((p) => p !== '/suppliers/join');
  expect(path, 'the sitemap lists a supplier page').toBeTruthy();
  return path!;
}

for (const width of [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
]) {
  test.describe(`on a ${width.name}`, () => {
    test.use(width.use);
    test('a supplier page shows who the supplier is, its track record and a quote link, and passes axe', async ({
      page,
      request,
      expectAccessible,
    }, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
      const path = await firstSupplierPage(request);
      const supplier = (await (await request.get(`/api${path}`)).json()) as { name: string; categories: { name: string }[] };
      const card = (await (await request.get(`/api${path}/scorecard`)).json()) as { receipts: number; new: boolean };
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(supplier.name);
      await expect(page.getByRole('heading', { name: 'Track record' })).toBeVisible();
      // The starter suppliers have past orders: the page shows the counts the scorecard computes.
      await expect(page.locator('.scorecard-figures > div').filter({ hasText: 'Deliveries recorded by buyers' }).getByRole('definition')).toHaveText(
        formatNumber(card.receipts),
      );
      await expect(page.getByText('New on Procura')).toHaveCount(card.new ? 1 : 0);
      await expect(page.getByRole('heading', { name: 'Registration and B-BBEE' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Hydration matched the server's HTML: React reports a mismatch as an error.
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`supplier-page-${width.name}.png`), fullPage: true });
      await page.getByRole('link', { name: 'Request a quote' }).click();
      await expect(page.getByRole('combobox', { name: 'Product name' })).toHaveValue(supplier.categories[0]!.name);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a supplier page arrives as HTML with its name, scorecard and canonical address', async ({ page, request, baseURL }) => {
    const path = await firstSupplierPage(request);
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Track record' })).toBeVisible();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL}${path}`);
    expect(await page.title()).toContain('supplier on Procura');
  });
});

test.describe('a supplier page of no supplier', () => {
  test('answers 404 with the not-found page the server rendered, and the browser shows the same without asking the API', async ({ page, request }) => {
    const res = await request.get('/suppliers/no-such-supplier');
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(/<div id="root">[\s\S]*?<h1>Page Not Found<\/h1>/.test(html)).toBe(true);
    expect(html).toContain('<title>Page Not Found · Procura</title>');
    const errors: string[] = [];
    const asked: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    page.on('request', (r) => r.url().includes('/api/suppliers/') && asked.push(r.url()));
    const opened = await page.goto('/suppliers/no-such-supplier');
    expect(opened?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(asked).toEqual([]);
  });
});
