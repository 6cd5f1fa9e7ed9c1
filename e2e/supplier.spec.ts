import { SUPPLIER_MESSAGES } from '../contract/schemas/supplier-workspace';
import { expect, mailTo, setStaffPassword, signInStaff, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('the supplier workspace on a phone', () => {
  test('staff invite a supplier user from /admin, who signs in from the e-mailed link and adds a colleague', async ({ page, staffLink, expectAccessible }) => {
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
