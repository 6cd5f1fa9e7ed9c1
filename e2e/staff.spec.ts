import { expect, signOutStaff, test } from './fixtures';

test.describe('a new staff member', () => {
  test('sets a password from the link, which signs her in at the admin page, then signs out and in again', async ({
    page,
    staffLink,
    expectAccessible,
    database,
  }) => {
    const link = staffLink({ email: 'lerato@procura.example', name: 'Lerato Mahlangu', role: 'admin' });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(page.getByText('This link is for Lerato Mahlangu: the password you set here is theirs.')).toBeVisible();
    // The token left the address bar: the page's address holds nothing to copy.
    await expect(page).toHaveURL(/\/staff\/set-password$/);
    await expectAccessible(page);
    await page.getByLabel('New password').fill('qwerty123456');
    await page.getByLabel('Type it again').fill('qwerty123456');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('This password is one of the most common ones. Choose another.')).toBeVisible();
    await page.getByLabel('New password').fill('password1234');
    await page.getByLabel('Type it again').fill('password1234');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('This password is too easy to guess. Add a word or two that have nothing to do with you or Procura.')).toBeVisible();
    await page.getByLabel('New password').fill('jacaranda-season-in-pretoria');
    await page.getByLabel('Type it again').fill('jacaranda-season-in-pretoria');
    await page.getByRole('button', { name: 'Set password' }).click();
    // Setting the password signed her in: the admin page opens, asking for nothing again.
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toHaveCount(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'procura_staff')!;
    expect([cookie.httpOnly, cookie.sameSite]).toEqual([true, 'Lax']);
    expect(
      database.get('select count(*) as n from staff_sessions s join staff_users u on u.id = s.staff_id where u.email = ?', 'lerato@procura.example'),
    ).toEqual({ n: 1 });

    // The link is spent: opening it again says so, and offers no form to set another password.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used. Ask an admin for a new one.');
    await expect(page.getByLabel('New password')).toHaveCount(0);

    // Signed out, the admin page shows the sign-in form at its own address, and signing in opens it.
    await page.goto('/admin');
    await signOutStaff(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expectAccessible(page);
    await page.getByLabel('E-mail').fill('lerato@procura.example');
    await page.getByLabel('Password').fill('not-my-password-at-all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong e-mail or password.');
    await page.getByLabel('Password').fill('jacaranda-season-in-pretoria');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Her name and Sign out are in the navigation's menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Lerato Mahlangu')).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(
      database.get('select count(*) as n from staff_sessions s join staff_users u on u.id = s.staff_id where u.email = ?', 'lerato@procura.example'),
    ).toEqual({ n: 1 });
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expectAccessible(page);

    // Suppliers with one bad line: the preview names it and nothing is written until it is fixed.
    const suppliers = page.getByRole('region', { name: 'Bulk add suppliers' });
    const supplierLines = suppliers.getByRole('textbox', { name: 'Supplier lines' });
    const limpopo = 'Limpopo Clean Co | orders@limpopo-clean.example | cleaning-supplies | Polokwane | 4.6 | floors, degreasers | 12h';
    await expect(suppliers.getByRole('button', { name: 'Preview' })).toBeDisabled();
    const longest =
      'Mpumalanga Hospital and Industrial Hygiene Distributors | procurement.enquiries@mpumalanga-hygiene-distributors.example | sanitizers | Pretoria | 4.2 | gloves, gel, wipes, dispensers | 24h';
    await supplierLines.fill(`${limpopo}\nAtlantis Supply | sales@atlantis.example | sanitizers | Atlantis | 4 | | 24h\n${longest}`);
    await suppliers.getByRole('button', { name: 'Preview' }).click();
    await expect(suppliers.getByText(/^Line 2: .*Atlantis/)).toBeVisible();
    await expect(suppliers.getByRole('button', { name: /^Import/ })).toBeDisabled();
    // At 1280 px the preview's nine columns fit the card: none is cut off behind a scroll.
    const preview = suppliers.getByRole('region', { name: 'Supplier lines as they will be imported' });
    expect(await preview.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await suppliers.screenshot({ path: test.info().outputPath('supplier-preview-1280.png') });
    expect(database.get('select count(*) as n from suppliers where email = ?', 'orders@limpopo-clean.example')).toEqual({ n: 0 });
    await supplierLines.fill(limpopo);
    await suppliers.getByRole('button', { name: 'Preview' }).click();
    await suppliers.getByRole('button', { name: 'Import 1 line' }).click();
    await expect(page.getByText('Suppliers added successfully')).toBeVisible();
    const supplier = database.get('select id, verified from suppliers where email = ?', 'orders@limpopo-clean.example')!;
    expect(supplier.verified).toBe(0);

    // Its price list, then a quote for that product in that city comes from it.
    const products = page.getByRole('region', { name: 'Bulk add products' });
    await products
      .getByRole('textbox', { name: 'Product lines' })
      .fill(`Limpopo Floor Degreaser | Heavy-duty degreaser for workshop floors | 64.50 | litres | cleaning-supplies | ${supplier.id}`);
    await products.getByRole('button', { name: 'Preview' }).click();
    await products.getByRole('button', { name: 'Import 1 line' }).click();
    await expect(page.getByText('Products added successfully')).toBeVisible();
    const rfq = await page.request.post('/api/rfq', {
      data: {
        productName: 'Limpopo Floor Degreaser',
        productDescription: 'Degreaser for the floors of two vehicle workshops',
        quantity: 20,
        unit: 'litres',
        supplierCount: 3,
        deliveryLocation: 'Polokwane',
        primaryEmail: 'workshop@buyer.example',
        agreeTerms: true,
      },
    });
    expect(rfq.status()).toBe(201);
    const { quotes } = (await rfq.json()) as { quotes: { supplier: { name: string }; unitPrice: number }[] };
    expect(quotes.map((q) => [q.supplier.name, q.unitPrice])).toContainEqual(['Limpopo Clean Co', 64.5]);
    expect(database.get('select action, rows from staff_audit order by id desc limit 1')).toMatchObject({ rows: 1 });

    await signOutStaff(page);
    expect(
      database.get('select count(*) as n from staff_sessions s join staff_users u on u.id = s.staff_id where u.email = ?', 'lerato@procura.example'),
    ).toEqual({ n: 0 });
    const me = await page.request.get('/api/staff/me');
    expect(me.status()).toBe(401);
  });

  test('signing in at another name of the same server says which address to use', async ({ page, baseURL }) => {
    const served = new URL(baseURL!);
    await page.goto(`http://localhost:${served.port}/staff/sign-in`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill('lerato@procura.example');
    await page.getByLabel('Password').fill('jacaranda-season-in-pretoria');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(`This request did not come from a Procura page. Open Procura at ${served.origin} and try again there.`);
  });

  test('no staff page is wider than the window, at 1280 px or any other width, with the navigation in a menu that names itself', async ({
    page,
    staffLink,
  }, testInfo) => {
    await page.goto(staffLink({ email: 'thabo.wide@procura.example', name: 'Thabo Mokoena-Vilakazi', role: 'admin' }));
    await page.getByLabel('New password').fill('baobab-shade-at-noon-2026');
    await page.getByLabel('Type it again').fill('baobab-shade-at-noon-2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const pages: [string, string][] = [
      ['/admin', 'Admin Dashboard'],
      ['/customer-dashboard', 'Customer Acquisition Dashboard'],
      ['/internal-analytics', 'Internal Analytics Dashboard'],
      ['/analytics-test', 'Analytics'],
      ['/scraper', 'Data Scraper'],
    ];
    const widths = [1280, 390, 768, 1440];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        const measured = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect.soft(measured.scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(measured.innerWidth);
        if (width === 1280 || width === 390) await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}-${width}.png`) });
      }
    }
    // Every link, the person's name and Sign out are a button's press away, the menu saying what it holds.
    await page.setViewportSize({ width: 1280, height: 900 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav.getByRole('link', { name: 'Internal analytics' })).toBeVisible();
    await expect(nav.getByText('Thabo Mokoena-Vilakazi')).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const open = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(open).toBe(true);
  });
});
