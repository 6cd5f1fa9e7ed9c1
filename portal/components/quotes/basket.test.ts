import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../sdk/schemas/rfq';
import { basketQuoteOrder } from './basket';

const line = (lineId: string, productName: string, totalPrice: number, status: 'offered' | 'accepted') =>
  ({ lineId, productName, quantity: 1, unit: 'each', unitPrice: totalPrice, totalPrice, status }) as NonNullable<Quote['lines']>[number];

describe('what accepting a basket quote orders', () => {
  it('states its VAT as the server does, in whole cents, where rand arithmetic was a cent short', () => {
    // R10,174.90 at 15%: R1,526.235 of VAT, R1,526.24 to the cent; 10174.9 * 1.15 in floating point rounds to R11,701.13.
    const q = { id: 'Q-1', vatRate: 0.15, lines: [line('L1', 'Household Bleach', 9432.9, 'offered'), line('L2', 'Refuse Bags', 742, 'offered')] } as Quote;
    expect(basketQuoteOrder([q], q)).toMatchObject({ lineIds: ['L1', 'L2'], totalPrice: 10174.9, totalPriceInclVat: 11701.14 });
  });

  it('orders only the lines still open, and says whether others stay open after it', () => {
    const q = { id: 'Q-1', vatRate: 0.15, lines: [line('L1', 'Household Bleach', 100, 'accepted'), line('L2', 'Refuse Bags', 50, 'offered')] } as Quote;
    const other = { id: 'Q-2', vatRate: 0.15, lines: [line('L2', 'Refuse Bags', 60, 'offered'), line('L3', 'Mop Heads', 30, 'offered')] } as Quote;
    expect(basketQuoteOrder([q, other], q)).toEqual({ lineIds: ['L2'], products: ['Refuse Bags'], totalPrice: 50, totalPriceInclVat: 57.5, leavesOpen: true });
  });
});
