import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

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
    await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{18}$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Quotes Sent Successfully!' })).toBeVisible();
    await expect(page.locator('.quote-card')).toHaveCount(5);
    await expect(page.getByText('j***@example.co.za')).toHaveCount(1);
    await expectAccessible(page);
  });

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
      await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{18}$/, { timeout: 15_000 });
      await expect(page.locator('.quote-card')).toHaveCount(3);
      await expectAccessible(page);
    });
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

  test('opens a tracking link and counts each view', async ({ page, request, expectAccessible }) => {
    const res = await request.post('/api/rfq', {
      data: { productName: 'Household Bleach', productDescription: 'Five-litre bottles for a school kitchen', quantity: 40, supplierCount: 3, deliveryLocation: 'Johannesburg', primaryEmail: 'tracking@example.co.za', agreeTerms: true },
    });
    expect(res.status()).toBe(201);
    const token = ((await res.json()) as { quotes: { trackingToken: string }[] }).quotes[0]!.trackingToken;
    await page.goto(`/quote/${token}`);
    await expect(page.getByText('viewed 1 time')).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByText('viewed 2 times')).toBeVisible();
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
