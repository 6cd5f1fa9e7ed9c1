import { SUPPLIER_MESSAGES } from '../contract/schemas/supplier-workspace';
import { expect, mailTo, setStaffPassword, signInStaff, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('the supplier workspace on a phone', () => {
  test('staff invite a supplier user from /admin, who signs in from the e-mailed link and adds a colleague', async ({
    page,
    staffLink,
    expectAccessible,
  }, testInfo) => {
    await setStaffPassword(page, staffLink({ email: 'invites@procura.example', name: 'Invites Admin', role: 'admin' }));
    await page.goto('/admin');
    await signInStaff(page, 'invites@procura.example');
    await expect(page.getByRole('heading', { name: 'Supplier workspace access' })).toBeVisible();
    await page.getByLabel('Supplier ID').fill('1');
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

    // How its leads went: none yet for a new user's supplier, or some from the seed's requests.
    await page.getByRole('tab', { name: 'Performance' }).click();
    await expect(page.getByText('Leads in 12 months')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your leads by month' }).getByRole('row')).toHaveCount(13);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Thabo Mokoena');
    await page.getByRole('textbox', { name: 'Work e-mail' }).fill('thabo@supplier-one.example');
    await page.getByRole('button', { name: 'Add and e-mail a sign-in link' }).click();
    await expect(page.getByText('Thabo Mokoena can now sign in: we e-mailed them a link.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Thabo Mokoena' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You are signed out.')).toBeVisible();
    // The link works once.
    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(SUPPLIER_MESSAGES.linkInvalid);
  });
});
