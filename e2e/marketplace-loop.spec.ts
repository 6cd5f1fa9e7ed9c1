import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The journey reads the mailbox for its buyer's and supplier's e-mails: a server of its own keeps
// every other journey's e-mails out of it.
test.use({ ownServer: 'marketplace-loop' });

const BUYER = { email: 'procurement@umoya-hospital.example.co.za', name: 'Thandi Nkosi', company: 'Umoya Hospital Group' };

/** The plain-text parts of the mailbox's e-mails to `recipient`, newest first. */
async function mailTo(page: Page, recipient: string): Promise<{ subject: string; text: string }[]> {
  await page.goto('/dev/mailbox');
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell', { name: recipient, exact: true }) });
  const links = await rows.getByRole('link').evaluateAll((as) => as.map((a) => ({ href: (a as HTMLAnchorElement).getAttribute('href')!, subject: a.textContent ?? '' })));
  const mails = [];
  for (const { href, subject } of links) {
    const html = await (await page.request.get(href)).text();
    const text = /<pre>([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? '';
    mails.push({ subject, text: text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>') });
  }
  return mails;
}

test('a request ends in an order the supplier confirms, and both sides are told', async ({ page, expectAccessible, database }) => {
  // The buyer asks for quotes, saying their company has more than 250 employees.
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Product name' }).fill('Hand San');
  await page.getByRole('option', { name: /Hand Sanitizer 70% Alcohol/ }).click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('200');
  await page.getByRole('combobox', { name: 'Delivery location' }).fill('Durb');
  await page.getByRole('option', { name: 'Durban, KwaZulu-Natal' }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(BUYER.email);
  await page.getByRole('textbox', { name: 'Company name (optional)' }).fill(BUYER.company);
  await page.getByRole('textbox', { name: 'Contact name (optional)' }).fill(BUYER.name);
  await page.getByRole('combobox', { name: 'Company size (optional)' }).selectOption({ label: '250+ employees' });
  await expect(page.getByText(/If I accept a quote, my contact details also go to that supplier/)).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Get My Quotes' }).click();

  await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{18}$/, { timeout: 15_000 });
  const rfqId = new URL(page.url()).searchParams.get('rfqId')!;
  const cards = page.locator('.quote-card');
  await expect(cards).toHaveCount(3);
  const quoteCount = await cards.count();
  expect(database.get('select company_size from rfqs where id = ?', rfqId)).toEqual({ company_size: '250+' });
  await expect(page.getByText('250+ employees')).toBeVisible();
  // This tab sent the request, so it may accept here too; every card starts offered.
  await expect(page.getByRole('button', { name: 'Accept this quote' })).toHaveCount(quoteCount);
  await expect(cards.getByText('Offered', { exact: true })).toHaveCount(quoteCount);
  await expectAccessible(page);

  // The buyer opens the first quote's tracking link from their e-mail, in a fresh tab with no tokens of its own.
  const [quotesMail] = (await mailTo(page, BUYER.email)).filter((m) => /quotes? for your request/.test(m.subject));
  expect(quotesMail, 'the e-mail with the quotes').toBeTruthy();
  expect(quotesMail!.text).toMatch(/\/quote\/qt_[A-Za-z0-9_-]+\?action=accept/);
  const trackingPath = new URL(/http:\/\/\S+\/quote\/qt_[A-Za-z0-9_-]+/.exec(quotesMail!.text)![0]).pathname;
  const tab = await page.context().newPage();
  await tab.goto(trackingPath);
  await expect(tab.getByText('This quote:')).toHaveText('This quote: Offered');
  await expect(tab.getByText('Your request:')).toHaveText('Your request: Open');
  const supplier = (await tab.getByRole('region', { name: 'Quote details' }).locator('dd').first().textContent())!;
  await expectAccessible(tab);

  // Compare two quotes side by side.
  const compare = tab.getByRole('region', { name: 'Compare quotes' });
  const boxes = compare.getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const table = compare.getByRole('table', { name: '2 quotes side by side' });
  await expect(table.getByRole('rowheader')).toHaveText(['Price excl. VAT', 'VAT', 'Total incl. VAT', 'Lead time', 'Minimum order', 'Payment terms', 'Valid until', 'Quality score', 'Status']);
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expectAccessible(tab);

  // Accept, after the confirmation naming the supplier.
  await tab.getByRole('button', { name: 'Accept this quote' }).click();
  const dialog = tab.getByRole('dialog', { name: 'Accept this quote?' });
  await expect(dialog).toContainText(`You are accepting the quote from ${supplier} for R`);
  await expectAccessible(tab);
  await dialog.getByRole('button', { name: 'Accept quote' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab.getByText('This quote:')).toHaveText('This quote: Accepted');
  await expect(tab.getByText('Your request:')).toHaveText('Your request: Awarded');
  const others = tab.getByRole('region', { name: `All ${quoteCount} quotes for this request` }).getByRole('listitem').filter({ hasNotText: 'The quote on this page' });
  await expect(others).toHaveCount(quoteCount - 1);
  for (const other of await others.all()) await expect(other).toContainText('Not selected');
  await expect(tab.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

  // The supplier's e-mail carries the buyer's contact and the response link.
  const supplierEmail = (await tab.getByRole('region', { name: 'Contact the supplier' }).getByRole('link').textContent())!;
  const orderMail = (await mailTo(page, supplierEmail)).find((m) => /\/supplier-response\/sr_/.test(m.text));
  expect(orderMail, "the accepted supplier's e-mail").toBeTruthy();
  expect(orderMail!.text).toContain(BUYER.email);
  expect(orderMail!.text).toContain(BUYER.company);
  const responsePath = new URL(/http:\/\/\S+\/supplier-response\/sr_[A-Za-z0-9_-]+/.exec(orderMail!.text)![0]).pathname;

  // The supplier confirms.
  const supplierTab = await page.context().newPage();
  await supplierTab.goto(responsePath);
  await expect(supplierTab.getByRole('heading', { level: 1 })).toHaveText('Order: Hand Sanitizer 70% Alcohol');
  await expect(supplierTab.getByRole('region', { name: 'The buyer' })).toContainText(BUYER.email);
  await expect(supplierTab.getByRole('region', { name: 'The buyer' })).toContainText('250+ employees');
  await expectAccessible(supplierTab);
  await supplierTab.getByRole('button', { name: 'Confirm order' }).click();
  await expect(supplierTab.getByRole('status')).toContainText('Order confirmed. We told the buyer.');
  await expectAccessible(supplierTab);

  // The buyer is told, by e-mail and on the tracking page.
  const confirmedMail = (await mailTo(page, BUYER.email)).find((m) => /confirmed/i.test(m.subject) || /confirmed/i.test(m.text));
  expect(confirmedMail, "the buyer's e-mail that the supplier confirmed").toBeTruthy();
  expect(`${confirmedMail!.subject}\n${confirmedMail!.text}`).toContain(supplier);
  await tab.reload();
  await expect(tab.getByText('This quote:')).toHaveText('This quote: Confirmed by supplier');
  await expect(tab.getByText(`${supplier} confirmed your order`)).toBeVisible();
});
