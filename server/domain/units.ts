import { singularUnit } from '../../sdk/units';
import { joinWords } from '../../sdk/format';
import type { CatalogueItem } from './market';

/**
 * Units a buyer may ask a catalogue item to be quoted in. An item is priced per its own unit
 * (litres, kg, packs, pieces); a unit the buyer names is accepted when it converts to that one by
 * a fixed factor: ml and litres, g and kg, the container an item is sold in ("5 L containers"),
 * and the pieces in a pack of known size ("per box of 50 masks").
 */

/** Spellings of one unit, folded to one name (both 'litres' and 'liters' are the same unit). */
const SPELLINGS: Record<string, string> = {
  l: 'litres',
  lt: 'litres',
  ltr: 'litres',
  ltrs: 'litres',
  litre: 'litres',
  litres: 'litres',
  liter: 'litres',
  liters: 'litres',
  ml: 'ml',
  millilitre: 'ml',
  millilitres: 'ml',
  milliliter: 'ml',
  milliliters: 'ml',
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  g: 'g',
  gram: 'g',
  grams: 'g',
  gr: 'g',
  piece: 'pieces',
  pieces: 'pieces',
  pc: 'pieces',
  pcs: 'pieces',
  unit: 'pieces',
  units: 'pieces',
  each: 'pieces',
  item: 'pieces',
  items: 'pieces',
  pack: 'packs',
  packs: 'packs',
  packet: 'packs',
  packets: 'packs',
};

/** A unit's one name: its folded spelling, else the lower-cased word, plural. */
export function canonicalUnit(unit: string): string {
  const word = unit.trim().toLowerCase().replace(/\.$/, '');
  return SPELLINGS[word] ?? plural(word);
}

function plural(word: string): string {
  if (word.endsWith('s')) return word;
  if (/(x|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** How many of the item's own units one of `unit` holds, for each unit the item converts to. */
export function convertibleUnits(item: Pick<CatalogueItem, 'unit' | 'unitQuantity' | 'unitDescription'>): Map<string, number> {
  const base = canonicalUnit(item.unit);
  const units = new Map<string, number>([[base, 1]]);
  if (base === 'litres') units.set('ml', 0.001);
  if (base === 'kg') units.set('g', 0.001);
  const description = item.unitDescription.toLowerCase();
  // "per liter, 5 L containers", "per kg, 10 kg bags": the container holds unitQuantity units.
  const container = /\d+(?:\.\d+)?\s*(?:l|kg)\s+([a-z]+)/.exec(description);
  if (container && item.unitQuantity) units.set(canonicalUnit(container[1]!), item.unitQuantity);
  // "per box of 50 masks": a box is the item's unit, and a mask (a piece) is 1/50 of it.
  const pack = /per ([a-z]+) of (\d+) ([a-z]+)/.exec(description);
  if (base === 'packs' && pack && item.unitQuantity) {
    const [, outer, , inner] = pack;
    units.set(canonicalUnit(outer!), 1);
    const piece = canonicalUnit(inner!);
    // "per case of 20 packs": the pieces are packs themselves, so no piece size is known.
    if (piece !== 'packs') {
      units.set(piece, 1 / item.unitQuantity);
      units.set('pieces', 1 / item.unitQuantity);
    }
  }
  return units;
}

/** Prices are quoted to the cent: a unit worth less than R1 would round by more than 0.5 %. */
const MIN_UNIT_PRICE_CENTS = 100;

export type UnitChoice = { ok: true; unit: string; factor: number } | { ok: false; message: string };

function describe(unit: string, factor: number, base: string): string {
  if (factor === 1 || factor < 1) return unit;
  return `${unit} (${factor} ${base} each)`;
}

/**
 * The unit a request is quoted in: the buyer's, when the item converts to it and a price per one
 * of it stays precise to the cent; else a message naming the units it can be quoted in. With no
 * unit given, or for a product not in the catalogue, the request is quoted as asked.
 */
export function chooseUnit(
  item: Pick<CatalogueItem, 'name' | 'unit' | 'unitQuantity' | 'unitDescription'> | null,
  requested: string | undefined,
  averagePriceCents: number,
): UnitChoice {
  if (!item) return { ok: true, unit: requested?.trim() || 'units', factor: 1 };
  if (!requested?.trim()) return { ok: true, unit: item.unit, factor: 1 };
  const units = convertibleUnits(item);
  const base = canonicalUnit(item.unit);
  const asked = canonicalUnit(requested);
  const factor = units.get(asked);
  // The same unit keeps the catalogue's spelling, so the quote reads as the catalogue does.
  if (factor === 1 && asked === base) return { ok: true, unit: item.unit, factor: 1 };
  if (factor !== undefined && averagePriceCents * factor >= MIN_UNIT_PRICE_CENTS) return { ok: true, unit: asked, factor };
  const precise = [...units].filter(([u, f]) => u === base || averagePriceCents * f >= MIN_UNIT_PRICE_CENTS).map(([u, f]) => describe(u, f, base));
  const list = joinWords(precise, 'or');
  const why = factor !== undefined ? `; a price per ${singularUnit(asked)} would be under R1, too small to quote to the cent` : '';
  return { ok: false, message: `${item.name} can be quoted in ${list}, not ${requested.trim()}${why}` };
}

/** A buyer's unit the item cannot be quoted in; the message names the units it can. */
export class UnitNotQuotableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnitNotQuotableError';
  }
}

/** How a converted unit relates to the item's own: '1 container = 5 litres', '48 rolls = 1 pack'. */
export function conversionText(unit: string, factor: number, itemUnit: string): string {
  const base = canonicalUnit(itemUnit);
  if (factor >= 1) return `1 ${singularUnit(unit)} = ${factor} ${factor === 1 ? singularUnit(base) : base}`;
  return `${Math.round(1 / factor)} ${unit} = 1 ${singularUnit(base)}`;
}
