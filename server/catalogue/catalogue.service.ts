import type {
  CostPreview,
  CoverageLevel,
  LocationSuggestion,
  PopularProduct,
  ProductSuggestion,
  QuotePreview,
  QuotePreviewQuery,
  SupplierMatch,
} from '../../sdk/schemas/catalogue';
import {
  cityFullName,
  estimateRule,
  interpretProduct,
  isUnknownPlace,
  nearPlaces,
  resolveLocation,
  unknownPlaceText,
  type ProductInterpretation,
} from '../domain/interpret';
import { placeNameNote } from '../domain/place-names';
import type { CatalogueItem, City, MarketCity, MarketPlaceName, MarketSnapshot } from '../domain/market';
import { candidatePool, coverageFor, hasGoodStanding, qualifies } from '../domain/matching';
import { centsToRand, formatRand, vatCents } from '../../sdk/format';
import { SUPPLIER_COUNT_CHOICES } from '../../sdk/rules';
import { volumeDiscountPercent } from '../domain/pricing';
import { quoteTarget, referencePriceCents } from '../domain/quote-engine';
import { normalizeText } from '../domain/text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { rfqCountsByItem } from './catalogue.repository';

/** The first instant of the current calendar month, UTC. */
export function monthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

function toSuggestion(market: MarketSnapshot, item: CatalogueItem): ProductSuggestion {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    unit: item.unit,
    category: item.categoryId,
    categoryName: market.categoriesById.get(item.categoryId)?.name ?? item.categoryId,
    avgPrice: centsToRand(market.averagePriceCents.get(item.id) ?? item.referencePriceCents),
    avgDelivery: item.avgDelivery,
    unitQuantity: item.unitQuantity,
    unitDescription: item.unitDescription,
  };
}

/** Catalogue items by this month's requests, most first; ties keep catalogue order. */
function popularProducts(market: MarketSnapshot, counts: Map<string, number>, limit: number): PopularProduct[] {
  return [...market.items]
    .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) || a.sortOrder - b.sortOrder)
    .slice(0, limit)
    .map((item) => ({ ...toSuggestion(market, item), rfqCount: counts.get(item.id) ?? 0 }));
}

/** Most product suggestions returned. */
const MAX_PRODUCT_SUGGESTIONS = 6;
/** Suggestions shown before the buyer has typed two characters. */
const DEFAULT_PRODUCT_SUGGESTIONS = 4;

/** How well an item matches typed text: its name starts with it (4), a word of its name does (3), a keyword phrase (2), its description or category (1). */
interface ProductMatch {
  item: CatalogueItem;
  score: number;
}

/** The weakest match that names the product itself (a keyword phrase), not only words around it. */
const NAMING_MATCH = 2;

/**
 * Catalogue items matching typed text: names starting with it first, then names with a word
 * starting with it, then matches in keywords, description or category.
 */
function matchProducts(market: MarketSnapshot, query: string): ProductSuggestion[] {
  return rankProducts(market, query).map(({ item }) => toSuggestion(market, item));
}

function rankProducts(market: MarketSnapshot, query: string): ProductMatch[] {
  const q = normalizeText(query).trim();
  if (q.length < 2) return [];
  const scored: ProductMatch[] = [];
  for (const item of market.items) {
    const name = ` ${item.matchName} `;
    let score = 0;
    if (name.startsWith(` ${q}`)) score = 4;
    else if (name.includes(` ${q}`)) score = 3;
    else if (item.keywords.some((k) => ` ${k}`.includes(` ${q}`))) score = 2;
    else {
      const category = market.categoriesById.get(item.categoryId);
      const haystack = normalizeText(`${item.description} ${category?.name ?? ''}`);
      if (haystack.includes(` ${q}`)) score = 1;
    }
    if (score > 0) scored.push({ item, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.item.sortOrder - b.item.sortOrder).slice(0, MAX_PRODUCT_SUGGESTIONS);
}

/**
 * The product a preview prices: the catalogue item the text names, else (while the buyer is still
 * typing a name) the first suggestion when it matches by name or keyword, so the preview agrees
 * with the list beside it; else none, for the estimate.
 */
function previewProduct(market: MarketSnapshot, productName: string): { product: ProductInterpretation; suggested: CatalogueItem | null; listed: boolean } {
  const named = interpretProduct(market, productName);
  if (named.item) return { product: named, suggested: null, listed: false };
  const [first] = rankProducts(market, productName);
  if (first && first.score >= NAMING_MATCH) {
    return { product: { item: first.item, category: market.categoriesById.get(first.item.categoryId)! }, suggested: first.item, listed: true };
  }
  return { product: named, suggested: null, listed: first !== undefined };
}

/** Most location suggestions returned. */
const MAX_LOCATION_SUGGESTIONS = 6;

function locationSuggestion(city: City, via: Pick<MarketPlaceName, 'name' | 'kind'> | null): LocationSuggestion {
  return { id: city.id, name: city.name, province: city.province, fullName: cityFullName(city), note: via ? placeNameNote(via) : null };
}

/**
 * Cities for typed text, two characters or more: those whose name starts with it, then those
 * with a word of their name starting with it, then those another name of which (Jozi, PE,
 * Sandton) has a word starting with it, then those of a province it names. Text that is a name
 * in full gets that city alone; text that starts none gets the cities it misspells.
 */
export function matchLocations(market: MarketSnapshot, query: string): LocationSuggestion[] {
  const q = normalizeText(query).trim();
  if (q.length < 2) return [];
  const exact = market.cities.find((c) => c.matchName === q) ?? market.placeNames.find((p) => p.match === q);
  if (exact) return 'city' in exact ? [locationSuggestion(exact.city, exact)] : [locationSuggestion(exact, null)];
  const best = new Map<string, { city: City; via: MarketPlaceName | null; score: number; order: number }>();
  const offer = (city: MarketCity, via: MarketPlaceName | null, score: number) => {
    const seen = best.get(city.id);
    if (!seen || score > seen.score) best.set(city.id, { city, via, score, order: market.cities.indexOf(city) });
  };
  for (const city of market.cities) {
    const name = ` ${city.matchName} `;
    const score = name.startsWith(` ${q}`) ? 4 : name.includes(` ${q}`) ? 3 : ` ${city.matchProvince} `.includes(` ${q}`) ? 1 : 0;
    if (score > 0) offer(city, null, score);
  }
  for (const place of market.placeNames) {
    if (` ${place.match} `.includes(` ${q}`)) offer(place.city, place, 2);
  }
  if (best.size === 0) return nearPlaces(market, query, MAX_LOCATION_SUGGESTIONS).map(({ city, via }) => locationSuggestion(city, via));
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_LOCATION_SUGGESTIONS)
    .map(({ city, via }) => locationSuggestion(city, via));
}

interface CityStats {
  based: number;
  delivering: number;
  verifiedBased: number;
}

/** Suppliers in good standing based in and delivering to a city (any category); memoised per snapshot. */
export function cityStats(market: MarketSnapshot, city: City): CityStats {
  const key = `city-stats|${city.id}`;
  const cached = market.memo.get(key) as CityStats | undefined;
  if (cached) return cached;
  const stats: CityStats = { based: 0, delivering: 0, verifiedBased: 0 };
  for (const s of market.suppliersById.values()) {
    if (!hasGoodStanding(s)) continue;
    if (s.homeCityId === city.id) {
      stats.based++;
      if (s.verified) stats.verifiedBased++;
    }
    if (coverageFor(s, { city, province: city.province })) stats.delivering++;
  }
  market.memo.set(key, stats);
  return stats;
}

/**
 * A city's coverage from live counts: 'verified' when a verified supplier is based there and five
 * or more deliver, 'good' when five or more deliver, 'delivery' when some do, else 'none'.
 */
export function coverageLevel(stats: CityStats): CoverageLevel {
  if (stats.verifiedBased > 0 && stats.delivering >= 5) return 'verified';
  if (stats.delivering >= 5) return 'good';
  if (stats.delivering > 0) return 'delivery';
  return 'none';
}

/** The form sidebar's live cost preview and supplier matching, from the market snapshot; VAT at the quotes' rate. */
export function quotePreview(market: MarketSnapshot, query: QuotePreviewQuery, vatRate: number): QuotePreview {
  const quantity = Math.max(1, Math.floor(query.quantity));
  const { product, suggested, listed } = previewProduct(market, query.productName);
  const target = quoteTarget(product, query.productName);
  const unitCents = referencePriceCents(market, target);
  const discount = volumeDiscountPercent(quantity);
  const gross = unitCents * quantity;
  const totalCents = Math.round((gross * (100 - discount)) / 100);
  const costPreview: CostPreview = {
    totalCost: centsToRand(totalCents),
    vatRate,
    totalCostInclVat: centsToRand(totalCents + vatCents(totalCents, vatRate)),
    unitPrice: centsToRand(unitCents),
    unitInfo: {
      unit: product.item?.unit ?? 'units',
      unitDescription: product.item?.unitDescription ?? 'per unit (estimate)',
    },
    priceRange: { min: centsToRand(Math.round(unitCents * 0.85)), max: centsToRand(Math.round(unitCents * 1.15)) },
    discount,
    savings: centsToRand(Math.round((gross * discount) / 100)),
    basis: product.item ? 'catalogue-average' : 'estimate',
    note: suggested
      ? `Priced as ${suggested.name}, the first product in the list: the average of suppliers’ current price lists. Choose it there, or keep typing to name another product.`
      : product.item
        ? 'The average of suppliers’ current price lists.'
        : `${estimateNote(query.productName)}${listed ? ' Choose a product from the list for its catalogue price.' : ''}`,
  };

  const read = query.deliveryLocation.trim().length >= 2 ? resolveLocation(market, query.deliveryLocation) : null;
  // A place Procura does not know counts as no place yet, and the buyer is told how to name it.
  const unknownPlace = read !== null && isUnknownPlace(read);
  const location = unknownPlace ? null : read;
  let qualifying = 0;
  let locationAdvantage = false;
  for (const entry of candidatePool(market, target, location ?? 'anywhere')) {
    if (!qualifies(entry, quantity)) continue;
    qualifying++;
    if (entry.tier === 'city') locationAdvantage = true;
  }

  const city = location?.city ?? null;
  const stats = city ? cityStats(market, city) : null;
  const expectedQuotes = Math.min(query.supplierCount, qualifying, 10);
  const categoryName = product.category.name;
  const supplierMatch: SupplierMatch = {
    totalSuppliers: qualifying,
    categoryName,
    cityData:
      city && stats
        ? { name: city.name, province: city.province, suppliers: stats.based, verifiedSuppliers: stats.verifiedBased, coverage: coverageLevel(stats) }
        : null,
    expectedQuotes,
    volumeCategory: quantity > 1000 ? 'bulk' : quantity > 100 ? 'medium' : 'standard',
    locationMatch: unknownPlace ? 'unknown' : city ? 'city' : location ? 'province' : 'none',
    locationAdvantage,
    marketInsights: {
      competition: qualifying >= 8 ? 'high' : qualifying >= 4 ? 'medium' : 'low',
      // Before a location is given, nothing is said about who delivers where.
      availability: unknownPlace
        ? `${unknownPlaceText(market, query.deliveryLocation)}.`
        : location
          ? availability(qualifying, categoryName, city ? city.name : (location.province ?? query.deliveryLocation), product.item !== null)
          : 'Give a delivery location to see which suppliers deliver there.',
      recommendation: location
        ? recommendation(qualifying, query.supplierCount, discount)
        : qualifying === 0
          ? "No supplier takes an order of this size: change the quantity to meet suppliers' minimum orders and capacity."
          : volumeNote(discount).trim(),
    },
  };
  return { costPreview, supplierMatch };
}

/** The spec's estimate for a product not in the catalogue, named as such. */
function estimateNote(productName: string): string {
  const rule = estimateRule(productName);
  const price = formatRand(centsToRand(rule.cents));
  const which =
    rule.kind === 'premium'
      ? `the estimate of ${price} per unit for disinfectant, sanitizer, industrial, hospital or premium products`
      : rule.kind === 'basic'
        ? `the estimate of ${price} per unit for basic, standard or economy products`
        : `the default estimate of ${price} per unit`;
  return `Not in our catalogue, so this is ${which}; suppliers quote from their own category pricing.`;
}

function availability(qualifying: number, categoryName: string, where: string, catalogued: boolean): string {
  const category = categoryName.toLowerCase();
  if (qualifying === 0) return `No supplier can deliver this ${category} order to ${where} yet.`;
  if (!catalogued) {
    return `${qualifying} ${category} ${qualifying === 1 ? 'supplier delivers' : 'suppliers deliver'} to ${where} and can quote this from their category pricing; it is not on their price lists.`;
  }
  return `${qualifying} ${qualifying === 1 ? 'supplier' : 'suppliers'} can deliver this ${category} order to ${where}.`;
}

function volumeNote(discount: number): string {
  return discount > 0 ? ` Your volume earns at least a ${discount}% discount.` : '';
}

function recommendation(qualifying: number, requested: number, discount: number): string {
  if (qualifying === 0) return "Try a nearby larger city, or change the quantity to meet suppliers' minimum orders.";
  if (qualifying < requested) {
    return `Only ${qualifying} ${qualifying === 1 ? 'supplier qualifies' : 'suppliers qualify'}, so you will get ${qualifying} ${qualifying === 1 ? 'quote' : 'quotes'}.`;
  }
  // Advice names only a choice the form offers: the most quotes that can all be filled.
  const widest = Math.max(...SUPPLIER_COUNT_CHOICES.filter((n) => n <= qualifying));
  const advice =
    widest > requested
      ? `Ask for ${widest} quotes to compare the widest field.`
      : requested === 1
        ? 'The quote you ask for can be filled.'
        : `All ${requested} quotes you ask for can be filled.`;
  return `${advice}${volumeNote(discount)}`;
}

/** What the product field suggests: this month's most requested items until two characters are typed. */
export async function productSuggestions(db: Kysely<DB>, market: MarketSnapshot, query: string, now: Date): Promise<ProductSuggestion[]> {
  if (query.trim().length >= 2) return matchProducts(market, query);
  const counts = await rfqCountsByItem(db, monthStart(now));
  return popularProducts(market, counts, DEFAULT_PRODUCT_SUGGESTIONS).map(({ rfqCount: _n, ...suggestion }) => suggestion);
}

/** This month's most requested catalogue items. */
export async function popularThisMonth(db: Kysely<DB>, market: MarketSnapshot, limit: number, now: Date): Promise<PopularProduct[]> {
  return popularProducts(market, await rfqCountsByItem(db, monthStart(now)), limit);
}
