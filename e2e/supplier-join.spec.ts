import { expect, mailTo, setStaffPassword, signInStaff, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('a business joining on a phone', () => {
  test('applies at /suppliers/join, opens the link from the mailbox, and an admin approves it', async ({ page, staffLink, expectAccessible, database }) => {
    await page.goto('/suppliers');
    await page.getByRole('link', { name: 'Apply to supply' }).click();
    await expect(page).toHaveURL(/\/suppliers\/join$/);
    await expect(page.getByRole('heading', { name: 'Supply through Procura', level: 1 })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Apply to supply' }).click();
    await expect(page.getByText('Enter the registration number as YYYY/NNNNNN/NN')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: /Registered company name/ }).fill('Mopani Hygiene (Pty) Ltd');
    await page.getByRole('textbox', { name: /CIPC registration number/ }).fill('2016/246810/07');
    await page.getByRole('combobox', { name: /B-BBEE level/ }).selectOption({ label: 'Level 3' });
    await page.getByLabel(/certificate expires on/).fill('2030-03-31');
    await page.getByRole('textbox', { name: /Your name/ }).fill('Thabo Maluleke');
    await page.getByRole('textbox', { name: /Work e-mail/ }).fill('thabo@mopani-hygiene.example');
    await page.getByRole('textbox', { name: /Phone/ }).fill('015 555 0123');
    await page.getByRole('textbox', { name: /City your business is in/ }).fill('Polokwane');
    await page.getByRole('checkbox', { name: 'Sanitizers' }).check();
    await page.getByRole('checkbox', { name: /I accept Procura's terms/ }).check();
    await page.getByRole('button', { name: 'Apply to supply' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expectAccessible(page);

    const [mail] = await mailTo(page, 'thabo@mopani-hygiene.example');
    expect(mail!.text).toContain('Mopani Hygiene (Pty) Ltd');
    const link = /(http\S+\/suppliers\/join#ap_[\w-]{43})/.exec(mail!.text)![1]!;
    await page.goto(link);
    await expect(page).toHaveURL(/\/suppliers\/join$/);
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
    await expectAccessible(page);

    await setStaffPassword(page, staffLink({ email: 'applications@procura.example', name: 'Applications Admin', role: 'admin' }));
    await page.goto('/admin');
    await signInStaff(page, 'applications@procura.example');
    const queue = page.locator('section', { has: page.getByRole('heading', { name: 'Supplier applications' }) });
    const card = queue.getByRole('listitem', { name: 'Mopani Hygiene (Pty) Ltd' });
    await expect(card.getByText('A new supplier: it matches no listing on Procura.')).toBeVisible();
    await expect(card.getByText('Level 3, certificate to 2030-03-31')).toBeVisible();
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Approve Mopani Hygiene (Pty) Ltd' }).click();
    await expect(page.getByText(/^Mopani Hygiene \(Pty\) Ltd approved as supplier #\d+; its sign-in link is on its way$/)).toBeVisible();

    const supplier = database.get("select id, bbee_level from suppliers where email = 'thabo@mopani-hygiene.example'")!;
    expect(supplier.bbee_level).toBe(3);
    const signIn = await mailTo(page, 'thabo@mopani-hygiene.example');
    expect(signIn.some((m) => /\/supplier\/sign-in#sl_/.test(m.text))).toBe(true);
  });
});
