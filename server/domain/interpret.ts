import type { CatalogueItem, Category, City, MarketCity, MarketPlaceName, MarketSnapshot } from './market';
import { unknownPlaceMessage } from '../../sdk/rules';
import { normalizeText } from './text';

/** The category a free-text product falls into when no keyword places it. */
const DEFAULT_CATEGORY_ID = 'cleaning-supplies';

/** Sum of the lengths of the phrases found in the text (both normalised): longer, surer matches weigh more. */
function phraseScore(normalized: string, phrases: string[]): number {
  let score = 0;
  for (const p of phrases) {
    if (p && normalized.includes(` ${p}`)) score += p.length;
  }
  return score;
}

export interface ProductInterpretation {
  item: CatalogueItem | null;
  category: Category;
}

/** Product names whose places a market keeps (see {@link interpretProduct}); past this many, the oldest is dropped for a new one. */
const KEPT_NAMES = 2000;

/**
 * Places a product name in the catalogue: the item whose name or keyword phrases match it best,
 * else a category by keywords (the market estimator's rule), else the default category. Requests
 * name the same products again and again, so each market keeps the places of the names last asked
 * (a market never changes: a new one starts afresh).
 */
export function interpretProduct(market: MarketSnapshot, productName: string): ProductInterpretation {
  let kept = market.memo.get('interpretations') as Map<string, ProductInterpretation> | undefined;
  if (!kept) {
    kept = new Map();
    market.memo.set('interpretations', kept);
  }
  let found = kept.get(productName);
  if (!found) {
    found = placeProduct(market, productName);
    if (kept.size >= KEPT_NAMES) kept.delete(kept.keys().next().value!);
    kept.set(productName, found);
  }
  return found;
}

function placeProduct(market: MarketSnapshot, productName: string): ProductInterpretation {
  const text = normalizeText(productName);
  const whole = text.trim();
  let best: CatalogueItem | null = null;
  let bestScore = 0;
  for (const item of market.items) {
    const exact = whole === item.matchName ? 1000 : 0;
    const score = exact + phraseScore(text, item.keywords);
    if (score > bestScore) {
      best = item;
      bestScore = score;
    }
  }
  if (best) return { item: best, category: market.categoriesById.get(best.categoryId)! };
  return { item: null, category: categoryForText(market, text) };
}

function categoryForText(market: MarketSnapshot, normalized: string): Category {
  return bestCategory(market, normalized) ?? market.categoriesById.get(DEFAULT_CATEGORY_ID) ?? market.categories[0]!;
}

function bestCategory(market: MarketSnapshot, normalized: string): Category | null {
  let best: Category | null = null;
  let bestScore = 0;
  for (const category of market.categories) {
    const score = phraseScore(normalized, category.keywords);
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The category whose keywords a text names most (the same rule that places a product), or null
 * when it names none: for texts that are not one product, such as a supplier's description.
 */
export function matchCategory(market: MarketSnapshot, text: string): Category | null {
  return bestCategory(market, normalizeText(text));
}

/**
 * The spec's price estimate for a product Procura has no price list for: R50 per unit, R85 for
 * premium-sounding names, R25 for basic ones. In cents.
 */
export function estimateUnitPriceCents(productName: string): number {
  return estimateRule(productName).cents;
}

/** Which of the spec's estimates applies to a product name, with the words that chose it. */
export function estimateRule(productName: string): { cents: number; kind: 'premium' | 'basic' | 'default' } {
  const text = productName.toLowerCase();
  if (/(disinfectant|saniti[sz]er|industrial|hospital|premium)/.test(text)) return { cents: 8500, kind: 'premium' };
  if (/(basic|standard|economy)/.test(text)) return { cents: 2500, kind: 'basic' };
  return { cents: 5000, kind: 'default' };
}

export interface LocationInterpretation {
  city: City | null;
  province: string | null;
}

/**
 * Reads a delivery location: a city by its name, full name or another name South Africans use
 * for it ('Durban, KwaZulu-Natal', 'Jozi', 'Sandton', 'Port Elizabeth'; the longest name found
 * wins), else a province named in the text ('Limpopo', 'KZN'), else nothing known.
 */
export function resolveLocation(market: MarketSnapshot, location: string): LocationInterpretation {
  const text = normalizeText(location);
  let city: City | null = null;
  let length = 0;
  for (const c of market.cities) {
    if (c.matchName.length > length && text.includes(` ${c.matchName} `)) {
      city = c;
      length = c.matchName.length;
    }
  }
  for (const p of market.placeNames) {
    if (p.match.length > length && text.includes(` ${p.match} `)) {
      city = p.city;
      length = p.match.length;
    }
  }
  if (city) return { city, province: city.province };
  for (const p of market.provinceNames) {
    if (text.includes(` ${p.match} `)) return { city: null, province: p.province };
  }
  return { city: null, province: null };
}

/** Whether a read location names no city and no province: nothing can be quoted for it. */
export function isUnknownPlace(location: LocationInterpretation): boolean {
  return location.city === null && location.province === null;
}

/** Edits (insert, delete, change, swap of neighbours) between two short texts. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Typing slips forgiven in a name of this many characters: none under 4, one under 8, else two. */
function allowedSlips(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** A city a location's text comes close to, through the name it comes close to (null: the city's own). */
export interface NearPlace {
  city: MarketCity;
  via: MarketPlaceName | null;
}

/**
 * The cities whose names (own or other) the text misspells: 'Johanesburg', 'Joburgg', 'Pretora'.
 * Each run of words in the text as long as a name is compared with it; closest first, then in
 * the catalogue's city order; at most `limit`.
 */
export function nearPlaces(market: MarketSnapshot, location: string, limit: number): NearPlace[] {
  const words = normalizeText(location).trim().split(' ').filter(Boolean);
  const best = new Map<string, { near: NearPlace; distance: number; order: number }>();
  const names: { match: string; near: NearPlace }[] = [
    ...market.cities.map((city) => ({ match: city.matchName, near: { city, via: null } })),
    ...market.placeNames.map((p) => ({ match: p.match, near: { city: p.city, via: p } })),
  ];
  for (const { match, near } of names) {
    const size = match.split(' ').length;
    const slips = allowedSlips(match.length);
    if (slips === 0) continue;
    let distance = Infinity;
    for (let i = 0; i + size <= words.length; i++) distance = Math.min(distance, editDistance(words.slice(i, i + size).join(' '), match));
    if (distance > slips) continue;
    const seen = best.get(near.city.id);
    if (!seen || distance < seen.distance) best.set(near.city.id, { near, distance, order: market.cities.indexOf(near.city) });
  }
  return [...best.values()]
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, limit)
    .map((b) => b.near);
}

/** The location suggestion text of a city. */
export function cityFullName(city: City): string {
  return `${city.name}, ${city.province}`;
}

/** Most cities a message about an unknown location names. */
const NEAR_PLACES_NAMED = 3;

/** The field message for a location that names nothing known: the cities it comes close to, or how to say it. */
export function unknownPlaceText(market: MarketSnapshot, location: string): string {
  return unknownPlaceMessage(nearPlaces(market, location, NEAR_PLACES_NAMED).map((near) => cityFullName(near.city)));
}

/** A request's delivery location names no city or province Procura knows; nothing is quoted for it. */
export class UnknownPlaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownPlaceError';
  }
}
