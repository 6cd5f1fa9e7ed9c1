import { expect, requestBleachQuotes, test } from './fixtures';

// What a buyer or partner sees on a phone (390 px) and a desktop (1280 px): measured in the
// browser, since only layout and computed styles show it.

/** A phone: narrow, touch only, no hovering pointer. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test.describe('on a phone', () => {
  test.use(PHONE);

  test('code is set in a monospace face, every line in the box, long lines scrolling sideways', async ({ page }) => {
    const boxes: Array<[string, () => Promise<void>]> = [
      ['/docs', () => page.getByRole('tab', { name: 'Examples' }).click()],
      ['/widget-configurator', async () => {}],
      ['/data-product-kit', () => page.getByRole('tab', { name: 'Code Examples' }).click()],
    ];
    for (const [path, open] of boxes) {
      await page.goto(path);
      await open();
      const box = page.locator('textarea.code').first();
      await box.waitFor();
      const look = await box.evaluate((el: HTMLTextAreaElement) => {
        const style = getComputedStyle(el);
        return {
          path: location.pathname,
          mono: style.fontFamily.includes('monospace') && style.fontFamily !== getComputedStyle(document.body).fontFamily,
          whiteSpace: style.whiteSpace,
          scrollsSideways: ['auto', 'scroll'].includes(style.overflowX),
          allLinesShown: el.scrollHeight <= el.clientHeight + 1,
        };
      });
      expect(look).toEqual({ path, mono: true, whiteSpace: 'pre', scrollsSideways: true, allLinesShown: true });
    }
  });

  for (const path of ['/docs', '/data-product-kit', '/embed-demo', '/widget-configurator']) {
    test(`tab rows show every tab whole on ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole('tablist').first().waitFor();
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('[role="tablist"]')].flatMap((list) => {
          const box = list.getBoundingClientRect();
          return [...list.querySelectorAll('[role="tab"]')]
            .filter((tab) => {
              const r = tab.getBoundingClientRect();
              return r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth;
            })
            .map((tab) => tab.textContent);
        }),
      );
      expect(clipped).toEqual([]);
    });
  }

  test('nothing is wider than the screen or cut off: contacts, directory badges, tier tables, the comparison', async ({
    page,
    request,
    expectAccessible,
  }, testInfo) => {
    const views: Array<[string, () => Promise<void>]> = [
      ['/about', () => page.getByRole('heading', { name: 'Who answers for what' }).waitFor()],
      ['/suppliers', () => page.getByRole('region', { name: 'Cities' }).getByRole('listitem').first().waitFor()],
      ['/api-registration', () => page.getByRole('region', { name: 'Data API tiers' }).first().waitFor()],
      ['/docs', () => page.getByRole('region', { name: 'Data API tiers' }).first().waitFor()],
      ['/docs', () => page.getByRole('tab', { name: 'Get Access' }).click()],
      ['/data-platform', () => page.getByRole('region', { name: 'Data API tiers' }).first().waitFor()],
    ];
    for (const [path, ready] of views) {
      await page.goto(path);
      await ready();
      await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}-390.png`), fullPage: true });
      expect.soft(await page.evaluate(cutOff), path).toEqual([]);
    }

    // Three quotes side by side: every supplier's column on the screen at once.
    const { rfqId } = await requestBleachQuotes(request, 'phone.compare@example.co.za', 5);
    await page.goto(`/quote-success?rfqId=${rfqId}`);
    const compare = page.getByRole('region', { name: 'Compare quotes' });
    const boxes = compare.getByRole('checkbox');
    for (const i of [0, 1, 2]) await boxes.nth(i).check();
    const table = compare.getByRole('table', { name: '3 quotes side by side' });
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    await table.scrollIntoViewIfNeeded();
    await compare.screenshot({ path: testInfo.outputPath('compare-390.png') });
    // The table is taller than a phone's screen: each supplier's column header is brought into view and must fit whole.
    for (const header of await table.getByRole('columnheader').all()) {
      await header.scrollIntoViewIfNeeded();
      await expect(header).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(cutOff)).toEqual([]);
    await expectAccessible(page);
  });

  test.describe('a short screen', () => {
    test.use({ viewport: { width: 390, height: 640 } });

    test('the processing screen stops its heading below the sticky navigation when scrolled to', async ({ page }) => {
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/rfq', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/');
      await page.getByRole('button', { name: 'All on one page' }).click();
      await page.getByRole('combobox', { name: 'Product name' }).fill('Floor polish');
      await page.getByRole('textbox', { name: 'Description' }).fill('Non-slip floor polish for a hospital corridor');
      await page.getByRole('combobox', { name: 'Delivery location' }).fill('Durban');
      await page.getByRole('textbox', { name: 'E-mail address' }).fill('jane.buyer@example.co.za');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Get My Quotes' }).click();
      const heading = page.getByRole('heading', { name: 'Getting your quotes' });
      await heading.waitFor();
      // Where a browser puts a focused element it scrolls to: the top of the scrollport.
      const gap = await heading.evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        return el.getBoundingClientRect().top - document.querySelector('.nav')!.getBoundingClientRect().bottom;
      });
      expect(gap).toBeGreaterThanOrEqual(0);
      release();
    });
  });

  test('partner registration brings the first field in error into view, focused', async ({ page }) => {
    await page.goto('/api-registration');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Coastal Cleaning Directory');
    const send = page.getByRole('button', { name: 'Get my credentials' });
    await send.scrollIntoViewIfNeeded();
    await expect(page.getByRole('textbox', { name: 'Contact name' })).not.toBeInViewport();
    await send.click();
    const first = page.getByRole('textbox', { name: 'Contact name' });
    await expect(first).toBeFocused();
    await expect(first).toBeInViewport();
    await expect(page.getByText('Contact name required')).toBeInViewport();
  });

  test('a dialog is a sheet from the bottom of the screen: nothing of the page shows undimmed or above a tall one', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 640 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Privacy settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await dialog.waitFor();
    const look = await page.evaluate(() => {
      const inDialog = (x: number, y: number) => !!document.elementFromPoint(x, y)?.closest('[role="dialog"]');
      const box = document.querySelector('[role="dialog"]')!.getBoundingClientRect();
      return {
        top: Math.round(box.top),
        bottom: Math.round(box.bottom - innerHeight),
        left: Math.round(box.left),
        right: Math.round(box.right - innerWidth),
        topRow: [20, 195, 370].every((x) => inDialog(x, 1)),
      };
    });
    expect(look).toEqual({ top: 0, bottom: 0, left: 0, right: 0, topRow: true });
    // Every control stays reachable inside it.
    await dialog.getByRole('button', { name: 'Accept All Analytics' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Accept All Analytics' })).toBeInViewport();
  });

  test('the step keys are not offered to a finger', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Step 1: What do you need?' }).waitFor();
    await expect(page.getByText('Press 1, 2 or 3 to jump to a step.')).toHaveCount(0);
  });
});

test.describe('in a phone-sized window with a mouse', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the step keys are not offered either: a screen this narrow is a phone to its reader', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Step 1: What do you need?' }).waitFor();
    expect(await page.evaluate(() => matchMedia('(hover: hover) and (pointer: fine)').matches)).toBe(true);
    await expect(page.getByText('Press 1, 2 or 3 to jump to a step.')).toHaveCount(0);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('invalid fields look the same whether input, text area or select', async ({ page }) => {
    await page.goto('/api-registration');
    await page.getByRole('button', { name: 'Get my credentials' }).click();
    await page.getByText('Please select business type').waitFor();
    const looks = await page.evaluate(() =>
      ['#reg-companyName', '#reg-contactEmail', '#reg-businessType', '#reg-useCase'].map((sel) => {
        const el = document.querySelector(sel)!;
        const s = getComputedStyle(el);
        return [el.tagName, el.getAttribute('aria-invalid'), s.borderTopColor, s.boxShadow];
      }),
    );
    const [, , colour, shadow] = looks[0]!;
    expect(colour).toBe('rgb(185, 28, 28)');
    expect(looks).toEqual([
      ['INPUT', 'true', colour, shadow],
      ['INPUT', 'true', colour, shadow],
      ['SELECT', 'true', colour, shadow],
      ['TEXTAREA', 'true', colour, shadow],
    ]);
  });

  test('the footer contact block is upright', async ({ page }) => {
    await page.goto('/');
    expect(await page.locator('footer address').evaluate((el) => getComputedStyle(el).fontStyle)).toBe('normal');
  });

  test('the step keys are offered to a mouse', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Press 1, 2 or 3 to jump to a step.')).toBeVisible();
  });

  test('the terms page linked from the form is served', async ({ page, expectAccessible }) => {
    const response = await page.goto('/terms');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor();
    expect(await page.title()).toBe('Terms and conditions · Procura');
    await expectAccessible(page);
  });
});

test.describe('cookie preferences', () => {
  test.use({ consent: 'undecided' });

  for (const width of [390, 1280]) {
    test(`keep the Always Active and Disabled badges one line high at ${width} px`, async ({ page, expectAccessible }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await page.getByRole('button', { name: 'More Options' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
      for (const name of ['Always Active', 'Disabled']) {
        const box = (await dialog.getByText(name, { exact: true }).boundingBox())!;
        expect(box.height).toBeLessThan(28);
        expect(box.width).toBeGreaterThan(box.height * 2);
      }
      await expectAccessible(page);
    });
  }

  test('a field the keyboard reaches under the banner on a phone is brought above it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const banner = page.getByRole('region', { name: /Help Us Improve/ });
    await expect(banner).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Description' });
    // Scrolled so that the field sits under the banner, then reached from the field before it.
    await field.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight + 60));
    await page.getByRole('combobox', { name: 'Product name' }).focus();
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await expect.poll(async () => (await field.boundingBox())!.y + (await field.boundingBox())!.height).toBeLessThanOrEqual((await banner.boundingBox())!.y);
  });
});

for (const width of [390, 700, 1000, 1280]) {
  test(`/embed-benefits leaves no card alone on a row at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/embed-benefits');
    await page.getByRole('heading', { name: 'What you get' }).waitFor();
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll('.benefit-grid')].map((grid) => {
        const tops = new Map<number, number>();
        for (const card of grid.children) {
          const top = Math.round(card.getBoundingClientRect().top);
          tops.set(top, (tops.get(top) ?? 0) + 1);
        }
        return [...tops.values()];
      }),
    );
    for (const perRow of rows) {
      const oneColumn = perRow.every((n) => n === 1);
      expect(oneColumn || perRow.at(-1)! > 1, `cards per row: ${perRow.join(', ')}`).toBe(true);
    }
  });
}

/**
 * What a reader cannot see whole: an element past the screen's edge or past the card or clipping
 * box that holds it, and a box that hides part of its content behind a sideways scroll.
 */
function cutOff(): string[] {
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  const holder = (el: Element): Element | null => {
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      if (e.classList.contains('card') || getComputedStyle(e).overflowX !== 'visible') return e;
    }
    return null;
  };
  const found: string[] = [];
  for (const el of document.querySelectorAll('main *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || el.closest('.visually-hidden')) continue;
    if (r.left < -1 || r.right > window.innerWidth + 1) found.push(`past the screen: ${name(el)}`);
    const box = holder(el)?.getBoundingClientRect();
    if (box && (r.left < box.left - 1 || r.right > box.right + 1)) found.push(`past its box: ${name(el)}`);
    if (el.tagName !== 'TEXTAREA' && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      found.push(`scrolled out of sight: ${name(el)}`);
  }
  return found;
}
