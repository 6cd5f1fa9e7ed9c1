import { describe, expect, it } from 'vitest';
import { bestCandidates, candidatePool, FIT_WEIGHTS, priceScore, qualifies, type PoolEntry, type QuoteTarget, type RankedCandidate } from './matching';
import { quotedUnitPrice } from './pricing';
import { resolveLocation } from './interpret';
import { marketOf, pastOrdersOf, supplierSeed } from '../test/market';
import { createRng } from '../db/seed/rng.mjs';
import { CATALOGUE, CATEGORIES, CITIES } from '../db/seed/data';

const sanitizer = CATALOGUE.find((i) => i.id === 'hand-sanitizer-70')!;

function itemTarget(market: ReturnType<typeof marketOf>, itemId = 'hand-sanitizer-70'): QuoteTarget {
  const item = market.itemsById.get(itemId)!;
  return { kind: 'item', item, category: market.categoriesById.get(item.categoryId)! };
}

describe('candidate pool', () => {
  it('leaves out suppliers in poor standing and suppliers that do not deliver there', () => {
    const market = marketOf([
      supplierSeed({ id: 1 }),
      // Rated 2.9 by its buyers; on time and in full for 69 of 100 orders.
      supplierSeed({ id: 2, history: pastOrdersOf(100, 95, 2.9) }),
      supplierSeed({ id: 3, history: pastOrdersOf(100, 69) }),
      supplierSeed({ id: 4, homeCityId: 'cape-town', coverage: [{ scope: 'city', area: 'cape-town', leadDays: 0 }] }),
      supplierSeed({ id: 5, homeCityId: 'cape-town', coverage: [{ scope: 'national', area: '', leadDays: 3 }] }),
    ]);
    const pool = candidatePool(market, itemTarget(market), resolveLocation(market, 'Durban'));
    expect(pool.map((e) => [e.supplier.id, e.tier])).toEqual([
      [1, 'city'],
      [5, 'national'],
    ]);
  });

  it('admits a supplier new on Procura, below an equal one with a good record, whatever its first receipts say', () => {
    const market = marketOf([
      supplierSeed({ id: 1, history: [] }),
      // Two poor receipts are not yet a record: it is new, not in poor standing.
      supplierSeed({ id: 2, history: pastOrdersOf(2, 0, 1) }),
      // On time and in full for 9 of 10, rated 4.5.
      supplierSeed({ id: 3, history: pastOrdersOf(10, 9) }),
    ]);
    const pool = candidatePool(market, itemTarget(market), resolveLocation(market, 'Durban'));
    expect(pool.map((e) => e.supplier.id)).toEqual([3, 1, 2]);
    expect(pool[0]!.staticScore - pool[1]!.staticScore).toBeCloseTo(FIT_WEIGHTS.reliability * 0.8 + FIT_WEIGHTS.rating * 0.875, 10);
    expect(pool[1]!.staticScore).toBe(pool[2]!.staticScore);
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

  it('starts each estimate of a category from its own price, however many the pool has seen', () => {
    const market = marketOf([
      supplierSeed({ id: 1, categories: [{ categoryId: 'sanitizers', capacityUnits: 5000, minimumOrderQuantity: 1, priceFactor: 1.1 }] }),
    ]);
    const category = market.categoriesById.get('sanitizers')!;
    const durban = resolveLocation(market, 'Durban');
    const basic = candidatePool(market, { kind: 'category', category, estimateCents: 2500 }, durban);
    const premium = candidatePool(market, { kind: 'category', category, estimateCents: 8500 }, durban);
    expect(basic.map((e) => e.listUnitPriceCents)).toEqual([2750]);
    expect(premium.map((e) => e.listUnitPriceCents)).toEqual([9350]);
  });
});

describe('ranking', () => {
  it('ranks a cheaper supplier above an otherwise equal dearer one', () => {
    const market = marketOf([
      supplierSeed({ id: 1, offers: [{ itemId: sanitizer.id, unitPriceCents: 9000, minimumOrderQuantity: 1, tiers: [] }] }),
      supplierSeed({ id: 2, offers: [{ itemId: sanitizer.id, unitPriceCents: 8000, minimumOrderQuantity: 1, tiers: [] }] }),
    ]);
    const target = itemTarget(market);
    const ranked = bestCandidates(market, target, resolveLocation(market, 'Durban'), 10, 8500, 2);
    expect(ranked.map((c) => c.entry.supplier.id)).toEqual([2, 1]);
  });
});

/**
 * The reference ranking: every qualifying entry of the pool priced and scored, sorted by fit
 * (ties by supplier id), the best `count`.
 */
function rankCandidates(pool: PoolEntry[], quantity: number, referencePriceCents: number, count: number): RankedCandidate[] {
  return pool
    .filter((entry) => qualifies(entry, quantity))
    .map((entry) => {
      const price = quotedUnitPrice(entry.listUnitPriceCents, entry.offer?.tiers ?? [], quantity);
      return { entry, fitScore: entry.staticScore + FIT_WEIGHTS.price * priceScore(price.unitPriceCents, referencePriceCents), ...price };
    })
    .sort((a, b) => b.fitScore - a.fitScore || a.entry.supplier.id - b.entry.supplier.id)
    .slice(0, count);
}

describe('ranking without a pool per location', () => {
  /** A random market that covers every case ranking meets: each kind of coverage, standing, tiers in any order, capacities and minimums. */
  function randomMarket(seed: number) {
    const rng = createRng(seed);
    const provinces = [...new Set(CITIES.map((c) => c.province))];
    const categories = ['sanitizers', 'cleaning-supplies', 'disinfectants'];
    const items = CATALOGUE.filter((i) => categories.includes(i.categoryId));
    const suppliers = Array.from({ length: 300 }, (_, i) => {
      const home = rng.pick(CITIES);
      const own = categories.filter(() => rng.chance(0.6));
      const coverage = [
        ...(rng.chance(0.8) ? [{ scope: 'city' as const, area: home.id, leadDays: rng.int(0, 1) }] : []),
        ...(rng.chance(0.3) ? [{ scope: 'city' as const, area: rng.pick(CITIES).id, leadDays: rng.int(1, 2) }] : []),
        ...(rng.chance(0.6) ? [{ scope: 'province' as const, area: home.province, leadDays: rng.int(1, 2) }] : []),
        ...(rng.chance(0.2) ? [{ scope: 'province' as const, area: rng.pick(provinces), leadDays: rng.int(2, 3) }] : []),
        ...(rng.chance(0.25) ? [{ scope: 'national' as const, area: '', leadDays: rng.int(3, 4) }] : []),
      ];
      const unique = [...new Map(coverage.map((c) => [`${c.scope}|${c.area}`, c])).values()];
      return supplierSeed({
        id: i + 1,
        homeCityId: home.id,
        // Some ties on purpose: equal fits are ranked by supplier id.
        history: ((rating, onTime) => (onTime === null ? [] : pastOrdersOf(10, onTime / 10, rating)))(
          rng.chance(0.1) ? 2.5 : rng.pick([3.5, 4, 4.5, 5]),
          rng.chance(0.1) ? null : rng.chance(0.05) ? 60 : rng.pick([80, 90, 100]),
        ),
        responseTimeHours: rng.pick([2, 4, 24]),
        categories: own.map((categoryId) => ({
          categoryId,
          capacityUnits: rng.pick([40, 300, 2000, 50_000]),
          minimumOrderQuantity: rng.pick([1, 10, 100]),
          priceFactor: rng.pick([0.9, 1, 1.1]),
        })),
        coverage: unique,
        offers: items
          .filter((item) => own.includes(item.categoryId) || rng.chance(0.05))
          .filter(() => rng.chance(0.7))
          .map((item) => ({
            itemId: item.id,
            unitPriceCents: Math.round(item.referencePriceCents * rng.pick([0.8, 1, 1, 1.2])),
            minimumOrderQuantity: rng.pick([1, 5, 50]),
            tiers: rng.chance(0.5)
              ? []
              : [
                  { minQuantity: rng.pick([20, 100]), unitPriceCents: Math.round(item.referencePriceCents * rng.pick([0.7, 0.9, 1.3])) },
                  { minQuantity: rng.pick([200, 1000]), unitPriceCents: Math.round(item.referencePriceCents * rng.pick([0.6, 0.95])) },
                ].sort((a, b) => a.minQuantity - b.minQuantity),
          })),
      });
    });
    return { market: marketOf(suppliers), items };
  }

  it('finds exactly what ranking the whole pool finds, for items and categories, anywhere, at any quantity', () => {
    for (const seed of [1, 2, 3]) {
      const { market, items } = randomMarket(seed);
      const targets: { target: QuoteTarget; reference: number }[] = [
        ...items.map((i) => {
          const target = itemTarget(market, i.id);
          return { target, reference: market.averagePriceCents.get(i.id)! };
        }),
        ...CATEGORIES.filter((c) => ['sanitizers', 'disinfectants'].includes(c.id)).flatMap((c) =>
          [2500, 8500].map((estimateCents) => ({
            target: { kind: 'category' as const, category: market.categoriesById.get(c.id)!, estimateCents },
            reference: estimateCents,
          })),
        ),
      ];
      const wheres = ['Johannesburg', 'Durban', 'Upington', 'Mahikeng', 'Limpopo', 'Western Cape', 'Atlantis'];
      let compared = 0;
      for (const { target, reference } of targets) {
        for (const where of wheres) {
          const location = resolveLocation(market, where);
          const pool = candidatePool(market, target, location);
          for (const quantity of [1, 10, 99, 150, 600, 1000, 2500, 60_000]) {
            for (const count of [1, 3, 5, 10]) {
              const expected = rankCandidates(pool, quantity, reference, count);
              const found = bestCandidates(market, target, location, quantity, reference, count);
              expect(found).toEqual(expected);
              compared += expected.length;
            }
          }
        }
      }
      // The comparison means something only if ranking found candidates.
      expect(compared).toBeGreaterThan(5_000);
    }
  });
});
