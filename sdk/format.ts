/**
 * Numbers and amounts for people to read, in one style everywhere Procura shows them (pages,
 * the widget, e-mails): commas between thousands and a point before decimals, the same in every
 * browser and on the server whatever its locale. Amounts are in rand, as the API gives them; an
 * amount held in cents is turned into rand first with {@link centsToRand}.
 */

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A count or quantity with commas between thousands; decimals are kept as given.
 *
 * @example
 * formatNumber(1000); // '1,000'
 * formatNumber(1234567.5); // '1,234,567.5'
 */
export function formatNumber(value: number): string {
  const [whole, decimals] = String(Math.abs(value)).split('.');
  return `${value < 0 ? '-' : ''}${group(whole!)}${decimals ? `.${decimals}` : ''}`;
}

/**
 * An amount in rand, with commas between thousands and always two decimals.
 *
 * @example
 * formatRand(1234.5); // 'R1,234.50'
 * formatRand(-25); // '-R25.00'
 */
export function formatRand(rand: number): string {
  const [whole, cents] = Math.abs(rand).toFixed(2).split('.');
  return `${rand < 0 && Number(`${whole}.${cents}`) !== 0 ? '-' : ''}R${group(whole!)}.${cents}`;
}

/**
 * An amount in cents (as the database holds money) in rand, rounded to the cent.
 *
 * @example
 * formatRand(centsToRand(123450)); // 'R1,234.50'
 */
export function centsToRand(cents: number): number {
  return Math.round(cents) / 100;
}
