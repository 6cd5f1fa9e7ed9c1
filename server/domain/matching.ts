// Kept whole: matching's steps (place, category, candidates, scores) share their memoised indexes
// of the snapshot.
import type { CatalogueItem, Category, City, MarketSnapshot, Offer, OfferList, Supplier, SupplierCategory } from './market';
import type { LocationInterpretation } from './interpret';
import { distanceKm, quotedUnitPrice, quotedUnitPriceCents, volumeDiscountPercent, type UnitPrice } from './pricing';
import { ASSUMED_RESPONSE_HOURS } from '../../sdk/rules';
import { onTimeInFullShare } from './scorecard';

/** Suppliers with a record below either bar are never matched: their standing is poor. */
const STANDING = { minRating: 3.0, minOnTimeInFull: 0.7 } as const;

/** Weights of the fit score; they sum to 1. Price is the only part that depends on the quantity. */
export const FIT_WEIGHTS = { location: 0.25, rating: 0.2, reliability: 0.2, responseTime: 0.1, price: 0.25 } as const;

/** Location part of the fit score: delivering to the city itself beats the province beats national. */
export const LOCATION_SCORES = { city: 1, province: 0.6, national: 0.3 } as const;

export type CoverageTier = keyof typeof LOCATION_SCORES;

/** What is being quoted: a catalogue item (priced from price lists) or a category (estimated). */
export type QuoteTarget = { kind: 'item'; item: CatalogueItem; category: Category } | { kind: 'category'; category: Category; estimateCents: number };

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
  return Math.max(0, Math.min(x, 1));
}

/** Rating part of the fit: the buyers' average; nothing is credited for ratings Procura has not gathered. */
function ratingScore(supplier: Supplier): number {
  const average = supplier.record.ratingAverage;
  return average === null ? 0 : clamp01((average - 1) / 4);
}

/** Reliability part of the fit: the share on time and in full; nothing for a record Procura has not seen. */
function reliabilityScore(supplier: Supplier): number {
  const share = onTimeInFullShare(supplier.record);
  return share === null ? 0 : clamp01((share - 0.5) / 0.5);
}

/** Response part of the fit: 1 for an instant answer, 0 at three days; no record counts as {@link ASSUMED_RESPONSE_HOURS}. */
export function responseScore(hours: number | null): number {
  return clamp01(1 - (hours ?? ASSUMED_RESPONSE_HOURS) / 72);
}

/** Price part of the fit: 0.5 at the market's average price, 1 at half of it, 0 at 1.5 times it. */
export function priceScore(unitPriceCents: number, referenceCents: number): number {
  return referenceCents > 0 ? clamp01(1.5 - unitPriceCents / referenceCents) : 0.5;
}

/** Where to deliver: a read location, or 'anywhere' (no location given yet: every supplier counts). */
export type PoolLocation = LocationInterpretation | 'anywhere';

/** How a supplier delivers to a location (the closest coverage it has), or null when it does not. */
export function coverageFor(supplier: Pick<Supplier, 'coverage'>, location: PoolLocation): { tier: CoverageTier; lead: number } | null {
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
 * Whether a supplier may be quoted: once its record counts 3 receipts, rated at least 3.0 by its
 * buyers and on time and in full for at least 70 % of them. A new supplier is not held back: a
 * missing record is not a poor one.
 */
export function hasGoodStanding(supplier: Supplier): boolean {
  const { record } = supplier;
  return record.new || (record.ratingAverage! >= STANDING.minRating && record.onTimeInFull >= STANDING.minOnTimeInFull * record.receipts);
}

/** What a target's candidates depend on: the item, or the category and the estimate its list prices start from. */
function targetKey(target: QuoteTarget): string {
  return target.kind === 'item' ? `i:${target.item.id}` : `c:${target.category.id}:${target.estimateCents}`;
}

function poolKey(target: QuoteTarget, location: PoolLocation): string {
  const what = targetKey(target);
  if (location === 'anywhere') return `${what}|*`;
  return `${what}|${location.city?.id ?? ''}|${location.province ?? ''}`;
}

/** How far a delivery to `city` goes from the supplier's home city; null when either is not known. */
export function deliveryDistanceKm(home: City | undefined, city: City | null): number | null {
  return city && home ? distanceKm(home, city) : null;
}

/** The fit a supplier earns without the price: its coverage tier, rating, record and response time. */
function staticFit(supplier: Supplier, tier: CoverageTier): number {
  return (
    FIT_WEIGHTS.location * LOCATION_SCORES[tier] +
    FIT_WEIGHTS.rating * ratingScore(supplier) +
    FIT_WEIGHTS.reliability * reliabilityScore(supplier) +
    FIT_WEIGHTS.responseTime * responseScore(supplier.responseTimeHours)
  );
}

/** A supplier's pool entry for a target at a location it delivers to with `coverage`. */
function poolEntry(
  market: MarketSnapshot,
  target: QuoteTarget,
  location: PoolLocation,
  source: { supplier: Supplier; offer: Offer | null; terms: SupplierCategory },
  coverage: { tier: CoverageTier; lead: number },
): PoolEntry {
  const { supplier, offer, terms } = source;
  const home = market.citiesById.get(supplier.homeCityId);
  const city: City | null = location === 'anywhere' ? null : location.city;
  return {
    supplier,
    offer,
    terms,
    tier: coverage.tier,
    coverageLeadDays: coverage.lead,
    distanceKm: deliveryDistanceKm(home, city),
    listUnitPriceCents: listPriceCents(target, offer, terms),
    minimumOrderQuantity: offer ? offer.minimumOrderQuantity : terms.minimumOrderQuantity,
    staticScore: staticFit(supplier, coverage.tier),
  };
}

function listPriceCents(target: QuoteTarget, offer: Offer | null, terms: SupplierCategory): number {
  return offer ? offer.unitPriceCents : Math.round(estimateCents(target) * terms.priceFactor);
}

/** {@link listPriceCents} of a candidate by its row in the item's offers (-1 for a category's), without building the offer. */
function listPriceCentsAt(target: QuoteTarget, offers: OfferList | null, row: number, terms: SupplierCategory): number {
  return row >= 0 ? offers!.unitPriceCents(row) : Math.round(estimateCents(target) * terms.priceFactor);
}

/**
 * Every supplier that lists the item (with its offer's row in the item's {@link OfferList}), or
 * serves the category (row -1), as the target asks.
 */
function sourcesOf(market: MarketSnapshot, target: QuoteTarget): { list: OfferList | null; sources: { supplier: Supplier; row: number }[] } {
  if (target.kind !== 'item') {
    return { list: null, sources: (market.suppliersByCategory.get(target.category.id) ?? []).map((supplier) => ({ supplier, row: -1 })) };
  }
  const list = market.offersByItem.get(target.item.id) ?? null;
  const sources: { supplier: Supplier; row: number }[] = [];
  for (let row = 0; row < (list?.length ?? 0); row++) sources.push({ supplier: market.suppliersById.get(list!.supplierId(row))!, row });
  return { list, sources };
}

/**
 * Every supplier in good standing that serves the target and delivers to the location, best
 * static fit first (ties by supplier id). Memoised on the snapshot, which never changes.
 */
export function candidatePool(market: MarketSnapshot, target: QuoteTarget, location: PoolLocation): PoolEntry[] {
  const key = poolKey(target, location);
  const cached = market.memo.get(key) as PoolEntry[] | undefined;
  if (cached) return cached;

  const pool: PoolEntry[] = [];
  const { list, sources } = sourcesOf(market, target);
  for (const { supplier, row } of sources) {
    const terms = supplier.categories.get(target.category.id);
    if (!terms || !hasGoodStanding(supplier)) continue;
    const coverage = coverageFor(supplier, location);
    if (!coverage) continue;
    pool.push(poolEntry(market, target, location, { supplier, offer: row >= 0 ? list!.at(row) : null, terms }, coverage));
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

/** A candidate priced for a quantity, with its fit score. */
export function priced(entry: PoolEntry, quantity: number, referencePriceCents: number): RankedCandidate {
  const price = quotedUnitPrice(entry.listUnitPriceCents, entry.offer?.tiers ?? [], quantity);
  const fitScore = entry.staticScore + FIT_WEIGHTS.price * priceScore(price.unitPriceCents, referencePriceCents);
  return { entry, fitScore, ...price };
}

/** Puts a candidate into the sorted top `count`, if it belongs there. */
function placeInTop(top: RankedCandidate[], count: number, candidate: RankedCandidate): void {
  let i = top.length;
  while (i > 0 && better(candidate, top[i - 1]!)) i--;
  if (i < count) {
    top.splice(i, 0, candidate);
    if (top.length > count) top.pop();
  }
}

function better(a: RankedCandidate, b: RankedCandidate): boolean {
  return a.fitScore > b.fitScore || (a.fitScore === b.fitScore && a.entry.supplier.id < b.entry.supplier.id);
}

/**
 * A target's candidates in good standing, with the most each could score anywhere, indexed by
 * the cities and provinces they deliver to. Built once per target and snapshot; its size grows
 * with the suppliers, but ranking reads only the heads of three of its lists.
 */
interface CandidateIndex {
  suppliers: Supplier[];
  /** The item's offers, and each candidate's row in them (-1 for a category's candidates, which have none). */
  list: OfferList | null;
  rows: Int32Array;
  terms: SupplierCategory[];
  /**
   * The fit a candidate could reach at most, less the location part: rating, record and response
   * time, and the price part at the lowest price its list, its tiers or the volume discount give.
   */
  reach: Float64Array;
  /** Candidates by city, province and national delivery. */
  byCity: Map<string, RankList>;
  byProvince: Map<string, RankList>;
  national: RankList;
}

/** Candidates delivering to one area, highest reach first (ties by supplier id). */
interface RankList {
  /** Candidate numbers. */
  ids: Int32Array;
  /**
   * From each position to the end of the list, the largest capacity and the smallest minimum
   * order: where no candidate left could take the order, the list has nothing more to give.
   */
  mostCapacity: Float64Array;
  leastMinimum: Float64Array;
}

/**
 * Sums of the same terms in another order can differ in their last bit; a bound this much
 * higher still bounds, and costs nothing but looking at a candidate it could have skipped.
 */
const BOUND_SLACK = 1e-9;

function candidateIndex(market: MarketSnapshot, target: QuoteTarget, referencePriceCents: number): CandidateIndex {
  const key = `rank|${targetKey(target)}|${referencePriceCents}`;
  const cached = market.memo.get(key) as CandidateIndex | undefined;
  if (cached) return cached;

  const suppliers: Supplier[] = [];
  const rows: number[] = [];
  const terms: SupplierCategory[] = [];
  const reach: number[] = [];
  const cities = new Map<string, number[]>();
  const provinces = new Map<string, number[]>();
  const national: number[] = [];
  const lowestDiscount = 100 - volumeDiscountPercent(Number.POSITIVE_INFINITY);
  const { list: offers, sources } = sourcesOf(market, target);
  const minimumOf = (n: number) => (rows[n]! >= 0 ? offers!.minimumOrderQuantity(rows[n]!) : terms[n]!.minimumOrderQuantity);
  for (const { supplier, row } of sources) {
    const t = supplier.categories.get(target.category.id);
    if (!t || !hasGoodStanding(supplier)) continue;
    const list = listPriceCentsAt(target, offers, row, t);
    let lowest = Math.min(list, Math.round((list * lowestDiscount) / 100));
    if (row >= 0) lowest = Math.min(lowest, offers!.lowestTierCents(row));
    const n = suppliers.length;
    suppliers.push(supplier);
    rows.push(row);
    terms.push(t);
    reach.push(
      FIT_WEIGHTS.rating * ratingScore(supplier) +
        FIT_WEIGHTS.reliability * reliabilityScore(supplier) +
        FIT_WEIGHTS.responseTime * responseScore(supplier.responseTimeHours) +
        FIT_WEIGHTS.price * priceScore(lowest, referencePriceCents),
    );
    for (const area of supplier.coverage.cities.keys()) push(cities, area, n);
    for (const area of supplier.coverage.provinces.keys()) push(provinces, area, n);
    if (supplier.coverage.national !== null) national.push(n);
  }
  const order = (list: number[]): RankList => {
    const ids = Int32Array.from(list.sort((a, b) => reach[b]! - reach[a]! || suppliers[a]!.id - suppliers[b]!.id));
    const mostCapacity = new Float64Array(ids.length);
    const leastMinimum = new Float64Array(ids.length);
    let most = Number.NEGATIVE_INFINITY;
    let least = Number.POSITIVE_INFINITY;
    for (let i = ids.length - 1; i >= 0; i--) {
      const n = ids[i]!;
      most = Math.max(most, terms[n]!.capacityUnits);
      least = Math.min(least, minimumOf(n));
      mostCapacity[i] = most;
      leastMinimum[i] = least;
    }
    return { ids, mostCapacity, leastMinimum };
  };
  const index: CandidateIndex = {
    suppliers,
    list: offers,
    rows: Int32Array.from(rows),
    terms,
    reach: Float64Array.from(reach),
    byCity: new Map([...cities].map(([area, list]) => [area, order(list)])),
    byProvince: new Map([...provinces].map(([area, list]) => [area, order(list)])),
    national: order(national),
  };
  market.memo.set(key, index);
  return index;
}

function push(groups: Map<string, number[]>, key: string, n: number): void {
  const list = groups.get(key);
  if (list) list.push(n);
  else groups.set(key, [n]);
}

/**
 * The `count` best-fitting candidates for a quantity at a location, best first (ties by
 * supplier id): the same answer as pricing and sorting every qualifying entry of the
 * {@link candidatePool}, without a pool per location. Candidates are read from the lists of those delivering to the city, to its
 * province and nationally, always from the list whose next candidate could reach the highest
 * fit, and the reading stops once none could enter the top `count`. A supplier is ranked at its
 * closest coverage only, so one on the city's list is passed over on the other two.
 */
export function bestCandidates(
  market: MarketSnapshot,
  target: QuoteTarget,
  location: LocationInterpretation,
  quantity: number,
  referencePriceCents: number,
  count: number,
): RankedCandidate[] {
  const top: RankedCandidate[] = [];
  if (count <= 0) return top;
  const index = candidateIndex(market, target, referencePriceCents);
  const { city, province } = location;
  const lists: { tier: CoverageTier; list: RankList; next: number }[] = [];
  const cityList = city ? index.byCity.get(city.id) : undefined;
  if (cityList) lists.push({ tier: 'city', list: cityList, next: 0 });
  const provinceList = province ? index.byProvince.get(province) : undefined;
  if (provinceList) lists.push({ tier: 'province', list: provinceList, next: 0 });
  lists.push({ tier: 'national', list: index.national, next: 0 });

  for (;;) {
    let from: (typeof lists)[number] | undefined;
    let bound = Number.NEGATIVE_INFINITY;
    for (const l of lists) {
      const { ids, mostCapacity, leastMinimum } = l.list;
      if (l.next >= ids.length || quantity > mostCapacity[l.next]! || quantity < leastMinimum[l.next]!) continue;
      const b = FIT_WEIGHTS.location * LOCATION_SCORES[l.tier] + index.reach[ids[l.next]!]! + BOUND_SLACK;
      if (b > bound) {
        bound = b;
        from = l;
      }
    }
    if (!from || (top.length === count && bound < top[count - 1]!.fitScore)) break;
    const n = from.list.ids[from.next++]!;
    const supplier = index.suppliers[n]!;
    if (from.tier !== 'city' && city && supplier.coverage.cities.has(city.id)) continue;
    if (from.tier === 'national' && province && supplier.coverage.provinces.has(province)) continue;
    const row = index.rows[n]!;
    const terms = index.terms[n]!;
    const minimum = row >= 0 ? index.list!.minimumOrderQuantity(row) : terms.minimumOrderQuantity;
    if (quantity > terms.capacityUnits || quantity < minimum) continue;
    // Its fit, worked out as `priced` works it out, so that one that cannot enter the top is passed over unbuilt.
    if (top.length === count) {
      const listCents = listPriceCentsAt(target, index.list, row, terms);
      const unitCents = quotedUnitPriceCents(listCents, row >= 0 ? index.list!.tierUnitPriceCents(row, quantity) : listCents, quantity);
      const fit = staticFit(supplier, from.tier) + FIT_WEIGHTS.price * priceScore(unitCents, referencePriceCents);
      const last = top[count - 1]!;
      if (fit < last.fitScore || (fit === last.fitScore && supplier.id >= last.entry.supplier.id)) continue;
    }
    const offerOf = row >= 0 ? index.list!.at(row) : null;
    const lead =
      from.tier === 'city'
        ? supplier.coverage.cities.get(city!.id)!
        : from.tier === 'province'
          ? supplier.coverage.provinces.get(province!)!
          : supplier.coverage.national!;
    const entry = poolEntry(market, target, location, { supplier, offer: offerOf, terms }, { tier: from.tier, lead });
    placeInTop(top, count, priced(entry, quantity, referencePriceCents));
  }
  return top;
}

/** Each supplier's row in an item's offer list, built once per item and snapshot. */
function offerRows(market: MarketSnapshot, list: OfferList): Map<number, number> {
  const key = `rows|${list.itemId}`;
  const cached = market.memo.get(key) as Map<number, number> | undefined;
  if (cached) return cached;
  const rows = new Map<number, number>();
  for (let row = 0; row < list.length; row++) rows.set(list.supplierId(row), row);
  market.memo.set(key, rows);
  return rows;
}

/**
 * One supplier's entry for a target at a location, as {@link bestCandidates} would rank it (its
 * closest coverage), or null when it stands poorly, does not serve the target or does not
 * deliver there. A basket asks this of the suppliers that rank well on any of its lines.
 */
export function supplierEntry(market: MarketSnapshot, target: QuoteTarget, location: LocationInterpretation, supplier: Supplier): PoolEntry | null {
  const terms = supplier.categories.get(target.category.id);
  // Not ready to quote (no quotable offer at all): quoted for nothing, as the category's pool says.
  if (!terms || !hasGoodStanding(supplier) || !market.stockedSupplierIds.has(supplier.id)) return null;
  let offer: Offer | null = null;
  if (target.kind === 'item') {
    const list = market.offersByItem.get(target.item.id);
    const row = list ? offerRows(market, list).get(supplier.id) : undefined;
    if (row === undefined) return null;
    offer = list!.at(row);
  }
  const coverage = coverageFor(supplier, location);
  if (!coverage) return null;
  return poolEntry(market, target, location, { supplier, offer, terms }, coverage);
}
