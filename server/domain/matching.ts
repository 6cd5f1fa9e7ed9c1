import type { CatalogueItem, Category, City, MarketSnapshot, Offer, Supplier, SupplierCategory } from './market';
import type { LocationInterpretation } from './interpret';
import { distanceKm, quotedUnitPrice, type UnitPrice } from './pricing';

/** Suppliers below either bar are never matched: their standing is poor. */
export const STANDING = { minRating: 3.0, minOnTimeRate: 70 } as const;

/** Weights of the fit score; they sum to 1. Price is the only part that depends on the quantity. */
export const FIT_WEIGHTS = { location: 0.25, rating: 0.2, reliability: 0.2, responseTime: 0.1, price: 0.25 } as const;

/** Location part of the fit score: delivering to the city itself beats the province beats national. */
export const LOCATION_SCORES = { city: 1, province: 0.6, national: 0.3 } as const;

export type CoverageTier = keyof typeof LOCATION_SCORES;

/** What is being quoted: a catalogue item (priced from price lists) or a category (estimated). */
export type QuoteTarget =
  | { kind: 'item'; item: CatalogueItem; category: Category }
  | { kind: 'category'; category: Category; estimateCents: number };

/** A supplier that serves the target and delivers to the location, before quantity is known. */
export interface PoolEntry {
  supplier: Supplier;
  offer: Offer | null;
  terms: SupplierCategory;
  tier: CoverageTier;
  coverageLeadDays: number;
  distanceKm: number | null;
  /** The list price the quote starts from: the offer's, or the estimate times the supplier's category factor. */
  listUnitPriceCents: number;
  minimumOrderQuantity: number;
  /** Fit score without the price part. */
  staticScore: number;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

export function ratingScore(rating: number): number {
  return clamp01((rating - 1) / 4);
}

/** Reliability part of the fit: nothing is credited for a record Procura has not seen (no on-time rate). */
export function reliabilityScore(onTimeRate: number | null): number {
  return onTimeRate === null ? 0 : clamp01((onTimeRate - 50) / 50);
}

export function responseScore(hours: number): number {
  return clamp01(1 - hours / 72);
}

/** Price part of the fit: 0.5 at the market's average price, 1 at half of it, 0 at 1.5 times it. */
export function priceScore(unitPriceCents: number, referenceCents: number): number {
  return referenceCents > 0 ? clamp01(1.5 - unitPriceCents / referenceCents) : 0.5;
}

/** Where to deliver: a read location, or 'anywhere' (no location given yet: every supplier counts). */
export type PoolLocation = LocationInterpretation | 'anywhere';

/** How a supplier delivers to a location (the closest coverage it has), or null when it does not. */
export function coverageFor(supplier: Supplier, location: PoolLocation): { tier: CoverageTier; lead: number } | null {
  if (location === 'anywhere') {
    const { cities, provinces, national } = supplier.coverage;
    const leads = [...cities.values(), ...provinces.values(), ...(national === null ? [] : [national])];
    return leads.length > 0 ? { tier: 'national', lead: Math.min(...leads) } : null;
  }
  const { city, province } = location;
  if (city) {
    const lead = supplier.coverage.cities.get(city.id);
    if (lead !== undefined) return { tier: 'city', lead };
  }
  if (province) {
    const lead = supplier.coverage.provinces.get(province);
    if (lead !== undefined) return { tier: 'province', lead };
  }
  if (supplier.coverage.national !== null) return { tier: 'national', lead: supplier.coverage.national };
  return null;
}

/**
 * Whether a supplier may be quoted: rated at least 3.0 and, once it has a delivery record, on
 * time at least 70 % of the time. A supplier with no record yet stands on its rating alone.
 */
export function hasGoodStanding(supplier: Supplier): boolean {
  return supplier.rating >= STANDING.minRating && (supplier.onTimeRate === null || supplier.onTimeRate >= STANDING.minOnTimeRate);
}

function poolKey(target: QuoteTarget, location: PoolLocation): string {
  const what = target.kind === 'item' ? `i:${target.item.id}` : `c:${target.category.id}`;
  if (location === 'anywhere') return `${what}|*`;
  return `${what}|${location.city?.id ?? ''}|${location.province ?? ''}`;
}

/**
 * Every supplier in good standing that serves the target and delivers to the location, best
 * static fit first (ties by supplier id). Memoised on the snapshot, which never changes.
 */
export function candidatePool(market: MarketSnapshot, target: QuoteTarget, location: PoolLocation): PoolEntry[] {
  const key = poolKey(target, location);
  const cached = market.memo.get(key) as PoolEntry[] | undefined;
  if (cached) return cached;

  const categoryId = target.category.id;
  const sources: { supplier: Supplier; offer: Offer | null }[] =
    target.kind === 'item'
      ? (market.offersByItem.get(target.item.id) ?? []).map((offer) => ({
          supplier: market.suppliersById.get(offer.supplierId)!,
          offer,
        }))
      : (market.suppliersByCategory.get(categoryId) ?? []).map((supplier) => ({ supplier, offer: null }));

  const pool: PoolEntry[] = [];
  for (const { supplier, offer } of sources) {
    const terms = supplier.categories.get(categoryId);
    if (!terms || !hasGoodStanding(supplier)) continue;
    const coverage = coverageFor(supplier, location);
    if (!coverage) continue;
    const home = market.citiesById.get(supplier.homeCityId);
    const city: City | null = location === 'anywhere' ? null : location.city;
    const km = city && home ? distanceKm(home, city) : null;
    const staticScore =
      FIT_WEIGHTS.location * LOCATION_SCORES[coverage.tier] +
      FIT_WEIGHTS.rating * ratingScore(supplier.rating) +
      FIT_WEIGHTS.reliability * reliabilityScore(supplier.onTimeRate) +
      FIT_WEIGHTS.responseTime * responseScore(supplier.responseTimeHours);
    pool.push({
      supplier,
      offer,
      terms,
      tier: coverage.tier,
      coverageLeadDays: coverage.lead,
      distanceKm: km,
      listUnitPriceCents: offer ? offer.unitPriceCents : Math.round(estimateCents(target) * terms.priceFactor),
      minimumOrderQuantity: offer ? offer.minimumOrderQuantity : terms.minimumOrderQuantity,
      staticScore,
    });
  }
  pool.sort((a, b) => b.staticScore - a.staticScore || a.supplier.id - b.supplier.id);
  market.memo.set(key, pool);
  return pool;
}

/** A candidate that qualifies for the quantity, priced and scored. */
export interface RankedCandidate extends UnitPrice {
  entry: PoolEntry;
  fitScore: number;
}

function estimateCents(target: QuoteTarget): number {
  return target.kind === 'category' ? target.estimateCents : target.item.referencePriceCents;
}

/** Whether the entry can take an order of this size: within capacity and at least the minimum order. */
export function qualifies(entry: PoolEntry, quantity: number): boolean {
  return quantity <= entry.terms.capacityUnits && quantity >= entry.minimumOrderQuantity;
}

/**
 * The `count` best-fitting candidates for a quantity, best first (ties by supplier id). Exact:
 * the pool is sorted by the fit without price, and price adds at most FIT_WEIGHTS.price, so the
 * scan stops once no later entry could reach the current top `count`.
 */
export function rankCandidates(
  pool: PoolEntry[],
  quantity: number,
  referencePriceCents: number,
  count: number,
): RankedCandidate[] {
  const top: RankedCandidate[] = [];
  for (const entry of pool) {
    if (top.length === count && entry.staticScore + FIT_WEIGHTS.price < top[count - 1]!.fitScore) break;
    if (!qualifies(entry, quantity)) continue;
    const price = quotedUnitPrice(entry.listUnitPriceCents, entry.offer?.tiers ?? [], quantity);
    const fitScore = entry.staticScore + FIT_WEIGHTS.price * priceScore(price.unitPriceCents, referencePriceCents);
    const candidate: RankedCandidate = { entry, fitScore, ...price };
    let i = top.length;
    while (i > 0 && better(candidate, top[i - 1]!)) i--;
    if (i < count) {
      top.splice(i, 0, candidate);
      if (top.length > count) top.pop();
    }
  }
  return top;
}

function better(a: RankedCandidate, b: RankedCandidate): boolean {
  return a.fitScore > b.fitScore || (a.fitScore === b.fitScore && a.entry.supplier.id < b.entry.supplier.id);
}
