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

export interface SupplierCategory {
  capacityUnits: number;
  minimumOrderQuantity: number;
  priceFactor: number;
}

export interface Supplier {
  id: number;
  name: string;
  contactPerson: string;
  email: string;
  phone: string;
  homeCityId: string;
  verified: boolean;
  rating: number;
  /** Share of orders delivered on time (0-100); null while Procura has no delivery record of the supplier. */
  onTimeRate: number | null;
  responseTimeHours: number;
  dispatchDays: number;
  paymentTerms: string;
  validityDays: number;
  priceListDate: string;
  categories: Map<string, SupplierCategory>;
  coverage: {
    cities: Map<string, number>;
    provinces: Map<string, number>;
    national: number | null;
  };
}

export interface MarketSnapshot {
  revision: string;
  cities: MarketCity[];
  citiesById: Map<string, MarketCity>;
  categories: Category[];
  categoriesById: Map<string, Category>;
  items: CatalogueItem[];
  itemsById: Map<string, CatalogueItem>;
  suppliersById: Map<number, Supplier>;
  offersByItem: Map<string, Offer[]>;
  suppliersByCategory: Map<string, Supplier[]>;
  /** Average list price per catalogue item across the suppliers that list it, in cents. */
  averagePriceCents: Map<string, number>;
  /** Values derived from the snapshot (candidate pools, city counts); it never changes, so neither do they. */
  memo: Map<string, unknown>;
}

export interface MarketInput {
  revision: string;
  cities: City[];
  categories: Category[];
  items: Omit<CatalogueItem, 'matchName'>[];
  suppliers: Supplier[];
  offers: Offer[];
}

/** Builds the look-ups of a snapshot from plain lists. */
export function buildMarket(input: MarketInput): MarketSnapshot {
  const suppliersById = new Map(input.suppliers.map((s) => [s.id, s]));
  const offersByItem = new Map<string, Offer[]>();
  const priceSums = new Map<string, { sum: number; n: number }>();
  for (const offer of input.offers) {
    if (!suppliersById.has(offer.supplierId)) continue;
    let list = offersByItem.get(offer.itemId);
    if (!list) offersByItem.set(offer.itemId, (list = []));
    list.push(offer);
    const acc = priceSums.get(offer.itemId) ?? { sum: 0, n: 0 };
    acc.sum += offer.unitPriceCents;
    acc.n += 1;
    priceSums.set(offer.itemId, acc);
  }
  const suppliersByCategory = new Map<string, Supplier[]>();
  for (const supplier of input.suppliers) {
    for (const categoryId of supplier.categories.keys()) {
      let list = suppliersByCategory.get(categoryId);
      if (!list) suppliersByCategory.set(categoryId, (list = []));
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
  return {
    revision: input.revision,
    cities,
    citiesById: new Map(cities.map((c) => [c.id, c])),
    categories,
    categoriesById: new Map(categories.map((c) => [c.id, c])),
    items,
    itemsById: new Map(items.map((i) => [i.id, i])),
    suppliersById,
    offersByItem,
    suppliersByCategory,
    averagePriceCents,
    memo: new Map(),
  };
}
