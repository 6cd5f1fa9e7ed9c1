import { BUYER_MESSAGES } from '../contract/schemas/buyer';
import { expect, mailTo, requestBleachQuotes, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const BUYER = 'stores@returning-school.example.co.za';

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

  await page.goto('/account');
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
});
