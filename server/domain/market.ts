// Kept whole: the market snapshot's types and the compact containers it is built from (offer
// columns, small maps) are one structure.
import { PLACE_NAMES, PROVINCE_NAMES, type PlaceNameKind } from './place-names';
import { normalizePhrase } from './text';

/**
 * The market as the quote engine sees it: an immutable snapshot of cities, categories, catalogue,
 * suppliers and their price lists, with the look-ups matching needs. Built from database rows by
 * the market store; everything in domain/ is pure and works on this snapshot.
 */

export interface City {
  id: string;
  name: string;
  province: string;
  latitude: number;
  longitude: number;
}

/** A city as the snapshot holds it, with its name and province normalised for matching. */
export interface MarketCity extends City {
  matchName: string;
  matchProvince: string;
}

/** Another name of a city of the snapshot (see `place-names.ts`), normalised for matching. */
export interface MarketPlaceName {
  match: string;
  name: string;
  kind: PlaceNameKind;
  city: MarketCity;
}

/** A name of a province (its own, or a short one), normalised for matching. */
export interface MarketProvinceName {
  match: string;
  province: string;
}

export interface Category {
  id: string;
  name: string;
  sectorId: string;
  /** Normalised phrases that place a product in this category. */
  keywords: string[];
}

export interface CatalogueItem {
  id: string;
  /** The name, normalised for matching. */
  matchName: string;
  name: string;
  description: string;
  unit: string;
  categoryId: string;
  referencePriceCents: number;
  avgDelivery: string;
  unitQuantity: number | null;
  unitDescription: string;
  /** Normalised phrases that name this product. */
  keywords: string[];
  sortOrder: number;
}

export interface PriceTier {
  minQuantity: number;
  unitPriceCents: number;
}

export interface Offer {
  supplierId: number;
  itemId: string;
  unitPriceCents: number;
  minimumOrderQuantity: number;
  /** Ascending by minQuantity. */
  tiers: PriceTier[];
}

/** The price list of most offers: one array for all of them, never changed. */
export const NO_TIERS: PriceTier[] = Object.freeze([]) as unknown as PriceTier[];

/**
 * One catalogue item's offers, held column by column in typed arrays rather than as one object
 * per offer: two million offers take tens of megabytes instead of hundreds. An {@link Offer} is
 * made only for the few offers a quote reads ({@link OfferList.at}).
 */
export class OfferList {
  constructor(
    readonly itemId: string,
    private readonly supplierIds: Numbers,
    private readonly prices: Numbers,
    private readonly minimums: Numbers,
    /** Offer i's tiers are tierMinimums[tierStart[i]..tierStart[i + 1]), ascending. */
    private readonly tierStart: Numbers,
    private readonly tierMinimums: Numbers,
    private readonly tierPrices: Numbers,
  ) {}

  get length(): number {
    return this.supplierIds.length;
  }

  supplierId(i: number): number {
    return this.supplierIds[i]!;
  }

  unitPriceCents(i: number): number {
    return this.prices[i]!;
  }

  minimumOrderQuantity(i: number): number {
    return this.minimums[i]!;
  }

  /** Offer i's tiers, ascending by minimum quantity (a new array; the shared empty one when none). */
  tiers(i: number): PriceTier[] {
    const from = this.tierStart[i]!;
    const to = this.tierStart[i + 1]!;
    if (from === to) return NO_TIERS;
    const tiers: PriceTier[] = [];
    for (let t = from; t < to; t++) tiers.push({ minQuantity: this.tierMinimums[t]!, unitPriceCents: this.tierPrices[t]! });
    return tiers;
  }

  /** The lowest unit price among offer i's tiers; Infinity when it has none. */
  lowestTierCents(i: number): number {
    let lowest = Number.POSITIVE_INFINITY;
    for (let t = this.tierStart[i]!; t < this.tierStart[i + 1]!; t++) lowest = Math.min(lowest, this.tierPrices[t]!);
    return lowest;
  }

  /** Offer i's own price for a quantity (the highest tier the quantity reaches, else the list price), without building the offer. */
  tierUnitPriceCents(i: number, quantity: number): number {
    let price = this.prices[i]!;
    for (let t = this.tierStart[i]!; t < this.tierStart[i + 1]!; t++) {
      if (quantity >= this.tierMinimums[t]!) price = this.tierPrices[t]!;
    }
    return price;
  }

  /** Offer i as the engine reads an offer. */
  at(i: number): Offer {
    return {
      supplierId: this.supplierId(i),
      itemId: this.itemId,
      unitPriceCents: this.unitPriceCents(i),
      minimumOrderQuantity: this.minimumOrderQuantity(i),
      tiers: this.tiers(i),
    };
  }

  /** The first offer that `test` accepts. */
  find(test: (offer: Offer) => boolean): Offer | undefined {
    for (let i = 0; i < this.length; i++) {
      const offer = this.at(i);
      if (test(offer)) return offer;
    }
    return undefined;
  }

  /** The list as its item's id and its columns, which a thread that read it can hand over without copying them. */
  packed(): PackedOfferList {
    return { itemId: this.itemId, columns: [this.supplierIds, this.prices, this.minimums, this.tierStart, this.tierMinimums, this.tierPrices] };
  }

  /** A list handed over by {@link packed}. */
  static unpacked({ itemId, columns }: PackedOfferList): OfferList {
    const [supplierIds, prices, minimums, tierStart, tierMinimums, tierPrices] = columns;
    return new OfferList(itemId, supplierIds, prices, minimums, tierStart, tierMinimums, tierPrices);
  }
}

/** An {@link OfferList} as its item's id and its six columns. */
export interface PackedOfferList {
  itemId: string;
  columns: [Numbers, Numbers, Numbers, Numbers, Numbers, Numbers];
}

/** Offers packed item by item: as the market store reads them, or as another thread read them. */
export interface OfferLists {
  /** The lists, item by item, each item with at least one offer. */
  build(): Map<string, OfferList>;
}

/** Numbers held in a typed array: whole numbers in 32 bits, any other in 64. */
type Numbers = Int32Array | Float64Array;

/**
 * A column of numbers that grows as it is written: 32-bit whole numbers (prices in cents,
 * quantities, all a price list holds in practice) until a number that is not one comes, then 64-bit.
 */
class Column {
  private n = 0;

  constructor(private data: Numbers) {}

  push(value: number): void {
    if (this.data instanceof Int32Array && (value | 0) !== value) this.data = Float64Array.from(this.data);
    if (this.n === this.data.length) {
      const grown = this.data instanceof Int32Array ? new Int32Array(Math.max(8, this.n * 2)) : new Float64Array(Math.max(8, this.n * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.n++] = value;
  }

  get length(): number {
    return this.n;
  }

  /** The numbers written, in an array of their exact length (the one written into, when it was sized right). */
  done(): Numbers {
    return this.n === this.data.length ? this.data : this.data.slice(0, this.n);
  }
}

interface OfferColumns {
  suppliers: Column;
  prices: Column;
  minimums: Column;
  tierStart: Column;
  tierMinimums: Column;
  tierPrices: Column;
}

/** Empty columns for `count` offers; price tiers, which few offers have, grow as they come. */
function columns(count: number): OfferColumns {
  const c: OfferColumns = {
    suppliers: new Column(new Int32Array(count)),
    prices: new Column(new Int32Array(count)),
    minimums: new Column(new Int32Array(count)),
    tierStart: new Column(new Int32Array(count + 1)),
    tierMinimums: new Column(new Int32Array(0)),
    tierPrices: new Column(new Int32Array(0)),
  };
  c.tierStart.push(0);
  return c;
}

/**
 * Gathers offers item by item, straight into typed columns (no object is kept per offer, even
 * while a large market is read), then packs each item's into an {@link OfferList}.
 */
export class OfferListsBuilder implements OfferLists {
  private readonly items = new Map<string, OfferColumns>();

  /**
   * Sizes an item's columns for up to `count` offers before they are added: written straight into
   * arrays of their final length (or trimmed once, when fewer come), a large market is read
   * without growing and copying them.
   */
  reserve(itemId: string, count: number): void {
    if (!this.items.has(itemId)) this.items.set(itemId, columns(count));
  }

  add(offer: Offer): void {
    const pairs: number[] = [];
    for (const tier of offer.tiers) pairs.push(tier.minQuantity, tier.unitPriceCents);
    this.addValues(offer.itemId, offer.supplierId, offer.unitPriceCents, offer.minimumOrderQuantity, pairs);
  }

  /**
   * Adds an offer from its values, as the market store reads two million of them: no object per
   * offer or per tier. `tierPairs` is its price list as minimums and prices in turn
   * (`[minQuantity, unitPriceCents, …]`), in any order; only read here, so one array may serve every call.
   */
  addValues(itemId: string, supplierId: number, unitPriceCents: number, minimumOrderQuantity: number, tierPairs: readonly number[]): void {
    let item = this.items.get(itemId);
    if (!item) {
      item = columns(64);
      this.items.set(itemId, item);
    }
    item.suppliers.push(supplierId);
    item.prices.push(unitPriceCents);
    item.minimums.push(minimumOrderQuantity);
    let sorted = true;
    for (let k = 2; k < tierPairs.length; k += 2) if (tierPairs[k]! < tierPairs[k - 2]!) sorted = false;
    if (sorted) {
      for (let k = 0; k < tierPairs.length; k += 2) {
        item.tierMinimums.push(tierPairs[k]!);
        item.tierPrices.push(tierPairs[k + 1]!);
      }
    } else {
      const order = Array.from({ length: tierPairs.length / 2 }, (_, k) => 2 * k).sort((a, b) => tierPairs[a]! - tierPairs[b]!);
      for (const k of order) {
        item.tierMinimums.push(tierPairs[k]!);
        item.tierPrices.push(tierPairs[k + 1]!);
      }
    }
    item.tierStart.push(item.tierMinimums.length);
  }

  /** The lists, item by item; each item's growing columns are let go as soon as its list is packed. */
  build(): Map<string, OfferList> {
    const lists = new Map<string, OfferList>();
    for (const [itemId, c] of [...this.items]) {
      this.items.delete(itemId);
      // Sized for offers that were not quotable, and none was: no list, as for an item nobody offers.
      if (c.suppliers.length === 0) continue;
      lists.set(
        itemId,
        new OfferList(itemId, c.suppliers.done(), c.prices.done(), c.minimums.done(), c.tierStart.done(), c.tierMinimums.done(), c.tierPrices.done()),
      );
    }
    return lists;
  }
}

/**
 * A few keys and their values in one array (`[key, value, key, value, …]`), read by scanning it.
 * Each supplier holds three of these (its categories, cities and provinces), a handful of entries
 * each: a market of a hundred thousand suppliers keeps them in a fraction of what as many Maps take.
 */
export class SmallMap<V> {
  private entries: (string | V)[] = [];

  constructor(pairs: Iterable<readonly [string, V]> = []) {
    for (const [key, value] of pairs) this.set(key, value);
    this.compact();
  }

  get size(): number {
    return this.entries.length >> 1;
  }

  get(key: string): V | undefined {
    const e = this.entries;
    for (let i = 0; i < e.length; i += 2) if (e[i] === key) return e[i + 1] as V;
    return undefined;
  }

  has(key: string): boolean {
    const e = this.entries;
    for (let i = 0; i < e.length; i += 2) if (e[i] === key) return true;
    return false;
  }

  keys(): string[] {
    const keys: string[] = [];
    for (let i = 0; i < this.entries.length; i += 2) keys.push(this.entries[i] as string);
    return keys;
  }

  values(): V[] {
    const values: V[] = [];
    for (let i = 1; i < this.entries.length; i += 2) values.push(this.entries[i] as V);
    return values;
  }

  set(key: string, value: V): this {
    const e = this.entries;
    for (let i = 0; i < e.length; i += 2) {
      if (e[i] === key) {
        e[i + 1] = value;
        return this;
      }
    }
    e.push(key, value);
    return this;
  }

  /** Gives back the room an array keeps to grow into, once the entries are all set. */
  compact(): void {
    this.entries = this.entries.slice();
  }
}

export interface SupplierCategory {
  capacityUnits: number;
  minimumOrderQuantity: number;
  priceFactor: number;
}

/** What a tax invoice and a B-BBEE comparison need of a supplier, as Procura has it on file. */
export interface SupplierCompliance {
  vatNumber: string | null;
  registeredAddress: string | null;
  /** 1-8, 0 for non-compliant, null when none is stated. */
  bbeeLevel: number | null;
  bbeeEvidence: string | null;
  /** The last day the evidence counts (YYYY-MM-DD). */
  bbeeExpiresOn: string | null;
}

/**
 * A supplier's earned record, from its scorecard (`domain/scorecard.ts`): the buyers' receipts of
 * its confirmed orders over the last 12 months. While fewer than 3 count it is new: no share, no
 * average, and nothing is credited or held against it.
 */
export interface SupplierRecord {
  /** Receipts that count. */
  receipts: number;
  /** Of them, received on time and in full. */
  onTimeInFull: number;
  /** The buyers' average rating, 1 to 5 to one decimal; null while new. */
  ratingAverage: number | null;
  ratingCount: number;
  new: boolean;
}

export interface Supplier {
  id: number;
  name: string;
  contactPerson: string;
  email: string;
  /** Its lead e-mails: 0 each as it comes, or a digest every this many minutes. */
  leadDigestMinutes: number;
  phone: string;
  homeCityId: string;
  verified: boolean;
  /** What its recorded orders of the last 12 months say of it: its scorecard's counts, never a typed figure. */
  record: SupplierRecord;
  /** Hours it usually takes to answer; null when none is recorded (ranked as ASSUMED_RESPONSE_HOURS). */
  responseTimeHours: number | null;
  dispatchDays: number;
  paymentTerms: string;
  validityDays: number;
  priceListDate: string;
  /** The least the supplier accepts as one order, excl. VAT, in cents; 0 when it names none. */
  minimumOrderCents: number;
  /** Null when nothing of it is on file. */
  compliance: SupplierCompliance | null;
  categories: SmallMap<SupplierCategory>;
  coverage: {
    cities: SmallMap<number>;
    provinces: SmallMap<number>;
    national: number | null;
  };
}

export interface MarketSnapshot {
  revision: string;
  /** The first South African day (YYYY-MM-DD) on which an offer starts or stops being quotable by its dates, or a counted order leaves a supplier's 12 months; null when none does. */
  changesOn: string | null;
  cities: MarketCity[];
  citiesById: Map<string, MarketCity>;
  /** The cities' other names, for those of its cities the snapshot holds. */
  placeNames: MarketPlaceName[];
  /** The provinces of its cities, by their names and short names. */
  provinceNames: MarketProvinceName[];
  categories: Category[];
  categoriesById: Map<string, Category>;
  items: CatalogueItem[];
  itemsById: Map<string, CatalogueItem>;
  suppliersById: Map<number, Supplier>;
  /** Each catalogue item's offers from suppliers of the snapshot. */
  offersByItem: Map<string, OfferList>;
  /** The suppliers ready to quote (see `readiness.ts`) by the categories they serve. */
  suppliersByCategory: Map<string, Supplier[]>;
  /** The suppliers with at least one offer quotable on the snapshot's day (in stock, within its dates). */
  stockedSupplierIds: Set<number>;
  /** Average list price per catalogue item across the suppliers that list it, in cents. */
  averagePriceCents: Map<string, number>;
  /** Values derived from the snapshot (candidate pools, city counts); it never changes, so neither do they. */
  memo: Map<string, unknown>;
}

export interface MarketInput {
  revision: string;
  /** See {@link MarketSnapshot.changesOn}; absent for a market read without dates (tests). */
  changesOn?: string | null;
  cities: City[];
  categories: Category[];
  items: Omit<CatalogueItem, 'matchName'>[];
  suppliers: Supplier[];
  /** The offers, as a list or already packed item by item (how the market store reads a large market). */
  offers: Offer[] | OfferLists;
}

/** Whether a supplier delivers anywhere: a city, a province or nationally. */
export function hasDeliveryArea(supplier: Pick<Supplier, 'coverage'>): boolean {
  const { cities, provinces, national } = supplier.coverage;
  return cities.size > 0 || provinces.size > 0 || national !== null;
}

/** Builds the look-ups of a snapshot from plain lists. */
export function buildMarket(input: MarketInput): MarketSnapshot {
  const suppliersById = new Map(input.suppliers.map((s) => [s.id, s]));
  // Offers listed plainly (tests, small markets) are packed here, those of suppliers outside the
  // snapshot left out; the market store packs its offers as it reads them, in the transaction
  // that reads the suppliers, and each names one of them (a foreign key).
  let builder = input.offers;
  if (Array.isArray(builder)) {
    const packed = new OfferListsBuilder();
    for (const offer of builder) if (suppliersById.has(offer.supplierId)) packed.add(offer);
    builder = packed;
  }
  const offersByItem = new Map<string, OfferList>();
  const priceSums = new Map<string, { sum: number; n: number }>();
  // Marked in an array by supplier id, not a Set per offer: a few times faster at two million offers.
  let maxId = 0;
  for (const s of input.suppliers) if (s.id > maxId) maxId = s.id;
  const stocked = new Uint8Array(maxId + 1);
  for (const [itemId, list] of builder.build()) {
    offersByItem.set(itemId, list);
    let sum = 0;
    for (let i = 0; i < list.length; i++) {
      sum += list.unitPriceCents(i);
      const supplierId = list.supplierId(i);
      if (supplierId <= maxId) stocked[supplierId] = 1;
    }
    priceSums.set(itemId, { sum, n: list.length });
  }
  const stockedSupplierIds = new Set<number>();
  for (const s of input.suppliers) if (stocked[s.id] === 1) stockedSupplierIds.add(s.id);
  // A category is quoted from the suppliers serving it that are ready to quote (`readiness.ts`): one with no
  // quotable offer or nowhere to deliver is quoted for nothing until it has both.
  const suppliersByCategory = new Map<string, Supplier[]>();
  for (const supplier of input.suppliers) {
    if (!stockedSupplierIds.has(supplier.id) || !hasDeliveryArea(supplier)) continue;
    for (const categoryId of supplier.categories.keys()) {
      let list = suppliersByCategory.get(categoryId);
      if (!list) {
        list = [];
        suppliersByCategory.set(categoryId, list);
      }
      list.push(supplier);
    }
  }
  const averagePriceCents = new Map<string, number>();
  for (const item of input.items) {
    const acc = priceSums.get(item.id);
    averagePriceCents.set(item.id, acc ? Math.round(acc.sum / acc.n) : item.referencePriceCents);
  }
  const items: CatalogueItem[] = input.items
    .map((item) => ({ ...item, matchName: normalizePhrase(item.name), keywords: item.keywords.map(normalizePhrase) }))
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const categories = input.categories.map((c) => ({ ...c, keywords: c.keywords.map(normalizePhrase) }));
  const cities: MarketCity[] = input.cities.map((c) => ({
    ...c,
    matchName: normalizePhrase(c.name),
    matchProvince: normalizePhrase(c.province),
  }));
  const citiesById = new Map(cities.map((c) => [c.id, c]));
  const placeNames = PLACE_NAMES.flatMap((p) => {
    const city = citiesById.get(p.cityId);
    return city ? [{ match: normalizePhrase(p.name), name: p.name, kind: p.kind, city }] : [];
  });
  const provinces = new Map(cities.map((c) => [c.matchProvince, c.province]));
  const provinceNames = [
    ...[...provinces].map(([match, province]) => ({ match, province })),
    ...PROVINCE_NAMES.filter((p) => [...provinces.values()].includes(p.province)).map((p) => ({ match: normalizePhrase(p.name), province: p.province })),
  ];
  return {
    revision: input.revision,
    changesOn: input.changesOn ?? null,
    cities,
    citiesById,
    placeNames,
    provinceNames,
    categories,
    categoriesById: new Map(categories.map((c) => [c.id, c])),
    items,
    itemsById: new Map(items.map((i) => [i.id, i])),
    suppliersById,
    offersByItem,
    suppliersByCategory,
    stockedSupplierIds,
    averagePriceCents,
    memo: new Map(),
  };
}
