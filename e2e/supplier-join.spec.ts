import { expect, mailTo, setStaffPassword, signInStaff, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('a business joining on a phone', () => {
  test('applies at /suppliers/join, opens the link from the mailbox, is approved, completes its ready-to-quote checklist and is quoted', async ({
    page,
    staffLink,
    expectAccessible,
    database,
  }, testInfo) => {
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
    const signInLink = signIn.map((m) => /(http\S+\/supplier\/sign-in#sl_[\w-]{43})/.exec(m.text)?.[1]).find(Boolean)!;
    expect(signInLink).toBeTruthy();

    // Staff see that it is not quoted yet, and why: in the list of suppliers and on its own page.
    await page.goto('/admin');
    const row = page.getByRole('row', { name: /Mopani Hygiene \(Pty\) Ltd/ });
    await expect(row.getByText('Not ready: no in-stock price-list item, no delivery area')).toBeVisible();
    await page.goto(`/admin/suppliers/${supplier.id}`);
    const staffView = page.getByRole('region', { name: 'Ready to quote' });
    await expect(staffView.getByText('Not ready: no in-stock price-list item, no delivery area')).toBeVisible();
    await expect(staffView.getByRole('listitem')).toHaveText(['An in-stock price-list item: not yet', 'A delivery area: not yet']);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('admin-supplier-not-ready-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    await expect(row.getByText('Not ready: no in-stock price-list item, no delivery area')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('admin-list-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    // The supplier signs in from its e-mail: its workspace opens on the ready-to-quote checklist.
    await page.goto(signInLink);
    await page.getByRole('button', { name: /^Sign in as Thabo Maluleke at / }).click();
    await expect(page).toHaveURL(/\/supplier$/);
    const checklist = page.getByRole('region', { name: 'Ready to quote' });
    await expect(checklist.getByRole('listitem')).toHaveText([
      /Add a price-list item that is in stock: not yet done/,
      /Add a place you deliver to: not yet done/,
    ]);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('workspace-checklist-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('workspace-checklist-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    // A price-list item, in stock as it is added.
    await checklist.getByRole('button', { name: 'Open your price list' }).click();
    await expect(page.getByRole('tab', { name: 'Price list' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('combobox', { name: 'Product' }).fill('Hand sani');
    await page.getByRole('option', { name: /Hand Sanitizer 70% Alcohol/ }).click();
    await page.getByRole('textbox', { name: /Unit price/ }).fill('20');
    await page.getByRole('button', { name: 'Add to my price list' }).click();
    await expect(checklist.getByRole('listitem')).toHaveText([/in stock: done/, /deliver to: not yet done/]);

    // A delivery area: its own city.
    await checklist.getByRole('button', { name: 'Open your delivery areas' }).click();
    await page.getByRole('button', { name: 'Add a place' }).click();
    await page.getByRole('combobox', { name: 'City' }).fill('Polokw');
    await page.getByRole('option', { name: 'Polokwane, Limpopo' }).click();
    await page.getByRole('button', { name: 'Save where you deliver' }).click();
    await expect(page.getByText('You are ready to quote: buyers’ requests that match your price list and delivery areas now reach you.')).toBeVisible();
    await expect(checklist).toHaveCount(0);

    // A buyer's new request in that city is quoted by it.
    const res = await page.request.post('/api/rfq', {
      data: {
        productName: 'Hand Sanitizer 70% Alcohol',
        productDescription: 'Refill for the wall dispensers at our Polokwane branch',
        quantity: 20,
        supplierCount: 10,
        deliveryLocation: 'Polokwane',
        primaryEmail: 'buyer@polokwane-offices.example',
        agreeTerms: true,
      },
    });
    expect(res.status()).toBe(201);
    const { quotes } = (await res.json()) as { quotes: { supplier: { name: string } }[] };
    expect(quotes.map((q) => q.supplier.name)).toContain('Mopani Hygiene (Pty) Ltd');
  });
});
