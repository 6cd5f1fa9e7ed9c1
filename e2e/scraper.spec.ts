import type { Page } from '@playwright/test';
import { expect, setStaffPassword, signInStaff, test } from './fixtures';

// The demonstration counts what it finds against the whole database (a second run finds only
// duplicates), so this journey has a server of its own.
test.use({ ownServer: 'scraper' });

async function signInAsNewAdmin(page: Page, link: string) {
  await setStaffPassword(page, link);
  await page.goto('/scraper');
  await signInStaff(page, 'zanele@procura.example');
}

test.describe('the scraper', () => {
  test('an admin runs the demo, watches its progress to the end, approves one supplier and rejects another', async ({
    page,
    staffLink,
    expectAccessible,
    database,
  }) => {
    await signInAsNewAdmin(page, staffLink({ email: 'zanele@procura.example', name: 'Zanele Khumalo', role: 'admin' }));
    await expect(page.getByRole('heading', { name: 'Data Scraper', level: 1 })).toBeVisible();
    await expect(page.getByText('Ready', { exact: true })).toBeVisible();
    await expect(page.getByText('Nothing is waiting for review.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Run demo' }).click();
    // The bar moves only as the server reports pages done, and never backwards.
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const value = Number(await page.getByRole('progressbar').getAttribute('aria-valuenow'));
          if (seen.at(-1) !== value) seen.push(value);
          return value;
        },
        { intervals: [100] },
      )
      .toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await expect(page.getByText('Demo Completed')).toBeVisible();
    await expect(page.getByText('9 of 11 finds passed the checks and wait for your review below: nothing is added until you approve it')).toBeVisible();
    await expect(page.getByText('Ready', { exact: true })).toBeVisible();
    await expect(page.getByText('3 of 3 pages · 9 suppliers and 2 products found')).toBeVisible();
    await expect(page.getByRole('table', { name: /The first 10 of 11 results of session/ }).getByRole('row')).toHaveCount(11);

    const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });
    await expect(card('Sparkle Hygiene Supplies (Pty) Ltd')).toBeVisible();
    await expectAccessible(page);

    await card('Sparkle Hygiene Supplies (Pty) Ltd').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(/^Sparkle Hygiene Supplies \(Pty\) Ltd is supplier #\d+: unverified, and quoted once it has a price list\.$/)).toBeVisible();
    await expect(card('Sparkle Hygiene Supplies (Pty) Ltd')).toHaveCount(0);

    await card('Cape Clean Chemicals').getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Cape Clean Chemicals will not be added.')).toBeVisible();
    await expect(card('Cape Clean Chemicals')).toHaveCount(0);

    expect(database.get("select name, verified, home_city_id from suppliers where email = 'sales@sparkle-hygiene.example'")).toEqual({
      name: 'Sparkle Hygiene Supplies (Pty) Ltd',
      verified: 0,
      home_city_id: 'johannesburg',
    });
    expect(database.get("select count(*) as n from suppliers where email = 'orders@capeclean.example'")).toEqual({ n: 0 });
    expect(
      database.all(
        "select i.name, i.decision, i.decided_by from scrape_items i where i.name in ('Sparkle Hygiene Supplies (Pty) Ltd', 'Cape Clean Chemicals') order by i.id",
      ),
    ).toEqual([
      { name: 'Sparkle Hygiene Supplies (Pty) Ltd', decision: 'approved', decided_by: expect.stringMatching(/^staff:\d+$/) },
      { name: 'Cape Clean Chemicals', decision: 'rejected', decided_by: expect.stringMatching(/^staff:\d+$/) },
    ]);
    expect(
      database.all("select a.action from staff_audit a join staff_users u on u.id = a.staff_id where u.email = 'zanele@procura.example' order by a.id"),
    ).toEqual([{ action: 'scraping.simulate' }, { action: 'scraping.approve' }, { action: 'scraping.reject' }]);
  });

  test('the crawler describes itself at /bot, and the sample directory is served', async ({ page, expectAccessible }) => {
    await page.goto('/bot');
    await expect(page.getByRole('heading', { name: 'ProcuraBot', level: 1 })).toBeVisible();
    await expect(page.getByText(/^ProcuraBot\/1\.0 \(\+http:\/\/127\.0\.0\.1:\d+\/bot\)$/)).toBeVisible();
    await expectAccessible(page);
    await page.goto('/scraper-sample/index.html');
    await expect(page.getByRole('heading', { name: 'Cleaning and hygiene suppliers' })).toBeVisible();
  });
});

test("the sample directory and the development mailbox name Procura's icon, so a browser asks for no missing one", async ({ page, request }) => {
  for (const path of ['/scraper-sample/', '/scraper-sample/page-2.html', '/dev/mailbox']) {
    await page.goto(path);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href, path).toBe('/favicon.svg');
    const icon = await request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  }
});
