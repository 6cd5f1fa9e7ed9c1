import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createClient } from '../sdk/client/client';
import { expect, fillAndSendWidget, test } from './fixtures';

// Each example as a developer runs it, against the real built server (`npm run build` first).
// `npm install` in an example links procura from the SDK's workspace (sdk/); the same link is made here.
const root = resolve(import.meta.dirname, '..');
const examples = join(root, 'examples');

test.beforeAll(() => {
  const link = join(examples, 'node_modules/procura');
  rmSync(link, { force: true });
  mkdirSync(join(examples, 'node_modules'), { recursive: true });
  symlinkSync(join(root, 'sdk'), link, 'dir');
});

test.afterAll(() => {
  rmSync(join(examples, 'react-app/dist'), { recursive: true, force: true });
});

const useServer = (html: string, base: string) => html.replaceAll('http://localhost:3000', base);

test.describe('examples/html-script-tag', () => {
  test('mounts the widget from the script tag and shows the success event', async ({ page, procura, site }) => {
    const base = await site({ '/': useServer(readFileSync(join(examples, 'html-script-tag/index.html'), 'utf8'), procura.base) });
    await page.goto(`${base}/`);
    await fillAndSendWidget(page.frameLocator('iframe[title="Coastal Cleaning Supplies quote request form"]'));
    await expect(page.getByRole('status')).toHaveText(/^Thank you! Request \d{15,} went to 3 suppliers\.$/);
  });
});

test.describe('examples/react-app', () => {
  test('builds with rollup, and its <ProcuraWidget/> reports the success to the app', async ({ page, procura, site }) => {
    test.setTimeout(120_000);
    execFileSync('node', [join(root, 'node_modules/rollup/dist/bin/rollup'), '-c', join(examples, 'react-app/rollup.config.mjs')], {
      cwd: join(examples, 'react-app'),
      stdio: 'pipe',
    });
    const dist = join(examples, 'react-app/dist');
    const base = await site({
      '/': useServer(readFileSync(join(dist, 'index.html'), 'utf8'), procura.base),
      '/app.js': readFileSync(join(dist, 'app.js'), 'utf8'),
    });
    await page.goto(`${base}/`);
    await expect(page.getByRole('heading', { name: 'Cleaning supplies for your sites' })).toBeVisible();
    await fillAndSendWidget(page.frameLocator('iframe[title="Facility Pro quote request form"]'));
    await expect(page.getByRole('status')).toHaveText(/^Thank you! Request \d{15,} went to 3 suppliers\.$/);
  });
});

test.describe('examples/node-data-api', () => {
  test('registers a partner and prints the pricing trends it computes', async ({ procura }) => {
    // Five sanitiser requests in Durban this month: enough to name their figures.
    const client = createClient({ baseUrl: procura.base });
    for (let i = 0; i < 5; i++) {
      await client.rfq.submit({
        productName: 'Hand Sanitizer 70% Alcohol',
        productDescription: 'Refill for the wall dispensers in our offices',
        quantity: 100 + i,
        unit: 'liters',
        supplierCount: 3,
        deliveryLocation: 'Durban',
        primaryEmail: `buyer${i}@example.co.za`,
        agreeTerms: true,
      });
    }
    const out = execFileSync('node', [join(examples, 'node-data-api/index.mjs')], { env: { ...process.env, PROCURA_URL: procura.base }, encoding: 'utf8' });
    const month = new Date().toISOString().slice(0, 7);
    expect(out).toMatch(/^Registered partner p_\w+\. Your API key \(shown once\): procura_live_\w+\n\nPricing trends per month:\n/);
    expect(out).toMatch(new RegExp(`  ${month}-01  sanitizers\\s+\\d+ requests, \\d+ suppliers, average R\\d+\\.\\d\\d a unit\\n`));
    expect(out).toMatch(/\n999 of 1000 requests left until \d{4}-\d\d-\d\dT/);
  });
});
