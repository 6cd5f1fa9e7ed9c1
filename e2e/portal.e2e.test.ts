import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchChromium, newPage as openPage, startProcura, type Procura } from './support';

let procura: Procura;
let browser: Browser;
let base = '';

beforeAll(async () => {
  procura = await startProcura();
  base = procura.base;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await procura?.stop();
});

const newPage = (width = 1280, consent: 'decided' | 'undecided' = 'decided') => openPage(browser, width, consent);

async function fillStepOne(page: Page) {
  await page.getByRole('combobox', { name: 'Product name' }).fill('Hand San');
  await page.getByRole('option', { name: /Hand Sanitizer 70% Alcohol/ }).click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('200');
  await page.getByRole('combobox', { name: 'Delivery location' }).fill('Durb');
  await page.getByRole('option', { name: 'Durban, KwaZulu-Natal' }).click();
}

describe('the buyer portal', () => {
  it('takes a multi-step request through to the results, with as many quotes as asked for', async () => {
    const page = await newPage();
    await page.goto(base + '/');
    await expectAccessible(page);
    await fillStepOne(page);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('radio', { name: '5 suppliers' }).check();
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('jane.buyer@example.co.za');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Get My Quotes' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/quote-success\?rfqId=\d{18}$/);
    await page.getByRole('heading', { name: 'Quotes Sent Successfully!' }).waitFor();
    await expect.poll(() => page.locator('.quote-card').count()).toBe(5);
    expect(await page.getByText('j***@example.co.za').count()).toBe(1);
    await expectAccessible(page);
    await page.close();
  });

  it('takes a compact request, by keyboard alone', async () => {
    const page = await newPage(360);
    await page.goto(base + '/');
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
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/quote-success\?rfqId=\d{18}$/);
    await expect.poll(() => page.locator('.quote-card').count()).toBe(3);
    await expectAccessible(page);
    await page.close();
  });

  it('shows the field messages and sends nothing when the form is not valid', async () => {
    const page = await newPage();
    let posted = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/rfq') && posted++);
    await page.goto(base + '/');
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
      await page.getByText(message).waitFor();
    }
    expect(posted).toBe(0);
    await expectAccessible(page);
    await page.close();
  });

  it('opens a tracking link from the database and counts each view', async () => {
    const outbox = new Database(procura.databaseFile, { readonly: true });
    const row = outbox.prepare("select payload from outbox where kind = 'buyer-quotes' order by id limit 1").get() as { payload: string };
    outbox.close();
    const token = (JSON.parse(row.payload) as { tokens: string[] }).tokens[0]!;
    const page = await newPage();
    await page.goto(`${base}/quote/${token}`);
    await page.getByText('viewed 1 time').waitFor();
    await expectAccessible(page);
    await page.reload();
    await page.getByText('viewed 2 times').waitFor();
    await page.goto(`${base}/quote/not-a-token`);
    await page.getByText('Invalid tracking token').waitFor();
    await page.close();
  });

  it('answers an unknown route with 404 and Page Not Found', async () => {
    const page = await newPage();
    const res = await page.goto(`${base}/no-such-page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expectAccessible(page);
    await page.close();
  });

  describe('the consent banner', () => {
    const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('procura-consent') ?? 'null'));

    it('saves analytics on with Sure, Help Improve and does not ask again', async () => {
      const page = await newPage(1280, 'undecided');
      await page.goto(base + '/');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Sure, Help Improve' }).click();
      expect(await stored(page)).toMatchObject({ essential: true, analytics: true, marketing: false, revision: 1 });
      await page.reload();
      await page.getByRole('heading', { name: /Get quotes/ }).waitFor();
      expect(await page.getByRole('heading', { name: /Help Us Improve/ }).count()).toBe(0);
      await page.close();
    });

    it('saves analytics off with No Thanks', async () => {
      const page = await newPage(1280, 'undecided');
      await page.goto(base + '/');
      await page.getByRole('button', { name: 'No Thanks' }).click();
      expect(await stored(page)).toMatchObject({ analytics: false });
      await page.close();
    });

    it('saves the toggled choice from More Options, and Cancel discards edits', async () => {
      const page = await newPage(1280, 'undecided');
      await page.goto(base + '/');
      await page.getByRole('button', { name: 'More Options' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
      await dialog.getByRole('switch').check();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await stored(page)).toBeNull();
      await page.getByRole('button', { name: 'More Options' }).click();
      expect(await dialog.getByRole('switch').isChecked()).toBe(false);
      await expectAccessible(page);
      await dialog.getByRole('switch').check();
      await dialog.getByRole('button', { name: 'Save Preferences' }).click();
      expect(await stored(page)).toMatchObject({ analytics: true });
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.close();
    });

    it('hides for the page view without saving when closed', async () => {
      const page = await newPage(1280, 'undecided');
      await page.goto(base + '/');
      await page.getByRole('button', { name: 'Close privacy banner' }).click();
      expect(await page.getByRole('heading', { name: /Help Us Improve/ }).count()).toBe(0);
      expect(await stored(page)).toBeNull();
      await page.reload();
      await page.getByRole('heading', { name: /Help Us Improve/ }).waitFor();
      await page.close();
    });
  });
});
