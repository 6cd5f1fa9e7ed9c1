import { expect, test } from './fixtures';

test.describe('a new partner', () => {
  test('registers, sees the credentials once, calls the data API with them and signs in to the partner area', async ({ page, expectAccessible }) => {
    await page.goto('/api-registration');
    await page.getByRole('button', { name: 'Get my credentials' }).click();
    await expect(page.getByText('Please describe your use case (minimum 20 characters)')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Company name' }).fill('Coastal Cleaning Directory');
    await page.getByRole('textbox', { name: 'Contact name' }).fill('Thandi Nkosi');
    await page.getByRole('textbox', { name: 'Contact e-mail' }).fill('dev@coastal.example.co.za');
    await page.getByRole('textbox', { name: 'Website' }).fill('https://coastal.example.co.za');
    await page.getByRole('combobox', { name: 'Business type' }).selectOption('directory');
    await page.getByRole('combobox', { name: 'Integration' }).selectOption('both');
    await page.getByRole('combobox', { name: 'Monthly visitors' }).selectOption('10k-50k');
    await page.getByRole('textbox', { name: 'How will you use Procura?' }).fill('Quotes beside every cleaning-supplier listing');
    await page.getByRole('button', { name: 'Get my credentials' }).click();

    const welcome = page.getByRole('heading', { name: 'Welcome to Procura partners' });
    await expect(welcome).toBeVisible();
    // The key is shown once: the page opens at it, with focus on its heading, not scrolled past it.
    await expect(welcome).toBeFocused();
    await expect(welcome).toBeInViewport();
    await expect(page.locator('code.secret')).toBeInViewport();
    const partnerId = (await page.locator('dd code').first().textContent())!;
    const apiKey = (await page.locator('code.secret').textContent())!;
    expect(partnerId).toMatch(/^p_/);
    expect(apiKey).toMatch(/^procura_live_/);
    await page.getByRole('tab', { name: 'Data API' }).click();
    const curl = await page.getByRole('textbox', { name: 'Your first call' }).inputValue();
    expect(curl).toContain(apiKey);
    const url = /"(http[^"]+)"/.exec(curl)![1]!;
    const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}`, 'x-partner-id': partnerId } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('999');
    await expectAccessible(page);

    await page.goto('/partners');
    await page.getByRole('textbox', { name: 'Partner ID' }).fill(partnerId);
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Coastal Cleaning Directory' })).toBeVisible();
    const month = page.getByRole('region', { name: 'This month' });
    await expect(month.getByText('Earnings', { exact: true })).toBeVisible();
    await expect(month.getByText('Awarded RFQs', { exact: true })).toBeVisible();
    await expectAccessible(page);

    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Rotate API key' }).click();
    await expect(page.getByText('Your new key, shown only this once.')).toBeVisible();
    const old = await fetch(url, { headers: { authorization: `Bearer ${apiKey}`, 'x-partner-id': partnerId } });
    expect(old.status).toBe(401);
  });

  test('reads the documentation, its API reference from the OpenAPI document, and the product kit', async ({ page, procura, expectAccessible }) => {
    await page.goto('/api-docs');
    await expect(page.getByRole('heading', { name: 'API Documentation' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'API Reference' }).click();
    await expect(page.getByRole('heading', { name: /GET\s*\/api\/v2\/procurement-data/ })).toBeVisible();
    const { paths } = (await (await fetch(`${procura.base}/api/openapi.json`)).json()) as { paths: Record<string, object> };
    await expect(page.locator('article.endpoint')).toHaveCount(Object.values(paths).reduce((n, ops) => n + Object.keys(ops).length, 0));
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Examples' }).click();
    await expect(page.getByRole('textbox', { name: 'Python example' })).toBeVisible();
    await page.goto('/data-product-kit');
    await page.getByRole('tab', { name: 'Code Examples' }).click();
    await page.getByRole('tab', { name: 'cURL' }).click();
    expect(await page.getByRole('textbox', { name: 'cURL example' }).inputValue()).toContain(`${procura.base}/api/data/market-intelligence`);
    await expectAccessible(page);
  });
});
