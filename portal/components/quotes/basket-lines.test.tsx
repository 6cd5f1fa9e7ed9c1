// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Quote, Rfq } from '../../../sdk/schemas/rfq';
import { BasketMatrix, QuoteLines } from './basket';

afterEach(cleanup);

const line = (lineId: string, productName: string, totalPrice: number, more: Partial<NonNullable<Quote['lines']>[number]> = {}) =>
  ({
    lineId,
    productName,
    quantity: 10,
    unit: 'litres',
    pricingBasis: 'price-list',
    unitPrice: totalPrice / 10,
    totalPrice,
    status: 'offered',
    ...more,
  }) as NonNullable<Quote['lines']>[number];

const quote = (id: string, name: string, lines: NonNullable<Quote['lines']>) =>
  ({
    id,
    status: 'offered',
    supplier: { name },
    vatRate: 0.15,
    totalPrice: 0,
    coverage: { covered: 2, total: 2, text: '2 of 2 lines' },
    lines,
  }) as unknown as Quote;

describe("a basket quote's lines as the buyer sees them", () => {
  const coastal = quote('Q-1', 'Coastal Hygiene', [
    line('L1', 'Hand Sanitizer', 148.8, { firmedAt: '2026-12-06T08:00:00.000Z', indicativeUnitPrice: 15.5 }),
    line('L2', 'Refuse Bags', 50, { status: 'withdrawn', withdrawalReason: 'Out of stock' }),
  ]);

  it('marks a line made firm and one withdrawn on the quote’s own page', () => {
    render(<QuoteLines quote={coastal} />);
    const rows = within(screen.getByRole('table'))
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(rows).toEqual(['Hand SanitizerFirm', 'Refuse BagsWithdrawn']);
  });

  it('shows a withdrawn line as withdrawn in the comparison, never as the cheapest', () => {
    const berea = quote('Q-2', 'Berea Supplies', [line('L1', 'Hand Sanitizer', 160), line('L2', 'Refuse Bags', 60)]);
    const rfq = {
      lines: [
        { lineId: 'L1', productName: 'Hand Sanitizer', quantity: 10, unit: 'litres' },
        { lineId: 'L2', productName: 'Refuse Bags', quantity: 10, unit: 'litres' },
      ],
      split: {},
      quotes: [coastal, berea],
    } as unknown as Rfq & { lines: NonNullable<Rfq['lines']>; split: NonNullable<Rfq['split']> };
    render(<BasketMatrix rfq={rfq} />);
    const table = screen.getByRole('table');
    const cells = (product: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${product}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Refuse Bags')).toEqual(['Withdrawn', 'R60.00CheapestR6.00 per litre']);
    expect(cells('Hand Sanitizer')[0]).toBe('R148.80CheapestFirmR14.88 per litre');
  });
});
