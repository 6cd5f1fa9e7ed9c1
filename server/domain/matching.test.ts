import { describe, expect, it } from 'vitest';
import { candidatePool, FIT_WEIGHTS, priceScore, qualifies, rankCandidates, type QuoteTarget } from './matching';
import { quotedUnitPrice } from './pricing';
import { resolveLocation } from './interpret';
import { marketOf, supplierSeed } from '../test/market';
import { createRng } from '../db/seed/suppliers';
import { CATALOGUE, CITIES } from '../db/seed/data';

const sanitizer = CATALOGUE.find((i) => i.id === 'hand-sanitizer-70')!;

function itemTarget(market: ReturnType<typeof marketOf>, itemId = 'hand-sanitizer-70'): QuoteTarget {
  const item = market.itemsById.get(itemId)!;
  return { kind: 'item', item, category: market.categoriesById.get(item.categoryId)! };
}

describe('candidate pool', () => {
  it('leaves out suppliers in poor standing and suppliers that do not deliver there', () => {
    const market = marketOf([
      supplierSeed({ id: 1 }),
      supplierSeed({ id: 2, rating: 2.9 }),
      supplierSeed({ id: 3, onTimeRate: 69 }),
      supplierSeed({ id: 4, homeCityId: 'cape-town', coverage: [{ scope: 'city', area: 'cape-town', leadDays: 0 }] }),
      supplierSeed({ id: 5, homeCityId: 'cape-town', coverage: [{ scope: 'national', area: '', leadDays: 3 }] }),
    ]);
    const pool = candidatePool(market, itemTarget(market), resolveLocation(market, 'Durban'));
    expect(pool.map((e) => [e.supplier.id, e.tier])).toEqual([
      [1, 'city'],
      [5, 'national'],
    ]);
  });

  it('admits a supplier with no delivery record on its rating, below an equal one with a good record', () => {
    const market = marketOf([
      supplierSeed({ id: 1, onTimeRate: null }),
      supplierSeed({ id: 2, onTimeRate: null, rating: 2.9 }),
      supplierSeed({ id: 3, onTimeRate: 90 }),
    ]);
    const pool = candidatePool(market, itemTarget(market), resolveLocation(market, 'Durban'));
    expect(pool.map((e) => e.supplier.id)).toEqual([3, 1]);
    expect(pool[0]!.staticScore - pool[1]!.staticScore).toBeCloseTo(FIT_WEIGHTS.reliability * 0.8, 10);
  });

  it('prefers the city, then the province, then national delivery', () => {
    const market = marketOf([
      supplierSeed({ id: 1, homeCityId: 'cape-town', coverage: [{ scope: 'national', area: '', leadDays: 3 }] }),
      supplierSeed({ id: 2, homeCityId: 'pietermaritzburg', coverage: [{ scope: 'province', area: 'KwaZulu-Natal', leadDays: 1 }] }),
      supplierSeed({ id: 3 }),
    ]);
    const pool = candidatePool(market, itemTarget(market), resolveLocation(market, 'Durban'));
    expect(pool.map((e) => e.tier)).toEqual(['city', 'province', 'national']);
  });

  it('qualifies an order only within capacity and from the minimum order', () => {
    const market = marketOf([
      supplierSeed({
        id: 1,
        categories: [{ categoryId: 'sanitizers', capacityUnits: 300, minimumOrderQuantity: 1, priceFactor: 1 }],
        offers: [{ itemId: sanitizer.id, unitPriceCents: 8500, minimumOrderQuantity: 20, tiers: [] }],
      }),
    ]);
    const target = itemTarget(market);
    const [entry] = candidatePool(market, target, resolveLocation(market, 'Durban'));
    expect(qualifies(entry!, 19)).toBe(false);
    expect(qualifies(entry!, 20)).toBe(true);
    expect(qualifies(entry!, 300)).toBe(true);
    expect(qualifies(entry!, 301)).toBe(false);
  });
});

describe('ranking', () => {
  it('ranks a cheaper supplier above an otherwise equal dearer one', () => {
    const market = marketOf([
      supplierSeed({ id: 1, offers: [{ itemId: sanitizer.id, unitPriceCents: 9000, minimumOrderQuantity: 1, tiers: [] }] }),
      supplierSeed({ id: 2, offers: [{ itemId: sanitizer.id, unitPriceCents: 8000, minimumOrderQuantity: 1, tiers: [] }] }),
    ]);
    const target = itemTarget(market);
    const pool = candidatePool(market, target, resolveLocation(market, 'Durban'));
    const ranked = rankCandidates(pool, 10, 8500, 2);
    expect(ranked.map((c) => c.entry.supplier.id)).toEqual([2, 1]);
  });

  it('returns exactly the best fits a full scan would find', () => {
    // A large random market: the early-stopping scan must agree with sorting every candidate.
    const rng = createRng(42);
    const suppliers = Array.from({ length: 400 }, (_, i) => {
      const home = rng.pick(CITIES);
      return supplierSeed({
        id: i + 1,
        homeCityId: home.id,
        rating: Math.round((3 + rng.next() * 2) * 10) / 10,
        onTimeRate: rng.int(70, 100),
        responseTimeHours: rng.pick([2, 4, 12, 24, 48]),
        categories: [{ categoryId: 'sanitizers', capacityUnits: rng.int(50, 5000), minimumOrderQuantity: 1, priceFactor: 1 }],
        coverage: [
          { scope: 'city', area: home.id, leadDays: 0 },
          { scope: 'province', area: home.province, leadDays: 1 },
          ...(rng.chance(0.3) ? [{ scope: 'national' as const, area: '', leadDays: 3 }] : []),
        ],
        offers: [
          {
            itemId: sanitizer.id,
            unitPriceCents: rng.int(5000, 13000),
            minimumOrderQuantity: rng.pick([1, 5, 20, 100]),
            tiers: rng.chance(0.5) ? [{ minQuantity: 200, unitPriceCents: rng.int(4000, 9000) }] : [],
          },
        ],
      });
    });
    const market = marketOf(suppliers);
    const target = itemTarget(market);
    for (const where of ['Johannesburg', 'Durban', 'Upington', 'Limpopo']) {
      const pool = candidatePool(market, target, resolveLocation(market, where));
      for (const quantity of [10, 150, 600, 2000]) {
        const reference = market.averagePriceCents.get(sanitizer.id)!;
        const brute = pool
          .filter((e) => qualifies(e, quantity))
          .map((e) => {
            const price = quotedUnitPrice(e.offer!.unitPriceCents, e.offer!.tiers, quantity);
            return { id: e.supplier.id, fit: e.staticScore + FIT_WEIGHTS.price * priceScore(price.unitPriceCents, reference) };
          })
          .sort((a, b) => b.fit - a.fit || a.id - b.id)
          .slice(0, 7)
          .map((c) => c.id);
        expect(rankCandidates(pool, quantity, reference, 7).map((c) => c.entry.supplier.id)).toEqual(brute);
      }
    }
  });
});
