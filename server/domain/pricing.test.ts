import { describe, expect, it } from 'vitest';
import { distanceBandDays, distanceKm, formatLeadTime, leadTimeDays, quotedUnitPrice, tierUnitPriceCents, volumeDiscountPercent } from './pricing';
import { vatCents } from '../../sdk/format';
import { CITIES } from '../db/seed/data';

const city = (id: string) => CITIES.find((c) => c.id === id)!;

describe('volume discounts', () => {
  it.each([
    [1, 0],
    [99, 0],
    [100, 5],
    [499, 5],
    [500, 10],
    [999, 10],
    [1000, 15],
    [50_000, 15],
  ])('%i units earn %i %%', (quantity, percent) => {
    expect(volumeDiscountPercent(quantity)).toBe(percent);
  });
});

describe('unit price for a quantity', () => {
  const tiers = [
    { minQuantity: 50, unitPriceCents: 9700 },
    { minQuantity: 250, unitPriceCents: 9100 },
    { minQuantity: 1000, unitPriceCents: 8200 },
  ];

  it('takes the highest tier the quantity reaches', () => {
    expect(tierUnitPriceCents(10_000, tiers, 49)).toBe(10_000);
    expect(tierUnitPriceCents(10_000, tiers, 50)).toBe(9700);
    expect(tierUnitPriceCents(10_000, tiers, 999)).toBe(9100);
    expect(tierUnitPriceCents(10_000, tiers, 1000)).toBe(8200);
  });

  it('quotes the better of the supplier tier and the volume schedule', () => {
    // 120 units: the schedule's 95.00 (5 % off 100.00) beats the 50+ tier's 97.00.
    expect(quotedUnitPrice(10_000, tiers, 120)).toEqual({ unitPriceCents: 9500, discountPercent: 5 });
    // 300 units: tier 91.00 beats the schedule's 95.00.
    expect(quotedUnitPrice(10_000, tiers, 300)).toEqual({ unitPriceCents: 9100, discountPercent: 9 });
    // 1000 units: tier 82.00 beats the schedule's 85.00.
    expect(quotedUnitPrice(10_000, tiers, 1000)).toEqual({ unitPriceCents: 8200, discountPercent: 18 });
    // No tiers: the schedule alone.
    expect(quotedUnitPrice(8640, [], 500)).toEqual({ unitPriceCents: 7776, discountPercent: 10 });
    expect(quotedUnitPrice(8640, [], 10)).toEqual({ unitPriceCents: 8640, discountPercent: 0 });
  });

  it('rounds VAT to the cent', () => {
    expect(vatCents(1_641_600, 0.15)).toBe(246_240);
    expect(vatCents(333, 0.15)).toBe(50);
  });
});

describe('lead time', () => {
  it('adds dispatch, coverage days and a distance band', () => {
    expect(distanceBandDays(null)).toBe(3);
    expect(distanceBandDays(40)).toBe(1);
    expect(distanceBandDays(300)).toBe(2);
    expect(distanceBandDays(1200)).toBe(3);
    expect(leadTimeDays(1, 0, 5)).toEqual({ min: 1, max: 2 });
    expect(leadTimeDays(0, 0, 5)).toEqual({ min: 1, max: 2 });
    expect(leadTimeDays(2, 3, 1300)).toEqual({ min: 5, max: 8 });
    expect(formatLeadTime({ min: 2, max: 3 })).toBe('2-3 days');
    expect(formatLeadTime({ min: 1, max: 1 })).toBe('1 day');
  });

  it('measures distances between cities', () => {
    expect(Math.round(distanceKm(city('johannesburg'), city('pretoria')))).toBe(54);
    expect(Math.round(distanceKm(city('johannesburg'), city('cape-town')))).toBe(1262);
  });
});
