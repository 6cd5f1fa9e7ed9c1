import { describe, expect, it } from 'vitest';
import { formatDate } from '../../sdk/format';
import { buildQuotes } from './quote-engine';
import { addDays } from './calendar';
import { interpretProduct, resolveLocation, estimateUnitPriceCents } from './interpret';
import { marketOf } from '../test/market';
import { CATALOGUE } from '../db/seed/data';

const market = marketOf();
const now = new Date('2026-11-22T09:00:00Z');
const options = { now, vatRate: 0.15 };

describe('reading a request', () => {
  it("finds catalogue items in buyers' words, South African spelling included", () => {
    expect(interpretProduct(market, 'Hand sanitiser 70%').item?.id).toBe('hand-sanitizer-70');
    expect(interpretProduct(market, 'toilet rolls for the office').item?.id).toBe('toilet-paper-48');
    expect(interpretProduct(market, 'Electric Geyser 150L').item?.id).toBe('geyser-150l');
  });

  it('places free text in a category by keywords, else cleaning supplies', () => {
    const gloves = interpretProduct(market, 'Latex gloves, size M');
    expect(gloves.item).toBeNull();
    expect(gloves.category.id).toBe('safety-equipment');
    expect(interpretProduct(market, 'Mystery widgets').category.id).toBe('cleaning-supplies');
  });

  it('places a name by the market it is asked of: a market with a new catalogue item places the name there', () => {
    expect(interpretProduct(market, 'Latex gloves, size M').item).toBeNull();
    const gloves = { ...CATALOGUE[0]!, id: 'latex-gloves', name: 'Latex Gloves', categoryId: 'safety-equipment', keywords: ['latex gloves'] };
    const withGloves = marketOf(undefined, [...CATALOGUE, gloves]);
    expect(interpretProduct(withGloves, 'Latex gloves, size M').item?.id).toBe('latex-gloves');
    // Asked again, each market answers as it did.
    expect(interpretProduct(market, 'Latex gloves, size M').item).toBeNull();
    expect(interpretProduct(withGloves, 'Latex gloves, size M').item?.id).toBe('latex-gloves');
  });

  it('estimates a price for products without a price list as the spec says', () => {
    expect(estimateUnitPriceCents('Industrial degreaser')).toBe(8500);
    expect(estimateUnitPriceCents('Basic mop heads')).toBe(2500);
    expect(estimateUnitPriceCents('Mop heads')).toBe(5000);
  });

  it('reads cities, full names and provinces', () => {
    expect(resolveLocation(market, 'Durban, KwaZulu-Natal').city?.id).toBe('durban');
    expect(resolveLocation(market, 'east london').city?.id).toBe('east-london');
    expect(resolveLocation(market, 'somewhere in Limpopo')).toEqual({ city: null, province: 'Limpopo' });
    expect(resolveLocation(market, 'Atlantis')).toEqual({ city: null, province: null });
  });
});

describe('quotes', () => {
  const request = {
    productName: 'Hand Sanitizer 70% Alcohol',
    quantity: 200,
    supplierCount: 5,
    deliveryLocation: 'Durban',
  };

  it("prices every quote from its supplier's list with discount and VAT", () => {
    const set = buildQuotes(market, request, options);
    expect(set.quotes).toHaveLength(5);
    for (const q of set.quotes) {
      const offer = market.offersByItem.get('hand-sanitizer-70')!.find((o) => o.supplierId === q.supplier.id)!;
      expect(q.listUnitPriceCents).toBe(offer.unitPriceCents);
      expect(q.unitPriceCents).toBeLessThanOrEqual(Math.round(offer.unitPriceCents * 0.95));
      expect(q.totalCents).toBe(q.unitPriceCents * 200);
      expect(q.vatCents).toBe(Math.round(q.totalCents * 0.15));
      expect(q.totalInclVatCents).toBe(q.totalCents + q.vatCents);
      expect(q.validUntil).toBe(new Date(now.getTime() + q.validityDays * 86_400_000).toISOString().slice(0, 10));
      expect(q.notes).toContain(`price list dated ${formatDate(q.supplier.priceListDate)}`);
      // A name ending in s takes the apostrophe alone: 'Supplies’ price list', never 'Supplies's'.
      expect(q.notes).toContain(/s$/i.test(q.supplier.name) ? `${q.supplier.name}’ price list` : `${q.supplier.name}’s price list`);
      expect(q.leadTime).toMatch(/^\d+-\d+ days$/);
    }
    expect(set.quotes.map((q) => q.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it("counts a quote's validity from today in Johannesburg, where it is judged, even in the two hours that are tomorrow there and today in UTC", () => {
    // 23:30 UTC on 22 November is 01:30 on 23 November in Johannesburg.
    const lateNight = buildQuotes(market, request, { ...options, now: new Date('2026-11-22T23:30:00Z') });
    for (const q of lateNight.quotes) expect(q.validUntil).toBe(addDays('2026-11-23', q.validityDays));
    expect(lateNight.quotes.length).toBeGreaterThan(0);
  });

  it('gives the same quotes for the same request', () => {
    expect(buildQuotes(marketOf(), request, options)).toEqual(buildQuotes(marketOf(), request, options));
  });

  it('finds five or more suppliers for every catalogue item in each metro', () => {
    for (const item of CATALOGUE) {
      for (const city of ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria']) {
        const set = buildQuotes(market, { productName: item.name, quantity: 25, supplierCount: 10, deliveryLocation: city }, options);
        expect(set.matched, `${item.name} in ${city}`).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('says so when fewer suppliers qualify than were asked for', () => {
    const set = buildQuotes(market, { productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 40, supplierCount: 7, deliveryLocation: 'Upington' }, options);
    expect(set.matched).toBeGreaterThan(0);
    expect(set.matched).toBeLessThan(5);
    expect(set.message).toBe(
      `You asked for 7 quotes; ${set.matched} of our suppliers can supply 40 packs of Toilet Paper 2-Ply (48-pack) to Upington, Northern Cape, so you have ${set.matched} quotes.`,
    );
  });

  it('quotes free-text products from category pricing', () => {
    const set = buildQuotes(market, { productName: 'Latex gloves', quantity: 50, supplierCount: 3, deliveryLocation: 'Johannesburg' }, options);
    expect(set.quotes).toHaveLength(3);
    for (const q of set.quotes) {
      expect(q.pricingBasis).toBe('category-estimate');
      expect(q.notes).toContain('this exact product is not on their list');
    }
  });

  it('answers with no quotes, and says why, when nobody qualifies', () => {
    const set = buildQuotes(market, { productName: 'Electric Geyser 150L', quantity: 900_000, supplierCount: 3, deliveryLocation: 'Durban' }, options);
    expect(set.quotes).toEqual([]);
    expect(set.message).toBe(
      'No supplier Procura works with can quote 900,000 pieces of Electric Geyser 150L for delivery to Durban, KwaZulu-Natal yet. Try a nearby city or a different quantity.',
    );
  });
});
