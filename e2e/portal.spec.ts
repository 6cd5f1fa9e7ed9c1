import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, requestBleachQuotes, test } from './fixtures';

async function fillStepOne(page: Page) {
  await page.getByRole('combobox', { name: 'Product name' }).fill('Hand San');
  await page.getByRole('option', { name: /Hand Sanitizer 70% Alcohol/ }).click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('200');
  await page.getByRole('combobox', { name: 'Delivery location' }).fill('Durb');
  await page.getByRole('option', { name: 'Durban, KwaZulu-Natal' }).click();
}

test.describe('the buyer portal', () => {
  test('takes a multi-step request through to the results, with as many quotes as asked for', async ({ page, expectAccessible }) => {
    await page.goto('/');
    await expectAccessible(page);
    await fillStepOne(page);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('radio', { name: '5 suppliers' }).check();
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('jane.buyer@example.co.za');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Get My Quotes' }).click();
    await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{18}$/);
    await expect(page.getByRole('heading', { name: 'Quotes Sent Successfully!' })).toBeVisible();
    await expect(page.locator('.quote-card')).toHaveCount(5);
    await expect(page.getByText('j***@example.co.za')).toHaveCount(1);
    await expectAccessible(page);
  });

  for (const width of [390, 1280]) {
    test(`says the request was sent, then leaves the results uncovered, at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      // Every toast the page shows, however briefly, as its text: the check needs no timing.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { toasts: string[] }).toasts = seen;
        new MutationObserver(() => {
          for (const t of document.querySelectorAll('.toast')) if (!seen.includes(t.textContent!)) seen.push(t.textContent!);
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto('/');
      await fillStepOne(page);
      await page.getByRole('button', { name: 'Next Step' }).click();
      await page.getByRole('button', { name: 'Next Step' }).click();
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(`toast-${width}@example.co.za`);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Get My Quotes' }).click();
      await expect(page.getByRole('heading', { name: 'Quotes Sent Successfully!' })).toBeVisible();
      await expect(page.locator('.quote-card')).toHaveCount(3);
      expect(await page.evaluate(() => (window as unknown as { toasts: string[] }).toasts)).toEqual([
        `Request Submitted Successfully!3 quotes were sent to toast-${width}@example.co.za.×`,
      ]);
      // The page's own panel says it now; nothing floats over the request card or the summary.
      await expect(page.locator('.toast')).toHaveCount(0);
      await expect(page.getByText(`3 quotes were sent to toast-${width}@example.co.za.`)).toBeVisible();
      await testInfo.attach(`results at ${width} px`, { body: await page.screenshot(), contentType: 'image/png' });
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 900 } });

    test('takes a compact request, by keyboard alone', async ({ page, expectAccessible }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'All on one page' }).click();
      await page.getByRole('combobox', { name: 'Product name' }).focus();
      await page.keyboard.type('Bleach');
      await page.getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('textbox', { name: 'Quantity' }).focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('40');
      await page.getByRole('combobox', { name: 'Delivery location' }).focus();
      await page.keyboard.type('Cape');
      await page.getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('textbox', { name: 'E-mail address' }).focus();
      await page.keyboard.type('ops@example.co.za');
      await page.getByRole('checkbox').focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Get My Quotes' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{18}$/);
      await expect(page.locator('.quote-card')).toHaveCount(3);
      await expectAccessible(page);
    });
  });

  test("keeps what the buyer typed into the home form before the page's script started", async ({ page }) => {
    // The server-rendered form is there at once; the script is held back while the buyer types.
    let release = () => {};
    const scripts = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js$/, async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('#rfq-productName').fill('Household Bleach');
    await page.locator('#rfq-quantity').fill('40');
    release();
    // Once hydrated the step buttons answer (until then a click does nothing), and the form holds what was typed.
    await expect(async () => {
      await page.getByRole('button', { name: /Supplier Requirements/ }).click();
      await expect(page.getByRole('heading', { name: 'Step 2: Supplier Requirements' })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await page.getByRole('button', { name: /What do you need/ }).click();
    await expect(page.getByRole('combobox', { name: 'Product name' })).toHaveValue('Household Bleach');
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('40');
  });

  test('shows the field messages and sends nothing when the form is not valid', async ({ page, expectAccessible }) => {
    let posted = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/rfq') && posted++);
    await page.goto('/');
    await page.getByRole('button', { name: 'All on one page' }).click();
    await page.getByRole('combobox', { name: 'Product name' }).fill('ab');
    await page.getByRole('button', { name: 'Get My Quotes' }).click();
    for (const message of [
      'Product name must be at least 3 characters',
      'Please provide more detailed description (at least 20 characters)',
      'Please enter your delivery location',
      'Please enter a valid email address',
      'Please agree to the terms and conditions',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    expect(posted).toBe(0);
    await expectAccessible(page);
  });

  test("opens a tracking link and counts everyone else's views, not the buyer's own", async ({ page, browser, request, expectAccessible }) => {
    const token = (await requestBleachQuotes(request, 'tracking@example.co.za')).quotes[0]!.trackingToken;
    // A colleague opens the address the buyer copied from the bar.
    await page.goto(`/quote/${token}`);
    await expect(page.getByText(/^Quote from .* · Opened by others once \(your own visits are not counted\)/)).toBeVisible();
    await expectAccessible(page);
    // The buyer opens it from their e-mail, elsewhere, and again: neither counts, and the mark leaves the address.
    const buyer = await (await browser.newContext()).newPage();
    await buyer.goto(`/quote/${token}#from=email`);
    await expect(buyer.getByText(/· Opened by others once/)).toBeVisible();
    expect(new URL(buyer.url()).hash).toBe('');
    await buyer.reload();
    await expect(buyer.getByText(/· Opened by others once/)).toBeVisible();
    await buyer.context().close();
    await page.reload();
    await expect(page.getByText(/· Opened by others 2 times/)).toBeVisible();
    await page.goto('/quote/not-a-token');
    await expect(page.getByText('Invalid tracking token')).toBeVisible();
  });

  test('answers an unknown route with 404 and Page Not Found', async ({ page, expectAccessible }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('the consent banner', () => {
    test.use({ consent: 'undecided' });
    const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('procura-consent') ?? 'null'));

    test('saves analytics on with Sure, Help Improve and does not ask again', async ({ page, expectAccessible }) => {
      await page.goto('/');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Sure, Help Improve' }).click();
      expect(await stored(page)).toMatchObject({ essential: true, analytics: true, marketing: false, revision: 1 });
      await page.reload();
      await expect(page.getByRole('heading', { name: /Get quotes/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Help Us Improve/ })).toHaveCount(0);
    });

    test('saves analytics off with No Thanks', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'No Thanks' }).click();
      expect(await stored(page)).toMatchObject({ analytics: false });
    });

    test('saves the toggled choice from More Options, and Cancel discards edits', async ({ page, expectAccessible }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'More Options' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
      await dialog.getByRole('switch').check();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await stored(page)).toBeNull();
      await page.getByRole('button', { name: 'More Options' }).click();
      await expect(dialog.getByRole('switch')).not.toBeChecked();
      await expectAccessible(page);
      await dialog.getByRole('switch').check();
      await dialog.getByRole('button', { name: 'Save Preferences' }).click();
      expect(await stored(page)).toMatchObject({ analytics: true });
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('hides for the page view without saving when closed', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Close privacy banner' }).click();
      await expect(page.getByRole('heading', { name: /Help Us Improve/ })).toHaveCount(0);
      expect(await stored(page)).toBeNull();
      await page.reload();
      await expect(page.getByRole('heading', { name: /Help Us Improve/ })).toBeVisible();
    });
  });
});

test.describe("the home route's weight", () => {
  test.use({ consent: 'undecided' });

  /**
   * The scripts and stylesheets Chromium fetches for `/` until the network is idle, each gzipped as
   * the build counts it. Chunks are asked for only as the scripts that import them run, which on a
   * slow machine takes longer than the half second of quiet 'networkidle' waits for: the idle
   * network is waited for once the home page is on screen and every file in `awaited` was asked for.
   */
  async function fetched(page: Page, analytics: boolean | null, awaited: readonly string[] = []): Promise<Map<string, number>> {
    if (analytics !== null) {
      await page.addInitScript(
        (on) =>
          localStorage.setItem(
            'procura-consent',
            JSON.stringify({ essential: true, analytics: on, marketing: false, timestamp: new Date().toISOString(), revision: 1 }),
          ),
        analytics,
      );
    }
    const files = new Map<string, number>();
    const asked = new Set<string>();
    const reading: Promise<void>[] = [];
    const count = (res: Response) => {
      const path = new URL(res.url()).pathname;
      if (!/\.(js|css)$/.test(path)) return;
      asked.add(path.slice(1));
      reading.push(res.body().then((body) => void files.set(path.slice(1), gzipSync(body, { level: 9 }).length)));
    };
    page.on('response', count);
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: 'Product name' })).toBeVisible();
    await expect.poll(() => awaited.filter((f) => !asked.has(f))).toEqual([]);
    await page.waitForLoadState('networkidle');
    // What answers after the network went idle is not the first visit's; a body still being read
    // when the test ends would fail it.
    page.off('response', count);
    await Promise.all(reading);
    return files;
  }

  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const budget = () => JSON.parse(readFileSync('dist/public/size.json', 'utf8')) as { total_gzip_kb: number; budget_kb: number; files: string[] };

  test('is what the build counts, at most 120 KB gzipped, for a visitor who allows analytics', async ({ page }) => {
    const counted = budget();
    const files = await fetched(page, true, counted.files);
    expect([...files.keys()].sort()).toEqual([...counted.files].sort());
    expect(kb([...files.values()].reduce((a, b) => a + b, 0))).toBe(counted.total_gzip_kb);
    expect(counted.total_gzip_kb).toBeLessThanOrEqual(120);
    expect(counted.budget_kb).toBe(120);
  });

  for (const [who, analytics] of [
    ['a first visit', null],
    ['a visitor who refused analytics', false],
  ] as const) {
    test(`is no more than the build counts for ${who}`, async ({ page }) => {
      const files = await fetched(page, analytics);
      const counted = budget();
      expect([...files.keys()].filter((f) => !counted.files.includes(f))).toEqual([]);
      expect(kb([...files.values()].reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(counted.total_gzip_kb);
    });
  }
});
