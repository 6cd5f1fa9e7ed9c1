import { expect, mailTo, requestBleachQuotes, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const HEAD = 'head@approvals-school.example.co.za';
const CLERK = 'clerk@approvals-school.example.co.za';

test('a requester’s acceptance above their limit waits for the approver, who approves it from the e-mailed link', async ({
  page,
  expectAccessible,
  baseURL,
}, testInfo) => {
  const origin = new URL(baseURL!).origin;
  // The approver made a request, so the address may sign in; the link signs this browser in.
  await requestBleachQuotes(page.request, HEAD);
  const asked = await page.request.post('/api/buyer/sign-in-link', { data: { email: HEAD }, headers: { origin } });
  expect(asked.status()).toBe(202);
  const signInMail = (await mailTo(page, HEAD)).find((m) => m.text.includes('/account/sign-in#bl_'))!;
  await page.goto(/(http\S+\/account\/sign-in#bl_[\w-]{43})/.exec(signInMail.text)![1]!);
  await page.getByRole('button', { name: 'Sign in and see your requests' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The approver invites a requester with a limit of R100 per order.
  await page.getByRole('tab', { name: 'Colleagues' }).click();
  await page.getByRole('textbox', { name: /E-mail address/ }).fill(CLERK);
  await page.getByRole('textbox', { name: 'Name' }).fill('Sipho Clerk');
  await page.getByRole('combobox', { name: 'Role' }).selectOption('requester');
  await page.getByRole('textbox', { name: /Spending limit per order/ }).fill('100');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Invited. Your colleague was e-mailed a link to sign in.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: CLERK })).toContainText('Requester, limit R100.00 per order');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/h49b-shots/colleagues-390.png', fullPage: true });
  await testInfo.attach('colleagues at 390 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  // The requester accepts a quote through its tracking link: the order is held, the supplier told nothing.
  const rfq = await requestBleachQuotes(page.request, CLERK);
  const token = rfq.quotes[0]!.trackingToken;
  const accepted = await page.request.post(`/api/quotes/track/${token}/accept`, {
    data: { deliveryAddress: 'Unit 4, 12 Long Street, Cape Town, 8001', phone: '082 123 4567' },
    headers: { origin },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect(((await accepted.json()) as { quote: { status: string } }).quote.status).toBe('awaiting_approval');

  // The approver's e-mail links to the Approvals section of /account.
  const approvalMail = (await mailTo(page, HEAD)).find((m) => m.subject.startsWith('An order waits for your approval'))!;
  const link = /(http\S+\/account\?tab=approvals)/.exec(approvalMail.text)![1]!;
  await page.goto(link);
  const card = page.getByRole('article').filter({ hasText: 'Household Bleach' });
  await expect(card).toContainText('Asked by Sipho Clerk');
  await expect(card).toContainText('40 litres Household Bleach from');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/h49b-shots/approvals-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/h49b-shots/approvals-1280.png', fullPage: true });
  await testInfo.attach('approvals at 1280 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await card.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText('Approved: the order of Household Bleach was placed.')).toBeVisible();
  await expect(page.getByText('Nothing waits for approval.', { exact: false })).toBeVisible();
  const tracked = (await (await page.request.get(`/api/quotes/track/${token}`)).json()) as { quote: { status: string } };
  expect(tracked.quote.status).toBe('accepted');
});
