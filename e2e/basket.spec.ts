import { expect, mailTo, test } from './fixtures';

// The journey reads the mailbox for its supplier's order: a server of its own keeps other journeys' e-mails out of it.
test.use({ ownServer: 'basket' });

const LIST = [
  'Hand Sanitizer 70% Alcohol, 200, litres',
  'Toilet Paper 2-Ply (48-pack), 30, packs',
  'Refuse bags, lots, rolls',
  'Nitrile Examination Gloves (100-pack), 50',
  'Dishwashing Liquid Concentrate, 24',
  'Glass and Window Cleaner, 12',
].join('\n');

test('a buyer pastes a restocking list, fixes its bad line, compares every supplier line by line and orders the basket', async ({
  page,
  expectAccessible,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Product name' }).fill('Household Bleach');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('40');
  await page.getByRole('button', { name: 'Paste a list' }).click();

  const box = page.getByRole('textbox', { name: /Paste your list/ });
  await box.fill(LIST);
  await page.getByRole('button', { name: 'Add these products' }).click();
  await expect(page.getByRole('status')).toHaveText('5 products added. 1 line needs fixing: it is left in the box.');
  await expect(page.getByText('Line 3 (Refuse bags, lots, rolls): Quantity must be at least 1')).toBeVisible();
  await expect(box).toHaveValue('Refuse bags, lots, rolls');
  await expectAccessible(page);
  await box.fill('Refuse bags, 20, rolls');
  await page.getByRole('button', { name: 'Add these products' }).click();
  await expect(page.getByRole('textbox', { name: /^Product \d$/ })).toHaveCount(7);

  await page.getByRole('combobox', { name: 'Delivery location' }).fill('Johannesburg');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('stores@clinic.example.co.za');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Get Quotes for 7 Products' }).click();

  await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{18}$/);
  const split = page.getByRole('article', { name: 'Cheapest split' });
  await expect(split).toBeVisible();
  // The results open at their top, not where the long form was scrolled to.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(split).toContainText(/\d deliver(y|ies)/);
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader')).toHaveText([
    /Household Bleach/,
    /Hand Sanitizer 70% Alcohol/,
    /Toilet Paper 2-Ply/,
    /Nitrile Examination Gloves/,
    /Dishwashing Liquid Concentrate/,
    /Glass and Window Cleaner/,
    /Refuse bags/,
    'Total excl. VAT',
  ]);
  // Every line a supplier quotes has its cheapest price marked.
  for (const row of await table.locator('tbody tr').all()) {
    if ((await row.locator('td').filter({ hasNotText: 'Not quoted' }).count()) > 0) await expect(row.getByText('Cheapest')).not.toHaveCount(0);
  }
  await testInfo.attach('basket results at 1280 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  await expectAccessible(page);

  // On a phone, one card per supplier.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  const cards = page.locator('.basket-cards > li');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText(/\d of 7 lines/);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The buyer accepts the cheapest split in one step; each of its suppliers receives the order of its own products and confirms it.
  const names = await split.getByRole('listitem').locator('strong').allTextContents();
  await split.getByRole('button', { name: 'Accept cheapest split' }).click();
  const dialog = page.getByRole('dialog', { name: names.length > 1 ? 'Accept the cheapest split?' : 'Accept this quote?' });
  await dialog.getByRole('textbox', { name: /Delivery address/ }).fill('Stores, 12 Clinic Road, Parktown, Johannesburg, 2193');
  await dialog.getByRole('textbox', { name: /Phone number/ }).fill('011 555 0177');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: names.length > 1 ? 'Accept split' : 'Accept quote' }).click();
  const ordered = page.getByRole('status').filter({ hasText: 'You ordered from' });
  for (const name of names) await expect(ordered).toContainText(name);
  // Nothing is left to split; the matrix marks each supplier's ordered lines.
  await expect(page.getByRole('heading', { name: 'Cheapest split and best single supplier' })).toHaveCount(0);
  const rfq = (await page.request.get(`/api/rfq/${new URL(page.url()).searchParams.get('rfqId')}`).then((r) => r.json())) as {
    status: string;
    lines: { productName: string }[];
    quotes: { supplier: { name: string; email: string }; lines: { productName: string; status: string }[] }[];
  };
  expect(rfq.status).toBe('awarded');
  const accepted = rfq.quotes.flatMap((q) => q.lines.filter((l) => l.status === 'accepted'));
  expect(accepted.length).toBeGreaterThanOrEqual(6);
  await expect(table.getByText('Ordered', { exact: true })).toHaveCount(accepted.length);
  await testInfo.attach('basket ordered', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  for (const name of names) {
    const quote = rfq.quotes.find((q) => q.supplier.name === name)!;
    const mine = quote.lines.filter((l) => l.status === 'accepted').map((l) => l.productName);
    const order = (await mailTo(page, quote.supplier.email)).find((m) => /\/supplier-response\/sr_/.test(m.text));
    expect(order, `${name}'s order e-mail`).toBeTruthy();
    expect(order!.attachments.map((a) => a.name)).toEqual([expect.stringMatching(/^procura-po-\d{4}-\d{6}\.pdf$/)]);
    for (const product of mine) expect(order!.text).toContain(product);
    const others = rfq.lines.map((l) => l.productName).filter((p) => !mine.includes(p));
    for (const product of others) expect(order!.text).not.toContain(`: ${product}`);

    const supplierTab = await page.context().newPage();
    await supplierTab.goto(new URL(/http:\/\/\S+\/supplier-response\/sr_[A-Za-z0-9_-]+/.exec(order!.text)![0]).pathname);
    await expect(supplierTab.getByRole('region', { name: 'The order' }).getByRole('listitem')).toHaveCount(mine.length);
    await expectAccessible(supplierTab);
    await supplierTab.getByRole('button', { name: 'Confirm order' }).click();
    await expect(supplierTab.getByRole('status')).toContainText('Order confirmed. We told the buyer.');
    await supplierTab.close();
  }
});
