import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, setStaffPassword, signInStaff, test } from './fixtures';

// The figures of the staff view count every event in the database: this journey has a server of its own.
test.use({ ownServer: 'analytics', consent: 'undecided' });

const TYPED = { name: 'Thandi Nkosi', phone: '082 555 0199', email: 'thandi.nkosi@umoya.example.co.za' };
/**
 * Any sign of what the buyer typed: their name, the phone number (two of its groups together: one
 * group alone, "082", can be part of any timestamp), the address.
 */
const LEAKS = [/thandi/i, /nkosi/i, /082\D?555/, /555\D?0199/, /umoya/i, /@/];

/**
 * Every analytics and consent request the page makes, with its body. The client streams request
 * bodies (so the network log has none): each body is read as it is handed to fetch.
 */
async function capture(page: Page) {
  await page.addInitScript(() => {
    const sent: [string, string, string | null][] = [];
    (window as unknown as { __sent: typeof sent }).__sent = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/analytics/') || path === '/api/consent') sent.push([path, await request.clone().text(), request.headers.get('x-session-id')]);
      return original(request);
    };
  });
  return async () =>
    (await page.evaluate(() => (window as unknown as { __sent: [string, string, string | null][] }).__sent)).map(([url, body, session]) => ({
      url,
      body,
      session,
    }));
}

async function requestQuotes(page: Page) {
  await page.getByRole('combobox', { name: 'Product name' }).fill('Hand San');
  await page.getByRole('option', { name: /Hand Sanitizer 70% Alcohol/ }).click();
  await page.getByRole('textbox', { name: 'Description' }).fill(`For our offices. Please call ${TYPED.name} on ${TYPED.phone} before you deliver.`);
  await page.getByRole('textbox', { name: 'Quantity' }).fill('200');
  await page.getByRole('combobox', { name: 'Delivery location' }).fill('Durb');
  await page.getByRole('option', { name: 'Durban, KwaZulu-Natal' }).click();
  // The request's event names the city the preview matched: the preview of these values is in first.
  await expect(page.getByText('Serving Durban')).toBeVisible();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(TYPED.email);
  await page.getByRole('textbox', { name: 'Contact name (optional)' }).fill(TYPED.name);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Get My Quotes' }).click();
  await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{18}$/);
  return new URL(page.url()).searchParams.get('rfqId')!;
}

test('analytics wait for consent, carry nothing typed, stop for Global Privacy Control, and a buyer sees and erases their data', async ({
  page,
  browser,
  database,
  expectAccessible,
  staffLink,
}) => {
  const sent = await capture(page);
  const calls: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname.match(/^\/api\/(analytics\/|consent)/) && calls.push(new URL(r.url()).pathname));

  // No event and no session id before a choice.
  await page.goto('/');
  await expect(page.getByRole('region', { name: /Help Us Improve/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('analytics-session-id'))).toBeNull();
  await expectAccessible(page);

  const firstView = page.waitForRequest((r) => r.url().endsWith('/api/analytics/page-view'));
  await page.getByRole('button', { name: 'Sure, Help Improve' }).click();
  await firstView;
  const sessionId = await page.evaluate(() => localStorage.getItem('analytics-session-id'));
  expect(sessionId).toMatch(/^[A-Za-z0-9_-]{21}$/);
  const consent = await page.evaluate(() => JSON.parse(localStorage.getItem('procura-consent')!) as { consentId: string });

  const rfqId = await requestQuotes(page);
  await expect(page.getByRole('heading', { name: 'Quotes Sent Successfully!' })).toBeVisible();
  await expect.poll(async () => (await sent()).filter((s) => s.body.includes('"/quote-success"')).length).toBe(1);
  const seen = await sent();
  expect(seen.map((s) => s.url)).toEqual(calls);

  // Every body, checked for what the buyer typed.
  for (const { body } of seen) for (const leak of LEAKS) expect(body).not.toMatch(leak);
  const events = seen.filter((s) => s.url.startsWith('/api/analytics/'));
  expect(events.every((s) => s.session === sessionId)).toBe(true);
  const bodies = events.map((s) => [s.url.replace('/api/analytics/', ''), JSON.parse(s.body)] as const);
  expect(bodies.filter(([type]) => type === 'page-view').map(([, b]) => b.path)).toEqual(['/', '/quote-success']);
  const actions = bodies.filter(([type]) => type === 'form-interaction').map(([, b]) => b.action);
  expect(actions[0]).toBe('start');
  expect(actions.at(-1)).toBe('submit');
  expect(
    bodies
      .filter(([type]) => type === 'form-interaction' && bodies)
      .map(([, b]) => b.fieldName)
      .filter(Boolean),
  ).toEqual(expect.arrayContaining(['productName', 'productDescription', 'quantity', 'deliveryLocation', 'primaryEmail', 'contactName', 'agreeTerms']));
  // The preview reports interest as the form changes (the suggestion's default quantity first, then
  // the typed one): each report names the catalogue product, and the last priced one the 200 typed.
  const interests = bodies.filter(([type]) => type === 'product-interest').map(([, b]) => b);
  for (const interest of interests) expect(interest).toMatchObject({ productName: 'Hand Sanitizer 70% Alcohol', category: 'sanitizers' });
  expect(interests).toContainEqual({ productName: 'Hand Sanitizer 70% Alcohol', category: 'sanitizers', quantity: 200, priceViewed: expect.any(Number) });
  expect(bodies.find(([type]) => type === 'quote-request')?.[1]).toEqual({
    productName: 'Hand Sanitizer 70% Alcohol',
    quantity: 200,
    estimatedValue: expect.any(Number),
    location: 'Durban',
  });
  expect(JSON.parse(seen.find((s) => s.url === '/api/consent')!.body)).toEqual({
    consentId: consent.consentId,
    analytics: true,
    revision: 1,
    timestamp: expect.any(String),
    globalPrivacyControl: false,
  });

  // The database holds the hash, never the id, and nothing typed.
  const stored = database.all('select * from analytics_events');
  expect(stored.length).toBe(events.length);
  expect(JSON.stringify(stored)).not.toContain(sessionId!);
  for (const leak of LEAKS) expect(JSON.stringify(stored)).not.toMatch(leak);
  expect(database.get('select analytics, revision from consent_records where consent_id = ?', consent.consentId)).toEqual({ analytics: 1, revision: 1 });

  // A browser sending Global Privacy Control sends nothing, whatever was clicked, and is told why.
  const gpcContext = await browser.newContext({ baseURL: page.url() });
  await gpcContext.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const gpcPage = await gpcContext.newPage();
  const gpcCalls: string[] = [];
  gpcPage.on('request', (r) => new URL(r.url()).pathname.match(/^\/api\/(analytics\/|consent)/) && gpcCalls.push(new URL(r.url()).pathname));
  await gpcPage.goto('/');
  await gpcPage.getByRole('button', { name: 'More Options' }).click();
  await expect(gpcPage.getByRole('dialog', { name: 'Cookie Preferences' }).getByRole('note')).toHaveText(
    'Your browser sends Global Privacy Control, so Procura sends no analytics from it, whatever you choose here.',
  );
  await gpcPage.getByRole('button', { name: 'Accept All Analytics' }).click();
  await gpcPage.getByRole('combobox', { name: 'Product name' }).fill('Bleach');
  await gpcPage.getByRole('option').first().click();
  await gpcPage.goto('/privacy');
  await gpcPage.waitForLoadState('networkidle');
  expect(gpcCalls).toEqual(['/api/consent']);
  expect(await gpcPage.evaluate(() => localStorage.getItem('analytics-session-id'))).toBeNull();
  await gpcContext.close();

  // The buyer asks for their data, with a link from the mailbox.
  await page.goto('/privacy/my-data');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(TYPED.email);
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to your data is on its way. It works for one hour.');
  await expectAccessible(page);

  await page.goto('/dev/mailbox');
  await page.getByRole('link', { name: 'Procura: the link to your data' }).click();
  const link = /http:\/\/\S+\/privacy\/my-data#token=dr_[A-Za-z0-9_-]{43}/.exec(await page.locator('pre').innerText())![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Requests (1)' })).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(TYPED.email) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'E-mails (2)' })).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('procura-my-data.json');
  const exported = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(exported.rfqs).toEqual([expect.objectContaining({ rfqId, role: 'sender', primaryEmail: TYPED.email, contactName: TYPED.name })]);

  await page.getByRole('button', { name: 'Delete my data' }).click();
  await page.getByRole('button', { name: 'Yes, delete it all now' }).click();
  await expect(page.getByRole('status')).toContainText('1 request no longer holds your address, and 2 e-mails were deleted.');
  expect(database.get('select primary_email, contact_name, product_description from rfqs where id = ?', rfqId)).toEqual({
    primary_email: '',
    contact_name: null,
    product_description: '',
  });

  // The results page no longer shows the address.
  await page.goto(`/quote-success?rfqId=${rfqId}`);
  await expect(page.getByText('Deleted (we keep it at most 72 hours after a request ends)')).toBeVisible();
  await expect(page.getByText('t***@umoya.example.co.za')).toHaveCount(0);
  await expect(page.getByText(/umoya/)).toHaveCount(0);

  // The staff view answers where visitors drop off, from these events.
  const setPassword = staffLink({ email: 'naledi@procura.example', name: 'Naledi Dube', role: 'admin' });
  await setStaffPassword(page, setPassword);
  // Signed out, the staff page shows the sign-in form in its place.
  await page.goto('/analytics-test');
  await signInStaff(page, 'naledi@procura.example');
  const funnel = page.getByRole('region', { name: 'Where visitors drop off' });
  await funnel.getByRole('tab', { name: 'Table' }).click();
  for (const [step, visitors, share] of [
    ['Started the quote form', '1', '100%'],
    ['Submitted it', '1', '100%'],
    ['Saw their quotes', '1', '100%'],
    ['Opened a tracking link', '0', '0%'],
  ]) {
    await expect(funnel.getByRole('row', { name: `${step} ${visitors} ${share}` })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'User tracking' })).toContainText('Receiving');
  await expectAccessible(page);
});
