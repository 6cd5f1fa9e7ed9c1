import { expect, test } from './fixtures';

/** Files rather than pages: fetched, never opened in the tab (the browser would download them). */
const FILES = /^\/(downloads\/|api\/)/;

test('no link on any page leads to a 404', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const queue = ['/'];
  const seen = new Set(queue);
  const linkedFrom = new Map<string, string>([['/', '(start)']]);
  const broken: string[] = [];
  let pages = 0;
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (FILES.test(path)) {
      const res = await request.get(path);
      if (res.status() === 404) broken.push(`${path} (linked from ${linkedFrom.get(path)})`);
      continue;
    }
    const res = await page.goto(path);
    pages++;
    if (res?.status() === 404) {
      broken.push(`${path} (linked from ${linkedFrom.get(path)})`);
      continue;
    }
    await page.waitForLoadState('networkidle');
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const target = url.pathname + url.search;
      if (seen.has(target)) continue;
      seen.add(target);
      linkedFrom.set(target, path);
      queue.push(target);
    }
  }
  expect(broken).toEqual([]);
  // The crawl reached the public site, not just the home page.
  expect(pages).toBeGreaterThan(15);
  for (const path of [
    '/about',
    '/how-it-works',
    '/suppliers',
    '/compliance',
    '/vision',
    '/quote-tracker',
    '/data-platform',
    '/docs',
    '/downloads/pricing-guide',
  ]) {
    expect(seen).toContain(path);
  }
  for (const path of ['/demo', '/privacy', '/privacy/my-data']) expect(seen).toContain(path);
});
