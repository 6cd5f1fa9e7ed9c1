import type { Page } from '@playwright/test';
import { scriptSnippet, type SnippetConfig } from '../widget/snippet';
import { expect, fillAndSendWidget, mailTo, registerPartner, test } from './fixtures';

/** What the first host page records of the widget's success, read back from its window. */
interface HostEvents {
  callbacks: { embedId: string; data: { rfqId: string } }[];
  dom: unknown[];
  messages: { origin: string; data: unknown }[];
  forgerDone: boolean;
}

// Its assertions count the rows of whole tables (widget loads, RFQs before and after a preview).
test.use({ ownServer: 'widget' });

const FORGERIES = 20;
let partnerId = '';
let apiKey = '';

const settings = (embedId: string, compact: boolean): SnippetConfig & { embedId: string } => ({
  companyName: 'Coastal Cleaning',
  primaryColor: '#059669',
  compact,
  hideProcuraBranding: false,
  partnerId,
  theme: 'light',
  embedId,
});

test.beforeAll(async ({ procura }) => {
  ({ partnerId, apiKey } = await registerPartner(procura.base, 'widget'));
});

const heightOf = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().height);

test.describe('the embedded widget on a partner site', () => {
  test('holds two widgets, grows with its content, credits the partner and reports one success from its own widget', async ({
    page,
    procura,
    site,
    database,
    expectAccessible,
  }) => {
    // A partner's page on another origin pastes the configurator's snippet twice; a third
    // origin's frame on that page tries to forge the widget's success message.
    const thirdBase = await site({
      '/forger.html': `<!doctype html><html lang="en"><head><title>Advert</title></head><body><p>Advert</p><script>
        var n = 0;
        var timer = setInterval(function () {
          parent.postMessage({ type: 'PROCURA_WIDGET_SUCCESS', v: 1, embedId: 'shop-a', data: { rfqId: '999999999999999999', quoteCount: 99, preview: false } }, '*');
          if (++n === ${FORGERIES}) { clearInterval(timer); parent.postMessage({ type: 'FORGER_DONE' }, '*'); }
        }, 100);
      </script></body></html>`,
    });
    const withId = (embedId: string, compact: boolean) =>
      scriptSnippet(procura.base, settings(embedId, compact)).replace('></script>', ` data-embed-id="${embedId}"></script>`);
    const hostBase = await site({
      '/shop.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Coastal Cleaning shop</title><script>
        window.Procura = window.Procura || function () { (Procura.q = Procura.q || []).push(arguments) };
        window.events = { callbacks: [], dom: [], messages: [], forgerDone: false };
        Procura('on', 'success', function (data, embedId) { events.callbacks.push({ embedId: embedId, data: data }) });
        document.addEventListener('PROCURA_WIDGET_SUCCESS', function (e) { events.dom.push(e.detail) });
        window.addEventListener('message', function (e) {
          if (e.data && e.data.type === 'FORGER_DONE') events.forgerDone = true;
          if (e.data && e.data.type === 'PROCURA_WIDGET_SUCCESS') events.messages.push({ origin: e.origin, data: e.data });
        });
      </script></head><body><main><h1>Coastal Cleaning</h1>
        <section id="one"><h2>Quick quote</h2>${withId('shop-a', true)}</section>
        <section id="two"><h2>Full quote</h2>${withId('shop-b', false)}</section>
        <iframe src="${thirdBase}/forger.html" title="Advert" style="height:60px"></iframe>
      </main></body></html>`,
    });

    // The shop's host is the partner's own (added in the partner area), so its requests are credited.
    const host = new URL(hostBase).host;
    const added = await fetch(`${procura.base}/api/partners/hosts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, 'x-partner-id': partnerId },
      body: JSON.stringify({ host }),
    });
    expect(added.status).toBe(201);

    await page.goto(`${hostBase}/shop.html`);
    const one = page.frameLocator('#one iframe');
    await expect(one.getByRole('button', { name: 'Get My Quotes' })).toBeVisible();
    await expect(page.frameLocator('#two iframe').getByRole('button', { name: 'Next Step' })).toBeVisible();
    await expect(page.locator('iframe[title="Coastal Cleaning quote request form"]')).toHaveCount(2);

    // The compact widget starts at 600 px, then takes its content's height and follows it.
    await expect.poll(() => heightOf(page, '#one iframe')).not.toBe(600);
    const before = await heightOf(page, '#one iframe');
    await one.getByRole('button', { name: 'Get My Quotes' }).click();
    await expect(one.getByText('Please enter a valid email address')).toBeVisible();
    await expect.poll(() => heightOf(page, '#one iframe')).toBeGreaterThan(before);

    await fillAndSendWidget(one);
    await expect(one.getByRole('heading', { name: 'Quotes Sent Successfully!' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: HostEvents }).events.forgerDone)).toBe(true);
    const events = await page.evaluate(() => (window as unknown as { events: HostEvents }).events);
    expect(events.callbacks).toHaveLength(1);
    expect(events.callbacks[0]).toMatchObject({ embedId: 'shop-a', data: { quoteCount: 3, preview: false } });
    const rfqId = events.callbacks[0].data.rfqId as string;
    expect(events.dom).toEqual([{ type: 'PROCURA_WIDGET_SUCCESS', v: 1, embedId: 'shop-a', data: { rfqId, quoteCount: 3, preview: false } }]);
    // The host window hears the widget's own message once, and the forgeries the loader ignored.
    expect(events.messages.filter((m: { origin: string }) => m.origin === procura.base)).toEqual([{ origin: procura.base, data: events.dom[0] }]);
    expect(events.messages.filter((m: { origin: string }) => m.origin !== thirdBase)).toHaveLength(1);

    expect(database.get('select partner_id, embed_id, embed_source, referrer_host, partner_credit from rfqs where id = ?', rfqId)).toEqual({
      partner_id: partnerId,
      embed_id: 'shop-a',
      embed_source: 'embed-widget',
      referrer_host: host,
      // Quoted: it pays once the buyer shows the address is theirs.
      partner_credit: 'pending',
    });
    expect(database.all('select embed_id, partner_id, referrer_host, loads from widget_loads order by embed_id')).toEqual([
      { embed_id: 'shop-a', partner_id: partnerId, referrer_host: host, loads: 1 },
      { embed_id: 'shop-b', partner_id: partnerId, referrer_host: host, loads: 1 },
    ]);
    await expectAccessible(page);

    // The buyer opens the quote e-mail's link: the request qualifies, and the link leads on to the quote.
    const [quotesMail] = (await mailTo(page, 'buyer@coastal.example.co.za')).filter((m) => m.text.includes(`/mail/open/${rfqId}/`));
    const viewLink = /View this quote: (http:\/\/\S+)/.exec(quotesMail!.text)![1]!;
    await page.goto(new URL(viewLink).pathname);
    await expect(page).toHaveURL(/\/quote\/qt_[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(database.get('select partner_credit from rfqs where id = ?', rfqId)).toEqual({ partner_credit: 'qualified' });
  });

  test('mounts the default snippet as pasted, and the host window hears one message per success', async ({ page, procura, site }) => {
    // The configurator's snippet with every setting left as it is: a bare script tag.
    const snippet = scriptSnippet(procura.base, {});
    expect(snippet).toBe(`<script async src="${procura.base}/api/embed/widget.js"></script>`);
    const hostBase = await site({
      '/plain.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain shop</title><script>
        window.heard = [];
        window.addEventListener('message', function (e) { if (e.data && e.data.type === 'PROCURA_WIDGET_SUCCESS') heard.push(e.origin) });
      </script></head><body><main><h1>Plain shop</h1>${snippet}</main></body></html>`,
    });
    await page.goto(`${hostBase}/plain.html`);
    const widget = page.frameLocator('main iframe');
    await expect(page.locator('main iframe')).toHaveCount(1);
    await expect(widget.getByRole('button', { name: 'Next Step' })).toBeVisible();
    await widget.getByRole('combobox', { name: 'Product name' }).fill('Hand San');
    await widget.getByRole('option', { name: /Hand Sanitizer 70% Alcohol/ }).click();
    await widget.getByRole('textbox', { name: 'Quantity' }).fill('200');
    await widget.getByRole('combobox', { name: 'Delivery location' }).fill('Durb');
    await widget.getByRole('option', { name: 'Durban, KwaZulu-Natal' }).click();
    await widget.getByRole('button', { name: 'Next Step' }).click();
    await widget.getByRole('button', { name: 'Next Step' }).click();
    await widget.getByRole('textbox', { name: 'E-mail address' }).fill('buyer@plain.example.co.za');
    await widget.getByRole('checkbox').check();
    await widget.getByRole('button', { name: 'Get My Quotes' }).click();
    await expect(widget.getByRole('heading', { name: 'Quotes Sent Successfully!' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard.length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([procura.base]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 900 } });

    test('sends the short form to the embed endpoint, credited to the partner', async ({ page, database, expectAccessible }) => {
      await page.goto(`/widget-embed?config=${encodeURIComponent(JSON.stringify({ quick: true, partnerId, embedId: 'shop-quick' }))}`);
      await page.getByRole('button', { name: 'Get My Quotes' }).click();
      for (const message of ['Product name required', 'Description required', 'Location required', 'Valid email required']) {
        await expect(page.getByText(message)).toBeVisible();
      }
      await page.getByRole('textbox', { name: 'Product name' }).fill('Thick Bleach 5L');
      await page.getByRole('textbox', { name: 'Description' }).fill('Thick bleach for ablution blocks at three sites');
      await page.getByRole('textbox', { name: 'Quantity' }).fill('40');
      await page.getByRole('combobox', { name: 'Budget (optional)' }).selectOption('5k-20k');
      await page.getByRole('combobox', { name: 'Delivery location' }).fill('Durban');
      await page.getByRole('textbox', { name: 'E-mail address' }).fill('ops@coastal.example.co.za');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Get My Quotes' }).click();
      await expect(page.getByRole('heading', { name: 'Quotes Sent Successfully!' })).toBeVisible();
      expect(database.get("select partner_id, embed_source, budget_range, supplier_count from rfqs where embed_id = 'shop-quick'")).toEqual({
        partner_id: partnerId,
        embed_source: 'embed-widget',
        budget_range: '5k-20k',
        supplier_count: 3,
      });
      await page.getByRole('button', { name: 'Request Another Quote' }).click();
      await expect(page.getByRole('textbox', { name: 'Product name' })).toHaveValue('');
    });

    test('sends many products from the full form as one basket, credited to the partner', async ({ page, database, expectAccessible }) => {
      await page.goto(`/widget-embed?config=${encodeURIComponent(JSON.stringify({ compact: true, partnerId, embedId: 'shop-basket' }))}`);
      await page.getByRole('combobox', { name: 'Product name' }).fill('Household Bleach');
      await page.getByRole('textbox', { name: 'Quantity' }).fill('40');
      await page.getByRole('button', { name: 'Add another product' }).click();
      const second = page.getByRole('textbox', { name: 'Product 2' });
      await expect(second).toBeFocused();
      await expect(page.getByRole('textbox', { name: 'Product 1' })).toHaveValue('Household Bleach');
      await second.fill('Refuse Bags');
      await page.getByRole('textbox', { name: 'Quantity' }).nth(1).fill('20');
      await page.getByRole('combobox', { name: 'Delivery location' }).fill('Durban');
      await page.getByRole('textbox', { name: 'E-mail address' }).fill('stores@coastal.example.co.za');
      await page.getByRole('checkbox', { name: /I agree/ }).check();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Get Quotes for 2 Products' }).click();
      await expect(page.getByRole('heading', { name: 'Quotes Sent Successfully!' })).toBeVisible();
      expect(database.get("select partner_id, embed_source, line_count from rfqs where embed_id = 'shop-basket'")).toEqual({
        partner_id: partnerId,
        embed_source: 'embed-widget',
        line_count: 2,
      });
      await page.screenshot({ path: test.info().outputPath('widget-basket-sent.png') });
    });

    test('passes axe in each theme on its own page', async ({ page, expectAccessible }) => {
      for (const theme of ['light', 'dark', 'branded']) {
        await page.goto(`/widget-embed?config=${encodeURIComponent(JSON.stringify({ companyName: 'Coastal Cleaning', primaryColor: '#059669', theme }))}`);
        await expect(page.getByRole('button', { name: 'Next Step' })).toBeVisible();
        await expectAccessible(page);
      }
    });
  });
});

test.describe('the widget pages', () => {
  test('shows each demo preset as a live widget with its own id', async ({ page, expectAccessible }) => {
    await page.goto('/widget-demo');
    const preview = page.locator('.widget-preview iframe');
    await expect(preview).toHaveAttribute('src', /demo-default-\d+/);
    await page.getByRole('combobox', { name: 'Demo configuration' }).selectOption('white-label');
    await expect(preview).toHaveAttribute('src', /demo-white-label-\d+/);
    await expect(page.getByText('#dc2626')).toBeVisible();
    await expect(page.frameLocator('.widget-preview iframe').getByRole('button', { name: 'Next Step' })).toBeVisible();
    await expect(page.frameLocator('.widget-preview iframe').getByText('Powered by Procura')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('quotes a request from the demo widget and e-mails it marked as a demo, with no supplier told and nothing to accept', async ({
    page,
    database,
    expectAccessible,
  }) => {
    await page.goto('/widget-demo');
    await expect(page.getByText('no supplier is told of it')).toBeVisible();
    await page.getByRole('combobox', { name: 'Demo configuration' }).selectOption('minimal');
    const widget = page.frameLocator('.widget-preview iframe');
    await widget.getByRole('textbox', { name: /Product name/ }).fill('Household Bleach');
    await widget.getByRole('textbox', { name: /Description/ }).fill('Five-litre bottles for the school kitchens');
    await widget.getByRole('combobox', { name: /Delivery location/ }).fill('Durban');
    await widget.getByRole('textbox', { name: /E-mail address/ }).fill('demo.visitor@example.co.za');
    await widget.getByRole('button', { name: 'Get My Quotes' }).click();
    const result = widget.getByRole('status');
    await expect(result.getByText(/^A demo:/)).toBeVisible();
    const href = (await result.getByRole('link', { name: 'Compare your quotes' }).getAttribute('href'))!;
    const rfqId = new URL(href, 'http://x').searchParams.get('rfqId')!;

    expect(database.get('select demo from rfqs where id = ?', rfqId)).toEqual({ demo: 1 });
    const kinds = database.all('select kind from outbox where payload like ? order by id', `%"rfqId":"${rfqId}"%`).map((r) => r.kind);
    expect(kinds).toEqual(['buyer-quotes']);

    await page.goto(href);
    await expect(page.getByText(/^A demo:/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Accept/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('lists the latest embedded requests without naming buyers, in every theme', async ({ page, expectAccessible }) => {
    await page.goto('/embed-demo');
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('tab', { name: 'Live Data' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('cell', { name: 'Durban' }).first()).toBeVisible();
    expect(await table.textContent()).not.toContain('coastal.example.co.za');
    await expect(page.frameLocator('.widget-preview iframe').getByRole('button', { name: 'Next Step' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/embed-benefits');
    await expect(page.getByRole('heading', { name: 'Why embed Procura' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('the widget configurator', () => {
  test('copies the code, downloads the page and previews without creating an RFQ', async ({ page, procura, database, expectAccessible }) => {
    const rfqCount = () => (database.get('select count(*) as n from rfqs') as { n: number }).n;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: procura.base });
    await page.goto('/widget-configurator');
    await page.getByRole('textbox', { name: 'Company Name' }).fill('Coastal Cleaning');
    await page.getByRole('textbox', { name: 'Partner ID (optional)' }).fill('p_coastal');

    const code = await page.getByRole('textbox', { name: 'Paste this where the widget should appear' }).inputValue();
    expect(code).toBe(`<script async src="${procura.base}/api/embed/widget.js" data-partner-id="p_coastal" data-company-name="Coastal Cleaning"></script>`);
    await page.getByRole('button', { name: 'Copy Code' }).click();
    await expect(page.getByText('Embed code copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download procura-widget-embed.html/ }).click()]);
    expect(download.suggestedFilename()).toBe('procura-widget-embed.html');
    const file = await download.createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += chunk;
      return text;
    });
    expect(file).toContain(code);

    await page.getByRole('tab', { name: 'Direct Link' }).click();
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expect(page.getByText('Direct link copied to clipboard')).toBeVisible();

    const compact = page.getByRole('switch', { name: /Compact Mode/ });
    await compact.click();
    await expect(compact).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('tab', { name: 'Embed Code' }).click();
    await expect(page.getByRole('textbox', { name: 'Paste this where the widget should appear' })).toHaveValue(/data-theme="dark"/);
    const before = rfqCount();
    const preview = page.frameLocator('.widget-preview iframe');
    await expect(preview.getByText('Preview: submitting here sends nothing.')).toBeVisible();
    await fillAndSendWidget(preview);
    await expect(page.getByText('This is a preview - no actual RFQ was submitted')).toBeVisible();
    await expect(preview.getByRole('heading', { name: 'Preview Submission' })).toBeVisible();
    expect(rfqCount()).toBe(before);
    await expectAccessible(page);
  });
});
