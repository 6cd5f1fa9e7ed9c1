import fs from 'node:fs';
import Database from 'better-sqlite3';
import { expect, mailTo, test } from './fixtures';

// Closing a month is for the whole database: these journeys have a server of their own.
test.use({ ownServer: 'finance' });

test.describe('the books', () => {
  test("an admin previews and closes the last ended month in Finance, sees the invoices issued and downloads the month's CSV", async ({
    page,
    procura,
    staffLink,
    expectAccessible,
  }, testInfo) => {
    // Two confirmed orders' success fees in the month that ended last in Johannesburg, written as the ledger writes them.
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const month = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const db = new Database(procura.databaseFile);
    const [first, second] = db.prepare('select id, name from suppliers order by id limit 2').all() as { id: number; name: string }[];
    const fee = db.prepare(
      "insert into ledger_lines (kind, amount_cents, vat_cents, basis_cents, supplier_id, rfq_id, purchase_order_id, po_number, on_day, created_at) values ('success_fee', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    fee.run(13500, 2025, 450000, first!.id, '100000000000001', 900001, 'PO-E2E-000001', `${month}-12`, `${month}-12T08:00:00.000Z`);
    fee.run(4200, 630, 140000, second!.id, '100000000000002', 900002, 'PO-E2E-000002', `${month}-20`, `${month}-20T08:00:00.000Z`);
    // A person of the first supplier, whom the close e-mails its invoice.
    db.prepare('insert into supplier_users (supplier_id, email, name, created_at) values (?, ?, ?, ?)').run(
      first!.id,
      'accounts@first-supplier.example',
      'Thandi Mokoena',
      new Date().toISOString(),
    );
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
    await expect(finance.getByRole('region', { name: 'Documents issued' })).toHaveCount(0);

    await finance.getByRole('button', { name: 'Close month' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Close month' }).click();
    await expect(finance.getByRole('status')).toContainText('2 invoices and 0 statements issued.');
    await expect(finance.getByRole('rowheader', { name: /^INV-\d{4}-000001$/ })).toBeVisible();
    await expect(finance.getByRole('region', { name: 'Documents issued' }).getByRole('row').filter({ hasText: first!.name })).toContainText(
      'R155.25 incl. VAT R20.25',
    );
    await expectAccessible(page);

    // The second order was never delivered: its fee is reversed, and comes off that supplier's next invoice.
    const fees = finance.getByRole('region', { name: 'Success fees' });
    await fees.getByRole('button', { name: 'Reverse fee on PO-E2E-000002' }).click();
    const reversal = page.getByRole('dialog', { name: 'Reverse the fee on PO-E2E-000002' });
    await expect(reversal.getByLabel('Reason')).toBeFocused();
    await expectAccessible(page);
    await reversal.getByLabel('Reason').fill('Confirmed but never delivered.');
    await reversal.getByRole('button', { name: 'Reverse fee' }).click();
    await expect(reversal).toBeHidden();
    await expect(fees.getByRole('row').filter({ hasText: 'PO-E2E-000002' })).toContainText(/Reversed \d{4}-\d{2}-\d{2}: Confirmed but never delivered\./);
    await expect(fees.getByRole('button', { name: 'Reverse fee on PO-E2E-000002' })).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent('download'), finance.getByRole('link', { name: /^Download CSV of / }).click()]);
    expect(download.suggestedFilename()).toBe(`procura-books-${month}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('\uFEFFDate,Reference,Contact,Description,Amount excl. VAT,VAT,Tax type');
    expect(csv).toContain('Success fee on PO-E2E-000001');

    // The supplier's person opens the invoice from its e-mail, in the workspace's Billing tab.
    const [invoiceMail] = await mailTo(page, 'accounts@first-supplier.example');
    expect(invoiceMail!.subject).toMatch(/^Procura tax invoice INV-\d{4}-000001: success fees of /);
    expect(invoiceMail!.attachments.map((a) => a.name)).toEqual([expect.stringMatching(/^procura-inv-\d{4}-000001\.pdf$/)]);
    const billingUrl = /Open Billing: (\S+)/.exec(invoiceMail!.text)![1]!;
    await page.goto('/supplier/sign-in');
    await page.getByLabel('Your work e-mail').fill('accounts@first-supplier.example');
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    const signInMail = (await mailTo(page, 'accounts@first-supplier.example')).find((m) => /sign-in#sl_/.test(m.text))!;
    await page.goto(/(http\S+\/supplier\/sign-in#sl_[\w-]{43})/.exec(signInMail.text)![1]!);
    await page.getByRole('button', { name: /^Sign in as Thandi Mokoena at / }).click();
    await expect(page).toHaveURL(/\/supplier$/);
    await page.goto(billingUrl);
    await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
    const invoice = page.getByRole('region', { name: /^INV-\d{4}-000001 · / });
    await expect(invoice).toContainText('fees R135.00 + VAT R20.25 = R155.25');
    await expect(invoice.getByRole('rowheader', { name: 'PO-E2E-000001' })).toBeVisible();
    await expectAccessible(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await testInfo.attach(`billing tab at ${width} px`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    }
    const [pdf] = await Promise.all([page.waitForEvent('download'), invoice.getByRole('link', { name: /^Download PDF of INV-/ }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^procura-inv-\d{4}-000001\.pdf$/);
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
