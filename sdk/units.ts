/**
 * The one rule every page, e-mail and server message words a unit and a quantity by.
 *
 * @module
 */

import { formatNumber } from './format';

/**
 * A unit named for one item, the one rule every page, e-mail and server message words a unit by:
 * catalogue units are plural ('litres', 'boxes', 'batteries'); a unit already singular ('glass')
 * or a symbol ('kg', 'ml', 'g') is kept as it is.
 *
 * @example
 * singularUnit('litres'); // 'litre'
 * singularUnit('boxes'); // 'box'
 * singularUnit('kg'); // 'kg'
 */
export function singularUnit(unit: string): string {
  if (/(x|ch|sh|ss|zz)es$/.test(unit)) return unit.slice(0, -2);
  if (/[^aeiou]ies$/.test(unit)) return `${unit.slice(0, -3)}y`;
  if (/ss$/.test(unit) || !/s$/.test(unit)) return unit;
  return unit.slice(0, -1);
}

/**
 * How a unit price names its unit: 'per litre', or 'each' for a unit that is one item.
 *
 * @example
 * `R17.56 ${perUnit('litres')}`; // 'R17.56 per litre'
 * `R4.00 ${perUnit('each')}`; // 'R4.00 each'
 */
export function perUnit(unit: string): string {
  return unit === 'each' || unit === 'units' ? 'each' : `per ${singularUnit(unit)}`;
}

/**
 * A quantity with its unit, singular for exactly one.
 *
 * @example
 * formatQuantity(1, 'litres'); // '1 litre'
 * formatQuantity(2500, 'litres'); // '2,500 litres'
 */
export function formatQuantity(quantity: number, unit: string): string {
  return `${formatNumber(quantity)} ${quantity === 1 ? singularUnit(unit) : unit}`;
}
