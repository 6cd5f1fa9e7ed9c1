import type { Page } from '@playwright/test';
import { formatNumber } from '../sdk/format';
import { chooseSupplierToInvite, expect, mailTo, setStaffPassword, signInStaff, startHandSanitizerRequest, test } from './fixtures';

// The delivery loop on a phone: the buyer orders, the supplier confirms and marks the order
// delivered, the buyer confirms receipt from the e-mail's link, and the supplier's public page
// counts it. It records an order and reads the mailbox, so it runs on a server of its own.
test.use({ ownServer: 'delivery-loop', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const BUYER = { email: 'stores@umoya-clinic.example.co.za', address: 'Umoya Clinic, Stores\n14 Chartwell Drive, Umhlanga, 4319', phone: '031 555 0142' };

interface Scorecard {
  orders: number;
  confirmed: number;
  receipts: number;
}

/** The figures the supplier's public page shows, by their names. */
async function pageFigures(page: Page): Promise<Record<string, string>> {
  const figures = page.locator('.scorecard-figures > div');
  await expect(figures.first()).toBeVisible();
  const pairs = await figures.evaluateAll((divs) => divs.map((d) => [d.querySelector('dt')!.textContent!, d.querySelector('dd')!.textContent!]));
  return Object.fromEntries(pairs);
}

test('an order the supplier marks delivered is confirmed received by the buyer from the e-mail, and the supplier’s public page counts it', async ({
  page,
  context,
  request,
  staffLink,
  expectAccessible,
  database,
}, testInfo) => {
  // The buyer asks for quotes from the home page.
  await startHandSanitizerRequest(page, BUYER.email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Get My Quotes' }).click();
  await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{18}$/);
  const results = new URL(page.url());

  // The first quote's supplier: its record before the order, on the API and on its public page.
  const card = page.locator('.quote-card').first();
  const heading = card.getByRole('heading', { level: 3 });
  const supplierName = (await heading.textContent())!;
  const quoteId = (await heading.getAttribute('id'))!.replace(/^quote-/, '');
  const { id: supplierId, slug } = database.get('select id, slug from suppliers where name = ?', supplierName) as { id: number; slug: string };
  const scorecard = async () => (await (await request.get(`/api/suppliers/${supplierId}/scorecard`)).json()) as Scorecard;
  const before = await scorecard();
  const publicPage = await context.newPage();
  await publicPage.goto(`/suppliers/${slug}`);
  expect(await pageFigures(publicPage)).toMatchObject({
    Orders: formatNumber(before.orders),
    'Confirmed by the supplier': formatNumber(before.confirmed),
    'Deliveries recorded by buyers': formatNumber(before.receipts),
  });

  // The buyer accepts it on the results page.
  await card.getByRole('button', { name: 'Accept this quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  await dialog.getByRole('textbox', { name: /Delivery address/ }).fill(BUYER.address);
  await dialog.getByRole('textbox', { name: /Phone number/ }).fill(BUYER.phone);
  await dialog.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByText(`You accepted the quote from ${supplierName}.`, { exact: false })).toBeVisible();

  // Staff invite one of the supplier's people, who signs in to the workspace from the e-mailed link.
  const desk = await context.newPage();
  await setStaffPassword(desk, staffLink({ email: 'deliveries@procura.example', name: 'Deliveries Admin', role: 'admin' }));
  await desk.goto('/admin');
  await signInStaff(desk, 'deliveries@procura.example');
  await chooseSupplierToInvite(desk, supplierName);
  await desk.getByRole('textbox', { name: 'Name' }).fill('Sipho Dlamini');
  await desk.getByRole('textbox', { name: 'E-mail' }).last().fill('sipho@deliveries.example');
  await desk.getByRole('button', { name: 'Invite to the supplier workspace' }).click();
  await expect(desk.getByText('sipho@deliveries.example was e-mailed a sign-in link to the supplier workspace.')).toBeVisible();
  const [invite] = await mailTo(desk, 'sipho@deliveries.example');
  await desk.goto(/(http\S+\/supplier\/sign-in#sl_[\w-]{43})/.exec(invite!.text)![1]!);
  await desk.getByRole('button', { name: /^Sign in as Sipho Dlamini at / }).click();
  await expect(desk.getByText('Signed in as Sipho Dlamini (sipho@deliveries.example)')).toBeVisible();

  // The supplier confirms the order, then marks it delivered today.
  await desk.goto(`/supplier?lead=${quoteId}`);
  const lead = desk.locator('.lead-card-opened');
  await lead.getByRole('button', { name: 'Confirm the order' }).click();
  await desk
    .getByRole('dialog', { name: /^Confirm order PO-\d{4}-\d{6} for R[\d,]+\.\d{2}\?$/ })
    .getByRole('button', { name: 'Confirm the order' })
    .click();
  await expect(lead.getByText('Confirmed by supplier', { exact: true })).toBeVisible();
  const mark = lead.getByRole('form', { name: /^Mark PO-\d{4}-\d{6} delivered$/ });
  const poNumber = /PO-\d{4}-\d{6}/.exec((await mark.getAttribute('aria-label'))!)![0];
  const today = await mark.getByLabel('Delivered on').inputValue();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expectAccessible(desk);
  await mark.getByRole('button', { name: `Mark delivered ${poNumber}` }).click();
  await expect(lead.getByText(`You marked ${poNumber} delivered on`)).toBeVisible();
  await expectAccessible(desk);
  await testInfo.attach('marked delivered at 390 px', { body: await desk.screenshot({ fullPage: true }), contentType: 'image/png' });

  // The buyer opens the e-mail's Confirm receipt link and confirms receipt there.
  const inbox = await context.newPage();
  let receiptLink = '';
  await expect
    .poll(async () => {
      const mail = (await mailTo(inbox, BUYER.email)).find((m) => m.text.includes('?action=receipt'));
      receiptLink = /Confirm receipt: (http\S+\/quote\/qt_[A-Za-z0-9_-]+\?action=receipt)/.exec(mail?.text ?? '')?.[1] ?? '';
      return receiptLink;
    })
    .not.toBe('');
  // The form starts at the buyer's own day in Johannesburg, which is the supplier's unless midnight passed between them.
  const buyersDay = () => inbox.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date()));
  const dayBefore = await buyersDay();
  await inbox.goto(new URL(receiptLink).pathname + new URL(receiptLink).search);
  const form = inbox.getByRole('form', { name: `Confirm receipt of purchase order ${poNumber}` });
  await expect(form.getByLabel('Day it arrived')).toBeFocused();
  const shown = await form.getByLabel('Day it arrived').inputValue();
  expect([dayBefore, await buyersDay()]).toContain(shown);
  await expectAccessible(inbox);
  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByRole('radio', { name: '5 of 5' }).check();
  await form.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(inbox.getByText(`You confirmed receipt of purchase order ${poNumber}: arrived`)).toHaveText(
    new RegExp(`^You confirmed receipt of purchase order ${poNumber}: arrived .+, on time, everything arrived, rated 5 of 5\\.$`),
  );
  await expectAccessible(inbox);

  // The results page shows the receipt too.
  await page.goto(results.pathname + results.search);
  await expect(page.locator('.quote-card').filter({ hasText: supplierName }).getByText(`You confirmed receipt of purchase order ${poNumber}`)).toBeVisible();
  await expectAccessible(page);

  // The supplier's record counts the order, its confirmation and its receipt; its public page shows the same.
  const after = await scorecard();
  expect(after).toMatchObject({ orders: before.orders + 1, confirmed: before.confirmed + 1, receipts: before.receipts + 1 });
  await publicPage.goto(`/suppliers/${slug}`);
  expect(await pageFigures(publicPage)).toMatchObject({
    Orders: formatNumber(after.orders),
    'Confirmed by the supplier': formatNumber(after.confirmed),
    'Deliveries recorded by buyers': formatNumber(after.receipts),
  });
  await expectAccessible(publicPage);
});
