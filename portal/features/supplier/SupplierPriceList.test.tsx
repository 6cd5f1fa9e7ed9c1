// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SupplierOffer } from '../../../contract/schemas/supplier-offers';
import { setupApiMock, validationFailed } from '../../../widget/test/api-mock';
import { SupplierPriceListTab } from './SupplierPriceList';

const api = setupApiMock();

const bleach: SupplierOffer = {
  offerId: 7,
  catalogueItemId: 'bleach-5l',
  productName: 'Household Bleach',
  categoryName: 'Cleaning Supplies',
  unit: 'litres',
  unitPrice: 18.5,
  minimumOrderQuantity: 10,
  tiers: [{ minQuantity: 100, unitPrice: 16.9 }],
  inStock: true,
  validFrom: null,
  validUntil: null,
  quoted: true,
};
const gloves: SupplierOffer = {
  ...bleach,
  offerId: 8,
  catalogueItemId: 'gloves',
  productName: 'Nitrile Gloves',
  unit: 'boxes',
  minimumOrderQuantity: 1,
  tiers: [],
  quoted: true,
};

const card = (name: string) => screen.getByRole('heading', { level: 4, name }).closest('li')!;

describe('the price list tab', () => {
  it("shows each offer's price, volume prices and standing, and saves a change, naming a refused field on it", async () => {
    const user = userEvent.setup();
    // The list's day moves to the day of a change, as the server says when read again.
    let priceListDate = '2026-11-20';
    api.server.use(http.get('*/api/supplier/offers', () => HttpResponse.json({ offers: [bleach, gloves], priceListDate })));
    const sent = api.record('patch', '*/api/supplier/offers/:offerId', (body) =>
      body.unitPrice === 15
        ? validationFailed({ 'tiers.0.unitPrice': 'Enter a volume price below the unit price, of at least R0.01' })
        : HttpResponse.json({ ...bleach, unitPrice: body.unitPrice, inStock: body.inStock, quoted: body.inStock }),
    );
    render(<SupplierPriceListTab />);
    await screen.findByRole('heading', { level: 4, name: 'Household Bleach' });
    expect(screen.getByText(/^2 products, 2 quoted today\. Last changed 20 November 2026/)).toBeTruthy();
    expect(card('Household Bleach').textContent).toContain('R18.50 per litre excl. VAT · minimum 10 litres');
    expect(card('Household Bleach').textContent).toContain('R16.90 from 100');
    expect(within(card('Nitrile Gloves')).getByText(/· minimum 1 box$/)).toBeTruthy();
    expect(within(card('Household Bleach')).getByText('Quoted')).toBeTruthy();

    await user.click(within(card('Household Bleach')).getByRole('button', { name: 'Change Household Bleach' }));
    const price = within(card('Household Bleach')).getByRole('textbox', { name: 'Unit price (R per litre, excl. VAT)' });
    await user.clear(price);
    await user.type(price, '15');
    await user.click(within(card('Household Bleach')).getByRole('button', { name: 'Save' }));
    const tier = within(card('Household Bleach')).getByRole('textbox', { name: 'Unit price (R per litre)' });
    await waitFor(() => expect(tier.getAttribute('aria-invalid')).toBe('true'));
    expect(within(card('Household Bleach')).getByText('Enter a volume price below the unit price, of at least R0.01')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(tier));

    await user.clear(price);
    await user.type(price, '17.95');
    await user.click(within(card('Household Bleach')).getByRole('checkbox', { name: 'In stock: quote it' }));
    priceListDate = '2026-11-29';
    await user.click(within(card('Household Bleach')).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Household Bleach: saved. Your next quotes use it.');
    expect(await screen.findByText(/^2 products, 1 quoted today\. Last changed 29 November 2026/)).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      unitPrice: 17.95,
      minimumOrderQuantity: 10,
      tiers: [{ minQuantity: 100, unitPrice: 16.9 }],
      inStock: false,
      validFrom: null,
      validUntil: null,
    });
    expect(within(card('Household Bleach')).getByText('Out of stock')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 4, name: 'Household Bleach' })));
  });

  it('checks a pasted list first, names its bad lines, and replaces the list once they are fixed', async () => {
    const user = userEvent.setup();
    const bodies: { data: string; dryRun: boolean }[] = [];
    let replaced = false;
    api.server.use(
      http.get('*/api/supplier/offers', () =>
        HttpResponse.json({ offers: replaced ? [{ ...bleach, unitPrice: 19 }] : [bleach, gloves], priceListDate: '2026-11-20' }),
      ),
      http.post('*/api/supplier/offers/import', async ({ request }) => {
        const body = (await request.json()) as { data: string; dryRun: boolean };
        bodies.push(body);
        const bad = body.data.includes('Unobtainium');
        if (!body.dryRun) replaced = true;
        return HttpResponse.json(
          body.dryRun
            ? {
                dryRun: true,
                added: 0,
                updated: 1,
                removed: 1,
                lines: [{ line: 1, productName: 'Household Bleach', unitPrice: 19, unit: 'litres', action: 'update' }],
                removedProducts: ['Nitrile Gloves'],
                invalidLines: bad ? [{ line: 2, reason: 'No product named "Unobtainium" in Cleaning Supplies is in Procura\'s catalogue' }] : [],
              }
            : { dryRun: false, added: 0, updated: 1, removed: 1 },
        );
      }),
    );
    render(<SupplierPriceListTab />);
    const box = await screen.findByRole('textbox', { name: 'Your price list' });
    await user.type(box, 'Household Bleach | | 19.00 | litres | Cleaning Supplies{enter}Unobtainium | | 1 | litres | Cleaning Supplies');
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    const preview = await screen.findByText(/1 updated, 0 added, 1 removed; 1 line needs fixing first\./);
    expect(preview).toBeTruthy();
    expect(screen.getByText(/^Line 2: No product named "Unobtainium"/)).toBeTruthy();
    expect(screen.getByText('Leaves your list: Nitrile Gloves.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace my price list' })).toBeNull();

    await user.clear(box);
    await user.type(box, 'Household Bleach | | 19.00 | litres | Cleaning Supplies');
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    await user.click(await screen.findByRole('button', { name: 'Replace my price list' }));
    expect(await screen.findByText('Replaced: 1 updated, 0 added, 1 removed. Your next quotes use them.')).toBeTruthy();
    expect(bodies.map((b) => b.dryRun)).toEqual([true, true, false]);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 4, name: 'Nitrile Gloves' })).toBeNull());
    expect(card('Household Bleach').textContent).toContain('R19.00 per litre');
  });
});
