import type { Browser, Page } from '@playwright/test';
import { expect, setStaffPassword, signInStaff, test } from './fixtures';

/** A staff member in a browser context of their own, their password set through their link. */
async function newStaff(browser: Browser, base: string, link: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(() =>
    localStorage.setItem(
      'procura-consent',
      JSON.stringify({ essential: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), revision: 1 }),
    ),
  );
  const page = await context.newPage();
  await setStaffPassword(page, link);
  return page;
}

const today = (page: Page, counter: string) => page.getByTestId(`today-${counter}`).locator('strong');

test.describe('the sales workspace', () => {
  test('a demo booked by a visitor becomes a prospect that sales works, the counters and charts follow, and an admin shares the dashboard until revoking it', async ({
    page,
    browser,
    procura,
    staffLink,
    expectAccessible,
  }) => {
    const company = `Berea Clinics ${Date.now()}`;

    // A visitor books a demo.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Book Demo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Demo' })).toBeVisible();
    await page.getByRole('button', { name: 'Book My Demo' }).click();
    await expect(page.getByText('Your name is required')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Company name' }).fill(company);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Ayesha Patel');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ayesha@berea.example.co.za');
    await page.getByRole('textbox', { name: 'Phone' }).fill('031 555 0100');
    await page.getByRole('combobox', { name: 'Monthly spend on supplies' }).selectOption('50k-200k');
    await page.getByRole('textbox', { name: 'Your biggest procurement challenge' }).fill('Prices change every month');
    await page.getByRole('button', { name: 'Book My Demo' }).click();
    await expect(page).toHaveURL(/\/demo-success$/);
    await expect(page.getByText('We reply within 24 hours to agree a time that suits you.')).toBeVisible();
    await expectAccessible(page);

    // Sales signs in, finds the request, and updates it in the modal.
    const stamp = Date.now();
    const salesEmail = `sipho-${stamp}@procura.example`;
    const sales = await newStaff(browser, procura.base, staffLink({ email: salesEmail, name: 'Sipho Ndlovu', role: 'sales' }));
    await sales.goto('/customer-dashboard');
    await expect(sales.getByText('This page is for Procura staff. Sign in to open it.')).toBeVisible();
    await signInStaff(sales, salesEmail);
    await expect(sales.getByRole('heading', { level: 1, name: 'Customer Acquisition Dashboard' })).toBeVisible();
    const callsBefore = Number((await today(sales, 'callsMade').textContent())!.split(' ')[0]);
    await sales.getByRole('searchbox', { name: 'Search' }).fill(company);
    const row = sales.getByRole('row').filter({ hasText: company });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Demo request')).toBeVisible();
    await expect(row.getByText('Never contacted')).toBeVisible();
    await expectAccessible(sales);

    await row.getByRole('button', { name: `Update ${company}` }).click();
    const dialog = sales.getByRole('dialog', { name: 'Update Prospect' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toBeFocused();
    await expectAccessible(sales);
    await dialog.getByRole('combobox', { name: 'Status' }).selectOption('Spoke to Contact');
    await dialog.getByRole('textbox', { name: 'Call notes' }).fill('Wants a demo on Friday morning');
    await dialog.getByRole('textbox', { name: /Conversion probability/ }).fill('40');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Spoke to Contact')).toBeVisible();
    const todayInJohannesburg = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
    await expect(row.getByText(`Last contact ${todayInJohannesburg}`)).toBeVisible();
    await expect(today(sales, 'callsMade')).toHaveText(`${callsBefore + 1} of 5`);

    // The analytics dashboard counts the call; a logged e-mail redraws its chart.
    await sales.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Internal analytics' }).click();
    await sales.getByRole('tab', { name: 'Daily Activity' }).click();
    const chart = sales.getByRole('figure', { name: 'E-mails and calls per day' });
    await expect(chart.locator('canvas')).toHaveCount(1);
    const todayRow = chart.getByRole('row').filter({ has: sales.getByRole('rowheader', { name: todayInJohannesburg }) });
    const emailsBefore = Number(await todayRow.getByRole('cell').nth(0).textContent());
    await expect(todayRow.getByRole('cell').nth(1)).toHaveText(String(callsBefore + 1));
    await chart.getByRole('button', { name: 'Show table' }).click();
    await expect(chart.getByRole('table')).toBeVisible();
    await expectAccessible(sales);
    await sales.getByRole('tab', { name: 'Outreach Tracking' }).click();
    await expect(sales.getByRole('row').filter({ hasText: company }).getByText('ayesha@berea.example.co.za')).toBeVisible();

    await sales.getByRole('link', { name: 'Customer dashboard' }).first().click();
    await sales.getByRole('searchbox', { name: 'Search' }).fill(company);
    await sales.getByRole('button', { name: `Update ${company}` }).click();
    await sales.getByRole('button', { name: 'E-mail sent' }).click();
    await expect(sales.getByText(`E-mail sent: logged for ${company}.`)).toBeVisible();
    await sales.keyboard.press('Escape');
    await expect(sales.getByRole('dialog')).toBeHidden();
    await expect(today(sales, 'emailsSent')).toHaveText(new RegExp(`^${emailsBefore + 1} of 5`));
    await sales.getByRole('link', { name: 'Internal analytics' }).first().click();
    await sales.getByRole('tab', { name: 'Daily Activity' }).click();
    const redrawn = sales.getByRole('figure', { name: 'E-mails and calls per day' });
    await expect(
      redrawn
        .getByRole('row')
        .filter({ has: sales.getByRole('rowheader', { name: todayInJohannesburg }) })
        .getByRole('cell')
        .nth(0),
    ).toHaveText(String(emailsBefore + 1));
    await expect(redrawn.locator('canvas')).toHaveCount(1);
    // A salesperson cannot share the dashboard.
    await expect(sales.getByRole('heading', { name: 'Share this dashboard' })).toHaveCount(0);

    // An admin shares the dashboard.
    const adminEmail = `naledi-${stamp}@procura.example`;
    const admin = await newStaff(browser, procura.base, staffLink({ email: adminEmail, name: 'Naledi Dube', role: 'admin' }));
    await admin.goto('/internal-analytics');
    await signInStaff(admin, adminEmail);
    await admin.getByRole('spinbutton', { name: 'Works for (days)' }).fill('7');
    await admin.getByRole('button', { name: 'Create share link' }).click();
    const url = (await admin.getByTestId('share-url').textContent())!;
    expect(url).toMatch(new RegExp(`^${procura.base}/da_[A-Za-z0-9_-]{43}$`));
    await expectAccessible(admin);

    // Opened in a fresh browser, signed out: the team's progress, nobody's contact details.
    const outsider = await (await browser.newContext()).newPage();
    const opened = await outsider.goto(url);
    expect(opened!.status()).toBe(200);
    await expect(outsider.getByRole('heading', { level: 1, name: 'Internal Analytics Dashboard' })).toBeVisible();
    await expect(outsider.getByRole('row').filter({ hasText: company })).toBeVisible();
    const text = await outsider.locator('main').textContent();
    for (const hidden of ['ayesha@berea.example.co.za', '031 555 0100', 'Ayesha Patel', 'Wants a demo on Friday', 'Sipho Ndlovu'])
      expect(text).not.toContain(hidden);
    await outsider.getByRole('tab', { name: 'Performance Analytics' }).click();
    await expect(outsider.getByRole('figure', { name: 'Pipeline by status' }).locator('canvas')).toHaveCount(1);
    await expectAccessible(outsider);

    // Revoked: the page itself answers 404.
    await admin.reload();
    await admin
      .getByRole('button', { name: /^Revoke the link made/ })
      .first()
      .click();
    await expect(admin.getByText('Link revoked')).toBeVisible();
    const gone = await outsider.goto(url);
    expect(gone!.status()).toBe(404);
    await expect(outsider.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});
