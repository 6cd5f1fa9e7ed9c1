import { BUYER_MESSAGES } from '../contract/schemas/buyer';
import { expect, mailTo, requestBleachQuotes, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const BUYER = 'stores@returning-school.example.co.za';
const DETAILS = {
  companyName: 'Returning School',
  contactName: 'Nomsa Khumalo',
  phone: '082 123 4567',
  addresses: [
    { label: 'Main campus', deliveryAddress: '12 Long Street, Braamfontein', city: 'Johannesburg' },
    { label: 'Sports field', deliveryAddress: '40 Jan Smuts Avenue, Parktown, Johannesburg', city: 'Johannesburg' },
  ],
  defaultPurchaseOrderPrefix: 'RS-',
};

test('a returning buyer signs in from the e-mailed link, sees both requests and orders one again with one quantity changed', async ({
  page,
  expectAccessible,
}, testInfo) => {
  // Two requests from one address, a month's restock: one product, then a basket of two.
  const single = await requestBleachQuotes(page.request, BUYER);
  const basket = await page.request.post('/api/rfq', {
    data: {
      lines: [
        { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200, unit: 'litres' },
        { productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 30, unit: 'packs' },
      ],
      supplierCount: 5,
      deliveryLocation: 'Johannesburg',
      primaryEmail: BUYER,
      agreeTerms: true,
    },
  });
  expect(basket.status(), await basket.text()).toBe(201);
  const basketId = ((await basket.json()) as { rfqId: string }).rfqId;

  // The quotes e-mail leads back to all of them.
  const quotesMail = (await mailTo(page, BUYER)).find((m) => m.text.includes(single.rfqId))!;
  expect(quotesMail.text).toMatch(/See all your requests: http\S+\/account\/sign-in\n/);

  await page.goto('/account');
  await expect(page.getByRole('status')).toHaveText('Sign in to see your requests and order again.');
  await page.getByRole('link', { name: 'Sign in with an e-mailed link' }).click();
  await expect(page).toHaveURL(/\/account\/sign-in$/);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /The e-mail address you made requests with/ }).fill(BUYER);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toHaveText(BUYER_MESSAGES.linkSent);

  const signInMail = (await mailTo(page, BUYER)).find((m) => m.text.includes('/account/sign-in#bl_'))!;
  const link = /(http\S+\/account\/sign-in#bl_[\w-]{43})/.exec(signInMail.text)![1]!;
  await page.goto(link);
  const signIn = page.getByRole('button', { name: 'Sign in and see your requests' });
  await expect(signIn).toBeVisible();
  await expect(page).toHaveURL(/\/account\/sign-in$/);
  await expectAccessible(page);
  await signIn.click();

  await expect(page).toHaveURL(/\/account$/);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  // Newest first: the basket, then the bleach.
  await expect(cards.nth(0).getByRole('heading')).toHaveText('Hand Sanitizer 70% Alcohol and 1 more product');
  await expect(cards.nth(1).getByRole('heading')).toHaveText('Household Bleach');
  await expect(cards.nth(1)).toContainText('40 litres Household Bleach');
  await expect(cards.nth(1)).toContainText(/\d+ quotes?, best R[\d,]+\.\d\d incl\. VAT/);
  await expectAccessible(page);
  await testInfo.attach('account at 390 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await cards
    .nth(0)
    .getByRole('button', { name: /^Order again/ })
    .click();
  const paper = page.getByRole('textbox', { name: 'Toilet Paper 2-Ply (48-pack) (packs)' });
  await expect(page.getByRole('textbox', { name: 'Hand Sanitizer 70% Alcohol (litres)' })).toHaveValue('200');
  await expect(paper).toHaveValue('30');
  await paper.fill('45');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send this request again' }).click();
  await expect(page.getByText('Request sent again')).toBeVisible();
  await page.getByRole('link', { name: 'See the new request’s quotes' }).click();

  await expect(page).toHaveURL(/\/quote-success\?rfqId=\d{15,}$/);
  const newId = new URL(page.url()).searchParams.get('rfqId')!;
  expect(newId).not.toBe(basketId);
  const repeated = (await page.request.get(`/api/rfq/${newId}`).then((r) => r.json())) as { lines: { productName: string; quantity: number }[] };
  expect(repeated.lines.map((l) => [l.productName, l.quantity])).toEqual([
    ['Hand Sanitizer 70% Alcohol', 200],
    ['Toilet Paper 2-Ply (48-pack)', 45],
  ]);

  // Saved details fill the forms: the home page's request form, and the accept dialog with the saved addresses to choose from.
  const origin = new URL(page.url()).origin;
  const saved = await page.request.put('/api/buyer/profile', { headers: { origin }, data: DETAILS });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Delivery location' })).toHaveValue('Johannesburg');
  await page.getByRole('button', { name: 'All on one page' }).click();
  await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveValue('Returning School');
  await expect(page.getByRole('textbox', { name: /Contact name/ })).toHaveValue('Nomsa Khumalo');
  await expectAccessible(page);
  await testInfo.attach('home form prefilled at 390 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await page.goto(single.quotes[0]!.trackingUrl);
  await page.getByRole('button', { name: 'Accept this quote' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  const address = dialog.getByRole('textbox', { name: /Delivery address/ });
  await expect(address).toHaveValue('12 Long Street, Braamfontein\nJohannesburg');
  await expect(dialog.getByRole('textbox', { name: /Phone number/ })).toHaveValue('+27 82 123 4567');
  await expect(dialog.getByRole('textbox', { name: /Purchase order reference/ })).toHaveValue('RS-');
  const choices = dialog.getByRole('group', { name: 'Your saved addresses' }).getByRole('radio');
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(0)).toBeChecked();
  await dialog.getByRole('radio', { name: /Sports field/ }).check();
  await expect(address).toHaveValue('40 Jan Smuts Avenue, Parktown, Johannesburg');
  await expectAccessible(page);
  await testInfo.attach('accept dialog prefilled at 390 px', { body: await page.screenshot(), contentType: 'image/png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/account');
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
});

test('a signed-in buyer deletes the account from /account after confirming, and is signed out', async ({ page, expectAccessible }, testInfo) => {
  const email = 'bursar@leaving-school.example.co.za';
  await requestBleachQuotes(page.request, email);
  await page.goto('/account/sign-in');
  const origin = new URL(page.url()).origin;
  expect((await page.request.post('/api/buyer/sign-in-link', { headers: { origin }, data: { email } })).status()).toBe(202);
  const mail = (await mailTo(page, email)).find((m) => m.text.includes('/account/sign-in#bl_'))!;
  const token = /#(bl_[\w-]{43})/.exec(mail.text)![1]!;
  expect((await page.request.post('/api/buyer/session', { headers: { origin }, data: { token } })).status()).toBe(200);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await testInfo.attach('delete account at 390 px', { body: await page.screenshot(), contentType: 'image/png' });
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByRole('status')).toContainText('Your account and your saved details are deleted, 1 request no longer holds your contact details');
  await expectAccessible(page);
  await page.goto('/account');
  await expect(page.getByRole('status')).toHaveText('Sign in to see your requests and order again.');
  expect((await page.request.get('/api/buyer/profile')).status()).toBe(401);
});
