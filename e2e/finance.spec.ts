import fs from 'node:fs';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures';

// Closing a month is for the whole database: these journeys have a server of their own.
test.use({ ownServer: 'finance' });

test.describe('the books', () => {
  test("an admin previews and closes the last ended month in Finance, sees the invoices issued and downloads the month's CSV", async ({
    page,
    procura,
    staffLink,
    expectAccessible,
  }) => {
    // Two confirmed orders' success fees in the month that ended last in Johannesburg, written as the ledger writes them.
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const month = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const db = new Database(procura.databaseFile);
    const [first, second] = db.prepare('select id, name from suppliers order by id limit 2').all() as { id: number; name: string }[];
    const fee = db.prepare(
      "insert into ledger_lines (kind, amount_cents, vat_cents, basis_cents, supplier_id, rfq_id, po_number, on_day, created_at) values ('success_fee', ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    fee.run(13500, 2025, 450000, first!.id, '100000000000001', 'PO-E2E-000001', `${month}-12`, `${month}-12T08:00:00.000Z`);
    fee.run(4200, 630, 140000, second!.id, '100000000000002', 'PO-E2E-000002', `${month}-20`, `${month}-20T08:00:00.000Z`);
    db.close();

    await page.goto(staffLink({ email: 'books@procura.example', name: 'Busi Khumalo', role: 'admin' }));
    await page.getByLabel('New password').fill('jacaranda-season-in-pretoria');
    await page.getByLabel('Type it again').fill('jacaranda-season-in-pretoria');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    const finance = page.getByRole('region', { name: 'Finance' });
    await expect(finance.getByLabel('Month')).toHaveValue(month);
    const figures = finance.getByRole('region', { name: /^Books of / });
    await expect(figures).toContainText('R177.00');
    await expect(finance.getByText(/has issued no invoices or statements/)).toBeVisible();
    await expectAccessible(page);

    await finance.getByRole('button', { name: 'Preview close' }).click();
    await expect(finance.getByRole('status')).toContainText('would issue 2 invoices and 0 statements. Nothing was issued.');
    await expect(finance.getByRole('rowheader')).toHaveCount(0);

    await finance.getByRole('button', { name: 'Close month' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Close month' }).click();
    await expect(finance.getByRole('status')).toContainText('2 invoices and 0 statements issued.');
    await expect(finance.getByRole('rowheader', { name: /^INV-\d{4}-000001$/ })).toBeVisible();
    await expect(finance.getByRole('row').filter({ hasText: first!.name })).toContainText('R155.25 incl. VAT R20.25');
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), finance.getByRole('link', { name: /^Download CSV of / }).click()]);
    expect(download.suggestedFilename()).toBe(`procura-books-${month}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('\uFEFFDate,Reference,Contact,Description,Amount excl. VAT,VAT,Tax type');
    expect(csv).toContain('Success fee on PO-E2E-000001');
  });
});
