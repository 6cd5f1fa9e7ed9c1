import type { CatalogueItem, Category, City, MarketSnapshot } from './market';
import { normalizeText } from './text';

/** The category a free-text product falls into when no keyword places it. */
export const DEFAULT_CATEGORY_ID = 'cleaning-supplies';

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

/**
 * Places a product name in the catalogue: the item whose name or keyword phrases match it best,
 * else a category by keywords (the market estimator's rule), else the default category.
 */
export function interpretProduct(market: MarketSnapshot, productName: string): ProductInterpretation {
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
 * Reads a delivery location: a city by name or full name ('Durban' or 'Durban, KwaZulu-Natal'),
 * else a province named in the text, else nothing known.
 */
export function resolveLocation(market: MarketSnapshot, location: string): LocationInterpretation {
  const text = normalizeText(location);
  let city: City | null = null;
  for (const c of market.cities) {
    if (text.includes(` ${c.matchName} `) && (!city || c.name.length > city.name.length)) city = c;
  }
  if (city) return { city, province: city.province };
  for (const c of market.cities) {
    if (text.includes(` ${c.matchProvince} `)) return { city: null, province: c.province };
  }
  return { city: null, province: null };
}

/** The location suggestion text of a city. */
export function cityFullName(city: City): string {
  return `${city.name}, ${city.province}`;
}
