import { SUPPLIER_MESSAGES } from '../contract/schemas/supplier-workspace';
import { chooseSupplierToInvite, expect, mailTo, setStaffPassword, signInStaff, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('the supplier workspace on a phone', () => {
  test('staff invite a supplier user from /admin, who signs in from the e-mailed link and adds a colleague', async ({
    page,
    staffLink,
    expectAccessible,
    database,
  }, testInfo) => {
    await setStaffPassword(page, staffLink({ email: 'invites@procura.example', name: 'Invites Admin', role: 'admin' }));
    await page.goto('/admin');
    await signInStaff(page, 'invites@procura.example');
    await expect(page.getByRole('heading', { name: 'Supplier workspace access' })).toBeVisible();
    await chooseSupplierToInvite(page, database.get('select name from suppliers where id = 1')!.name as string);
    await page.getByRole('textbox', { name: 'Name' }).fill('Nomsa Khumalo');
    await page.getByRole('textbox', { name: 'E-mail' }).last().fill('nomsa@supplier-one.example');
    await page.getByRole('button', { name: 'Invite to the supplier workspace' }).click();
    await expect(page.getByText('nomsa@supplier-one.example was e-mailed a sign-in link to the supplier workspace.')).toBeVisible();

    await page.goto('/supplier/sign-in');
    await expect(page.getByRole('heading', { name: 'Supplier sign-in' })).toBeVisible();
    await expectAccessible(page);

    const [mail] = await mailTo(page, 'nomsa@supplier-one.example');
    const link = /(http\S+\/supplier\/sign-in#sl_[\w-]{43})/.exec(mail!.text)![1]!;
    await page.goto(link);
    // Opening the link signs nobody in: the page says whom it is for, and the click signs in.
    const signIn = page.getByRole('button', { name: /^Sign in as Nomsa Khumalo at .+/ });
    await expect(signIn).toBeVisible();
    await expect(page.getByText(/^This link signs in Nomsa Khumalo at .+\. It works once\.$/)).toBeVisible();
    await expect(page).toHaveURL(/\/supplier\/sign-in$/);
    await expectAccessible(page);
    await signIn.click();
    await expect(page).toHaveURL(/\/supplier$/);
    await expect(page.getByText('Signed in as Nomsa Khumalo (nomsa@supplier-one.example)')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Leads' })).toBeVisible();
    await expectAccessible(page);

    // Its own terms and B-BBEE standing, which its quotes and paperwork carry.
    await page.getByRole('tab', { name: 'Your details' }).click();
    await page.getByRole('textbox', { name: 'Payment terms' }).fill('45 days from statement');
    await page.getByRole('combobox', { name: 'B-BBEE level' }).selectOption({ label: 'Level 3' });
    await page.getByRole('combobox', { name: 'Evidence' }).selectOption({ label: 'Sworn affidavit' });
    await page.getByLabel('Evidence expires on').fill('2027-09-30');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save my details' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved. Your next quotes use these details.');
    await expect(page.getByText(/B-BBEE level 3\b.*procurement recognition 110%/)).toBeVisible();
    await testInfo.attach('supplier details at 390 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    // Its track record as buyers read it, each order's outcome, then how its leads went.
    await page.getByRole('tab', { name: 'Performance' }).click();
    const record = page.getByRole('region', { name: 'Track record' });
    await expect(record).toBeVisible();
    const seeded = Number(database.get('select count(*) as n from purchase_orders po join quotes q on q.id = po.quote_id where q.supplier_id = 1')!.n);
    const orders = page.getByRole('list', { name: 'Orders in the last 12 months' });
    if (seeded === 0) await expect(page.getByText(/^No orders yet\./)).toBeVisible();
    else {
      await expect(orders.getByRole('listitem').first()).toContainText(/PO-\d{4}-\d{6}/);
      await expect(orders.getByRole('listitem')).toHaveCount(Math.min(20, seeded));
      await expect(orders.getByRole('listitem').first()).toContainText(/Counts (in your record|once the buyer records its receipt)\.|Not counted/);
    }
    await expect(record.getByText(/\d+ %/).or(record.getByText('New on Procura'))).not.toHaveCount(0);
    await expectAccessible(page);
    await testInfo.attach('supplier performance at 390 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    await expect(page.getByText('Leads in 12 months')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your leads by month' }).getByRole('row')).toHaveCount(13);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Thabo Mokoena');
    await page.getByRole('textbox', { name: 'Work e-mail' }).fill('thabo@supplier-one.example');
    await page.getByRole('button', { name: 'Invite and e-mail a sign-in link' }).click();
    // The same answer whatever the address; the colleague is listed as invited until they sign in.
    await expect(page.getByRole('status')).toHaveText(SUPPLIER_MESSAGES.invited);
    await expect(page.getByRole('region', { name: 'Invited' })).toContainText('Thabo Mokoena');
    await expect(page.getByRole('button', { name: 'Withdraw the invitation to Thabo Mokoena' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You are signed out.')).toBeVisible();
    // The link works once.
    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(SUPPLIER_MESSAGES.linkInvalid);
  });

  test('a supplier changes a price from its phone, the next request quotes it, it makes the lead firm, and confirms the order the buyer accepts', async ({
    page,
    staffLink,
    expectAccessible,
  }, testInfo) => {
    const request = {
      productName: 'Hand Sanitizer 70% Alcohol',
      productDescription: 'Refills for the ward dispensers',
      quantity: 10,
      supplierCount: 5,
      deliveryLocation: 'Durban',
      agreeTerms: true,
    };
    const ask = async (email: string) => {
      const res = await page.request.post('/api/rfq', { data: { ...request, primaryEmail: email } });
      expect(res.status()).toBe(201);
      return (await res.json()) as {
        quotes: { id: string; pricingBasis: string; listUnitPrice: number; trackingUrl: string; supplier: { name: string; email: string } }[];
      };
    };
    const first = (await ask('first.buyer@clinic.example.co.za')).quotes.find((q) => q.pricingBasis === 'price-list')!;

    // Staff invite one of the supplier's people, who signs in from the e-mailed link.
    await setStaffPassword(page, staffLink({ email: 'prices@procura.example', name: 'Prices Admin', role: 'admin' }));
    await page.goto('/admin');
    await signInStaff(page, 'prices@procura.example');
    await chooseSupplierToInvite(page, first.supplier.name);
    await page.getByRole('textbox', { name: 'Name' }).fill('Lindiwe Ndlovu');
    await page.getByRole('textbox', { name: 'E-mail' }).last().fill('lindiwe@prices.example');
    await page.getByRole('button', { name: 'Invite to the supplier workspace' }).click();
    await expect(page.getByText('lindiwe@prices.example was e-mailed a sign-in link to the supplier workspace.')).toBeVisible();
    const [mail] = await mailTo(page, 'lindiwe@prices.example');
    await page.goto(/(http\S+\/supplier\/sign-in#sl_[\w-]{43})/.exec(mail!.text)![1]!);
    await page.getByRole('button', { name: /^Sign in as Lindiwe Ndlovu at / }).click();
    await expect(page.getByText('Signed in as Lindiwe Ndlovu (lindiwe@prices.example)')).toBeVisible();

    // The price list: one price changed, its volume prices dropped.
    await page.getByRole('tab', { name: 'Price list' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: request.productName }) });
    await expect(card.getByText('Quoted', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await card.getByRole('button', { name: `Change ${request.productName}` }).click();
    const price = Math.round((first.listUnitPrice - 1.11) * 100) / 100;
    await card.getByRole('textbox', { name: /^Unit price \(R per .+, excl\. VAT\)$/ }).fill(price.toFixed(2));
    while ((await card.getByRole('button', { name: /^Remove volume price/ }).count()) > 0)
      await card
        .getByRole('button', { name: /^Remove volume price/ })
        .first()
        .click();
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toHaveText(`${request.productName}: saved. Your next quotes use it.`);
    await expect(card).toContainText(`R${price.toFixed(2)}`);
    await testInfo.attach('price list at 390 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    // The next buyer's request is quoted at that price; its lead is in the workspace, made firm there.
    const quote = (await ask('second.buyer@clinic.example.co.za')).quotes.find((q) => q.supplier.email === first.supplier.email)!;
    expect(quote.listUnitPrice).toBe(price);
    await page.goto(`/supplier?lead=${quote.id}`);
    const lead = page.locator('.lead-card-opened');
    await expect(lead).toContainText('Indicative');
    await lead.getByRole('button', { name: 'Firm up' }).click();
    await lead.getByRole('button', { name: 'Make this price firm' }).click();
    await expect(lead.getByText('Firm', { exact: true })).toBeVisible();

    // The buyer's tracking page says so; the buyer accepts.
    const buyer = await page.context().newPage();
    await buyer.goto(new URL(quote.trackingUrl).pathname);
    await expect(buyer.getByText('Firm', { exact: true }).first()).toBeVisible();
    await buyer.getByRole('button', { name: 'Accept this quote' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Accept this quote?' });
    await dialog.getByRole('textbox', { name: /Delivery address/ }).fill('Ward 4 stores, 12 Clinic Road, Durban, 4001');
    await dialog.getByRole('textbox', { name: /Phone number/ }).fill('031 555 0142');
    await dialog.getByRole('button', { name: 'Accept quote' }).click();
    await expect(buyer.getByText('This quote:')).toHaveText('This quote: Accepted');

    // The supplier confirms from the workspace, asked once first.
    await page.reload();
    await lead.getByRole('button', { name: 'Confirm the order' }).click();
    const asked = page.getByRole('dialog', { name: /^Confirm order PO-\d{4}-\d{6} for R[\d,]+\.\d{2}\?$/ });
    await expectAccessible(page);
    await asked.getByRole('button', { name: 'Confirm the order' }).click();
    await expect(lead.getByText('Confirmed by supplier', { exact: true })).toBeVisible();
    await buyer.reload();
    await expect(buyer.getByText('This quote:')).toHaveText('This quote: Confirmed by supplier');
  });

  test('a supplier firms one product of a basket lead at its own price and withdraws another, and the lead and the buyer see both', async ({
    page,
    staffLink,
    expectAccessible,
    database,
  }, testInfo) => {
    const res = await page.request.post('/api/rfq', {
      data: {
        lines: [
          { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200 },
          { productName: 'Household Bleach', quantity: 40 },
          { productName: 'Refuse Bags', quantity: 50 },
        ],
        supplierCount: 5,
        deliveryLocation: 'Johannesburg',
        primaryEmail: 'stores@lines.example.co.za',
        agreeTerms: true,
      },
    });
    expect(res.status()).toBe(201);
    const { quotes } = (await res.json()) as {
      quotes: {
        id: string;
        trackingUrl: string;
        supplier: { email: string };
        coverage?: { covered: number };
        lines?: { lineId: string; productName: string }[];
      }[];
    };
    const quote = quotes.find((q) => q.coverage?.covered === 3)!;
    const supplierName = database.get('select name from suppliers where email = ?', quote.supplier.email)!.name as string;

    await setStaffPassword(page, staffLink({ email: 'lines@procura.example', name: 'Lines Admin', role: 'admin' }));
    await page.goto('/admin');
    await signInStaff(page, 'lines@procura.example');
    await chooseSupplierToInvite(page, supplierName);
    await page.getByRole('textbox', { name: 'Name' }).fill('Zanele Dube');
    await page.getByRole('textbox', { name: 'E-mail' }).last().fill('zanele@lines.example');
    await page.getByRole('button', { name: 'Invite to the supplier workspace' }).click();
    await expect(page.getByText('zanele@lines.example was e-mailed a sign-in link to the supplier workspace.')).toBeVisible();
    const [mail] = await mailTo(page, 'zanele@lines.example');
    await page.goto(/(http\S+\/supplier\/sign-in#sl_[\w-]{43})/.exec(mail!.text)![1]!);
    await page.getByRole('button', { name: /^Sign in as Zanele Dube at / }).click();
    await expect(page.getByText('Signed in as Zanele Dube (zanele@lines.example)')).toBeVisible();

    await page.goto(`/supplier?lead=${quote.id}`);
    const lead = page.locator('.lead-card-opened');
    await expect(lead).toContainText('3 products to Johannesburg');
    const products = lead.getByRole('list', { name: 'Products you quote' });
    await expect(products.getByRole('listitem')).toHaveCount(3);
    await expect(products.getByRole('listitem').first()).toContainText(/\(R[\d,]+\.\d{2} per litre\)/);
    await expectAccessible(page);

    // One product's price made firm at the supplier's own figure.
    await lead.getByRole('button', { name: 'Firm price of Hand Sanitizer 70% Alcohol' }).click();
    const firm = lead.getByRole('form', { name: 'Firm up Hand Sanitizer 70% Alcohol' });
    await firm.getByRole('textbox', { name: /^Unit price excl\. VAT/ }).fill('14,88');
    await expectAccessible(page);
    await firm.getByRole('button', { name: 'Make this price firm' }).click();
    const sanitiser = products.getByRole('listitem').filter({ hasText: 'Hand Sanitizer 70% Alcohol' });
    await expect(sanitiser).toContainText('200 litres of Hand Sanitizer 70% Alcohol: R2,976.00 (R14.88 per litre, indicative');
    await expect(sanitiser.getByText('Firm', { exact: true })).toBeVisible();

    // Another withdrawn, with a reason.
    await lead.getByRole('button', { name: 'Withdraw Refuse Bags' }).click();
    const why = lead.getByRole('form', { name: 'Withdraw Refuse Bags' });
    await why.getByRole('textbox', { name: /Why you withdraw it/ }).fill('Out of stock until January');
    await why.getByRole('button', { name: 'Withdraw this product' }).click();
    const bags = products.getByRole('listitem').filter({ hasText: 'Refuse Bags' });
    await expect(bags.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(bags).toContainText('Your reason: Out of stock until January');
    await expect(lead).toContainText('2 products to Johannesburg');
    await expectAccessible(page);
    await testInfo.attach('basket lead answered at 390 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    // The buyer's page of that quote shows the firm product and the withdrawn one.
    const buyer = await page.context().newPage();
    await buyer.goto(new URL(quote.trackingUrl).pathname);
    const table = buyer.getByRole('table', { name: /2 of 3 lines/ });
    await expect(table.getByRole('rowheader', { name: /Hand Sanitizer 70% Alcohol/ })).toContainText('Firm');
    await expect(table.getByRole('rowheader', { name: /Refuse Bags/ })).toContainText('Withdrawn');
  });
});
