import { expect, requestBleachQuotes, test } from './fixtures';

// The public site as a visitor, a phone and a crawler meet it: every content page at phone and
// desktop widths, its figures against the database, its HTML before any script runs, the two
// downloads and the quote tracker.

const PAGES: { path: string; heading: string }[] = [
  { path: '/about', heading: 'About Procura' },
  { path: '/vision', heading: 'Global Vision' },
  { path: '/how-it-works', heading: 'How it works' },
  { path: '/suppliers', heading: 'Supplier directory' },
  { path: '/compliance', heading: 'Compliance Certificate' },
  { path: '/quote-tracker', heading: 'Quote tracker' },
  { path: '/data-platform', heading: 'Data platform' },
  { path: '/no-such-page', heading: 'Page Not Found' },
];

const WIDTHS = [
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'a desktop', use: { viewport: { width: 1280, height: 900 } } },
];

for (const width of WIDTHS) {
  test.describe(`on ${width.name}`, () => {
    test.use(width.use);
    for (const { path, heading } of PAGES) {
      test(`${path} shows its page, fits the screen and passes axe`, async ({ page, expectAccessible }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await page.waitForLoadState('networkidle');
        // Hydration matched the server's HTML: React reports a mismatch as an error.
        expect(errors).toEqual([]);
        expect(await page.evaluate(overflowing)).toEqual([]);
        await expectAccessible(page);
      });
    }
  });
}

test.describe('without JavaScript, as a crawler reads them', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, text } of [
    { path: '/', heading: 'Get quotes from South African suppliers in seconds', text: 'Describe what you need.' },
    { path: '/about', heading: 'About Procura', text: 'Procura is a South African procurement marketplace.' },
    { path: '/vision', heading: 'Global Vision', text: 'Africa' },
    { path: '/how-it-works', heading: 'How it works', text: 'How suppliers are matched' },
    { path: '/suppliers', heading: 'Supplier directory', text: 'Johannesburg' },
    { path: '/compliance', heading: 'Compliance Certificate', text: 'POPIA (South Africa)' },
    { path: '/data-platform', heading: 'Data platform', text: 'Pricing trends' },
    { path: '/docs', heading: 'API Documentation', text: '' },
  ]) {
    test(`${path} arrives as HTML with its heading, text and head`, async ({ page, baseURL }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      if (text) await expect(page.locator('main')).toContainText(text);
      const head = await page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
        descriptions: document.querySelectorAll('meta[name="description"]').length,
      }));
      expect(head.title).toMatch(/ · Procura$/);
      expect(head.description).toBeTruthy();
      expect(head.descriptions).toBe(1);
      expect(head.canonical).toBe(`${baseURL}${path}`);
      expect(head).toMatchObject({ ogTitle: head.title, ogUrl: head.canonical });
    });
  }

  test('an alias names its canonical page', async ({ page, baseURL }) => {
    await page.goto('/documentation');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL}/docs`);
  });

  test('the 404 page is real HTML too, with status 404', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByRole('link', { name: 'Browse suppliers' })).toHaveAttribute('href', '/suppliers');
  });

  test("the figures in the HTML are the database's", async ({ page, database }) => {
    // Good standing: new on Procura (fewer than 3 counted receipts), or rated 3.0 and on time and in full 70 % of the time.
    const GOOD = `id not in (select supplier_id from order_receipts where counted = 1 group by supplier_id
      having count(*) >= 3 and (round(avg(rating * 1.0), 1) < 3 or sum(case when on_time = 1 and in_full = 1 then 1 else 0 end) < 0.7 * count(*)))`;
    const active = database.get(`select count(*) as n from suppliers where ${GOOD}`)!.n as number;
    const verified = database.get(`select count(*) as n from suppliers where ${GOOD} and verified = 1`)!.n as number;
    expect(active).toBeGreaterThan(0);
    await page.goto('/about');
    await expect(page.locator('.figure').filter({ hasText: 'Suppliers in good standing' }).locator('dd')).toHaveText(String(active));
    await page.goto('/suppliers');
    await expect(page.locator('.hero .lead')).toContainText(`${active} suppliers in good standing`);
    const joburg = database.get(`select count(*) as n from suppliers where ${GOOD} and home_city_id = 'johannesburg'`)!.n as number;
    const joburgVerified = database.get(`select count(*) as n from suppliers where ${GOOD} and home_city_id = 'johannesburg' and verified = 1`)!.n as number;
    const joburgCard = page.locator('.directory-card').filter({ hasText: 'Johannesburg' });
    await expect(joburgCard).toContainText(`${joburg} suppliers based here`);
    await expect(joburgCard).toContainText(`${joburgVerified} of them verified`);
    expect(verified).toBeLessThanOrEqual(active);
  });
});

test('the compliance page downloads its certificate, and the directory the pricing guide', async ({ page }) => {
  await page.goto('/compliance');
  const certificateId = (await page.locator('dt', { hasText: 'Certificate ID' }).locator('xpath=following-sibling::dd[1]').textContent())!;
  expect(certificateId).toMatch(/^PRC-\d{4}-\d{4}$/);
  const [certificate] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download certificate (PDF)' }).click()]);
  expect(certificate.suggestedFilename()).toBe(`procura-compliance-certificate-${certificateId}.pdf`);
  const bytes = await readDownload(certificate);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/suppliers');
  const [guide] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Pricing guide (PDF)' }).click()]);
  expect(guide.suggestedFilename()).toBe(`procura-pricing-guide-${new Date().toISOString().slice(0, 10)}.pdf`);
  expect((await readDownload(guide)).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the quote tracker refuses what is not a token and opens a pasted tracking link', async ({ page, request, expectAccessible }) => {
  let tracked = 0;
  page.on('request', (r) => r.url().includes('/api/quotes/track/') && tracked++);
  await page.goto('/quote-tracker');
  await page.getByLabel('Tracking link or token').fill('order 4471');
  await page.getByRole('button', { name: 'Track quote' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid tracking token');
  expect(tracked).toBe(0);
  await expectAccessible(page);

  const quote = (await requestBleachQuotes(request, 'tracker@example.co.za')).quotes[0]!;
  await page.getByLabel('Tracking link or token').fill(quote.trackingUrl);
  await page.getByRole('button', { name: 'Track quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/quote/${quote.trackingToken}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Household Bleach');
});

async function readDownload(download: { createReadStream(): Promise<NodeJS.ReadableStream> }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Elements of the page that reach past the right edge of the screen, other than inside a box
 * that scrolls sideways on purpose (a wide table): what a phone would cut off.
 */
function overflowing(): string[] {
  const scrolls = (el: Element | null): boolean => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) return true;
    }
    return false;
  };
  return [...document.querySelectorAll('main *')]
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !scrolls(el.parentElement))
    .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
}
