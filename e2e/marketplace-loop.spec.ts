import { readFileSync } from 'node:fs';
import { COMPARE_TERMS } from '../portal/test/quotes';
import { expect, mailTo, startHandSanitizerRequest, test } from './fixtures';

// The journey reads the mailbox for its buyer's and supplier's e-mails: a server of its own keeps
// every other journey's e-mails out of it.
test.use({ ownServer: 'marketplace-loop' });

const BUYER = { email: 'procurement@umoya-hospital.example.co.za', name: 'Thandi Nkosi', company: 'Umoya Hospital Group' };
const DELIVERY = {
  address: 'Umoya Hospital, Goods Receiving, Gate 3\n14 Chartwell Drive, Umhlanga, 4319',
  phone: '031 555 0142',
  po: 'PO-2291',
  vat: '4123456789',
};

test('a request ends in an order the supplier confirms, and both sides are told', async ({ page, expectAccessible, database }) => {
  // The buyer asks for quotes, saying their company has more than 250 employees.
  await startHandSanitizerRequest(page, BUYER.email);
  await page.getByRole('textbox', { name: 'Company name (optional)' }).fill(BUYER.company);
  await page.getByRole('textbox', { name: 'Contact name (optional)' }).fill(BUYER.name);
  await page.getByRole('combobox', { name: 'Company size (optional)' }).selectOption({ label: '250+ employees' });
  await expect(page.getByText(/If I accept a quote, my contact details also go to that supplier/)).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Get My Quotes' }).click();

  await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{18}$/);
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

  // The buyer's finance team gets the quotation as a PDF.
  const quotation = tab.waitForEvent('download');
  await tab.getByRole('link', { name: 'Download the quotation (PDF)' }).click();
  expect((await quotation).suggestedFilename()).toMatch(/^procura-quotation-Q-[0-9a-z]+\.pdf$/);
  expect(
    readFileSync((await (await quotation).path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Compare two quotes side by side.
  const compare = tab.getByRole('region', { name: 'Compare quotes' });
  const boxes = compare.getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const table = compare.getByRole('table', { name: '2 quotes side by side' });
  await expect(table.getByRole('rowheader')).toHaveText(COMPARE_TERMS);
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expectAccessible(tab);

  // Accept, after the confirmation naming the supplier and asking where to deliver.
  await tab.getByRole('button', { name: 'Accept this quote' }).click();
  const dialog = tab.getByRole('dialog', { name: 'Accept this quote?' });
  await expect(dialog).toContainText(`You are accepting the quote from ${supplier} for R`);
  const address = dialog.getByRole('textbox', { name: 'Delivery address' });
  await expect(address).toBeFocused();
  await expectAccessible(tab);
  await dialog.getByRole('button', { name: 'Accept quote' }).click();
  await expect(dialog.getByText('Please enter the street address for delivery')).toBeVisible();
  await expect(dialog.getByText('Please enter a South African phone number, e.g. 082 123 4567')).toBeVisible();
  await expect(address).toBeFocused();
  await expectAccessible(tab);
  await address.fill(DELIVERY.address);
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill(DELIVERY.phone);
  await dialog.getByRole('textbox', { name: 'Purchase order reference (optional)' }).fill(DELIVERY.po);
  await dialog.getByRole('textbox', { name: 'VAT number (optional)' }).fill(DELIVERY.vat);
  await dialog.getByRole('button', { name: 'Accept quote' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab.getByText('This quote:')).toHaveText('This quote: Accepted');
  await expect(tab.getByText('Your request:')).toHaveText('Your request: Awarded');
  const others = tab
    .getByRole('region', { name: `All ${quoteCount} quotes for this request` })
    .getByRole('listitem')
    .filter({ hasNotText: 'The quote on this page' });
  await expect(others).toHaveCount(quoteCount - 1);
  for (const other of await others.all()) await expect(other).toContainText('Not selected');
  await expect(tab.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

  // The supplier's e-mail carries the buyer's contact and the response link.
  const supplierEmail = (await tab.getByRole('region', { name: 'Contact the supplier' }).getByRole('link').textContent())!;
  const orderMail = (await mailTo(page, supplierEmail)).find((m) => /\/supplier-response\/sr_/.test(m.text));
  expect(orderMail, "the accepted supplier's e-mail").toBeTruthy();
  expect(orderMail!.text).toContain(BUYER.email);
  expect(orderMail!.text).toContain(BUYER.company);
  expect(orderMail!.text).toContain('Delivery address: Umoya Hospital, Goods Receiving, Gate 3, 14 Chartwell Drive, Umhlanga, 4319');
  expect(orderMail!.text).toContain('Phone: +27 31 555 0142');
  expect(orderMail!.text).toMatch(/Purchase order: PO-\d{4}-\d{6} \(name it on your tax invoice\)/);
  expect(orderMail!.text).toContain(`Buyer’s reference: ${DELIVERY.po}`);
  expect(orderMail!.text).toContain(`VAT number: ${DELIVERY.vat}`);
  const responsePath = new URL(/http:\/\/\S+\/supplier-response\/sr_[A-Za-z0-9_-]+/.exec(orderMail!.text)![0]).pathname;
  // It carries the purchase order, the same document the buyer downloads from the tracking page.
  expect(orderMail!.attachments.map((a) => a.name)).toEqual([expect.stringMatching(/^procura-po-\d{4}-\d{6}\.pdf$/)]);
  const attached = await (await page.request.get(orderMail!.attachments[0]!.href)).body();
  // Each order is named by its number, the one the e-mail gives.
  const poNumber = /Purchase order: (PO-\d{4}-\d{6})/.exec(orderMail!.text)![1]!;
  const poLink = tab.getByRole('link', { name: `Purchase order ${poNumber} (PDF)` });
  await expect(poLink).toBeVisible();
  const ordered = await (await page.request.get((await poLink.getAttribute('href'))!)).body();
  expect(attached.subarray(0, 5).toString()).toBe('%PDF-');
  expect(attached.equals(ordered)).toBe(true);

  // The supplier confirms.
  const supplierTab = await page.context().newPage();
  await supplierTab.goto(responsePath);
  await expect(supplierTab.getByRole('heading', { level: 1 })).toHaveText('Order: Hand Sanitizer 70% Alcohol');
  await expect(supplierTab.getByRole('region', { name: 'The buyer' })).toContainText(BUYER.email);
  await expect(supplierTab.getByRole('region', { name: 'The buyer' })).toContainText('250+ employees');
  await expect(supplierTab.getByRole('region', { name: 'The buyer' }).getByRole('link', { name: '+27 31 555 0142' })).toHaveAttribute(
    'href',
    'tel:+27315550142',
  );
  await expect(supplierTab.getByRole('region', { name: 'The buyer' })).toContainText(DELIVERY.vat);
  await expect(supplierTab.getByRole('region', { name: 'The order' })).toContainText(DELIVERY.po);
  await expect(supplierTab.getByRole('region', { name: 'The order' })).toContainText('14 Chartwell Drive, Umhlanga, 4319');
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

test("the e-mail's Compare all quotes link accepts in another browser, straight or through the e-mail's link check", async ({
  page,
  browser,
  expectAccessible,
}, testInfo) => {
  const request = async (email: string) => {
    const res = await page.request.post('/api/rfq', {
      data: {
        productName: 'Hand Sanitizer 70% Alcohol',
        productDescription: 'Refills for the dispensers at three clinics',
        quantity: 200,
        deliveryLocation: 'Durban',
        supplierCount: 3,
        primaryEmail: email,
        agreeTerms: true,
      },
    });
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { rfqId: string; quotes: { supplier: { name: string } }[] };
    const [mail] = (await mailTo(page, email)).filter((m) => /quotes? for your request/.test(m.subject));
    const link = /Compare all quotes: (\S+)/.exec(mail!.text)![1]!;
    return { ...body, link: new URL(link) };
  };

  for (const [width, via] of [
    [390, 'straight'],
    [1280, 'through /mail/open/'],
  ] as const) {
    const sent = await request(`stores-${width}@clinic.example.co.za`);
    expect(sent.link.hash).toMatch(/^#from=email&Q-\d+=qt_/);
    // Another device: a browser that never saw the request. A partner's request pending credit sends the
    // link through /mail/open/, whose redirect names no fragment: the browser keeps the link's.
    const other = await browser.newContext({ viewport: { width, height: 900 } });
    await other.addInitScript(() =>
      localStorage.setItem(
        'procura-consent',
        JSON.stringify({ essential: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), revision: 1 }),
      ),
    );
    const tab = await other.newPage();
    const address = via === 'straight' ? sent.link.pathname + sent.link.search + sent.link.hash : `/mail/open/${sent.rfqId}/${'A'.repeat(22)}${sent.link.hash}`;
    await tab.goto(new URL(address, page.url()).toString());
    const cards = tab.locator('.quote-card');
    await expect(cards).toHaveCount(sent.quotes.length);
    await expect(tab.getByRole('button', { name: 'Accept this quote' })).toHaveCount(sent.quotes.length);
    // The tokens leave the address bar: a copied address cannot accept.
    expect(new URL(tab.url()).hash).toBe('');
    expect(new URL(tab.url()).pathname).toBe('/quote-success');
    await testInfo.attach(`results opened from the e-mail at ${width} px`, { body: await tab.screenshot({ fullPage: false }), contentType: 'image/png' });
    await expectAccessible(tab);

    const supplier = sent.quotes[1]!.supplier.name;
    await cards.filter({ hasText: supplier }).getByRole('button', { name: 'Accept this quote' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Accept this quote?' });
    await expect(dialog).toContainText(`You are accepting the quote from ${supplier} for R`);
    await expect(dialog).toContainText('excl. VAT (R');
    await dialog.getByRole('textbox', { name: /Delivery address/ }).fill('Stores, 12 Clinic Road, Berea, Durban, 4001');
    await dialog.getByRole('textbox', { name: /Phone number/ }).fill('031 555 0177');
    await testInfo.attach(`accept confirmation at ${width} px`, { body: await tab.screenshot(), contentType: 'image/png' });
    await dialog.getByRole('button', { name: 'Accept quote' }).click();
    await expect(tab.getByText(`You accepted the quote from ${supplier}.`, { exact: false })).toBeVisible();
    await expect(cards.filter({ hasText: supplier }).getByText('Your chosen supplier')).toBeVisible();
    await other.close();
  }
});
