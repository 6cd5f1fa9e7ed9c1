/**
 * Numbers, amounts, dates and times for people to read, in one style everywhere Procura shows them
 * (pages, the widget, e-mails): commas between thousands and a point before decimals, the same in every
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
 * A price as buyers read it everywhere in Procura: the figure excl. VAT first (the trade reading,
 * the one quotes are ranked and described by), the figure incl. VAT beside it, both labelled.
 *
 * @example
 * formatPriceWithVat(quote.totalPrice, quote.totalPriceInclVat); // 'R4,000.00 excl. VAT (R4,600.00 incl. VAT)'
 */
export function formatPriceWithVat(exclVat: number, inclVat: number): string {
  return `${formatRand(exclVat)} excl. VAT (${formatRand(inclVat)} incl. VAT)`;
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

/**
 * VAT on an amount in cents at `vatRate`, rounded to the cent: how every quote, order and
 * document Procura makes states it, so a figure worked out in a page matches theirs.
 *
 * @example
 * vatCents(1017490, 0.15); // 152624
 */
export function vatCents(amountCents: number, vatRate: number): number {
  return Math.round(amountCents * vatRate);
}

/**
 * Words as a sentence lists them: 'A', 'A and B', 'A, B and C' (or with 'or'); '' for none.
 *
 * @example
 * joinWords(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals']); // 'Coastal Hygiene, Berea Supplies and Umhlanga Chemicals'
 * joinWords(['litres', 'ml', 'containers'], 'or'); // 'litres, ml or containers'
 */
export function joinWords(words: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

/**
 * A name's possessive: ’s, or the apostrophe alone after a final s.
 *
 * @example
 * possessive('Coastal Hygiene'); // 'Coastal Hygiene’s'
 * possessive('Blue Crane Facility Supplies'); // 'Blue Crane Facility Supplies’'
 */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}’` : `${name}’s`;
}

/**
 * A remark quoted at the end of a sentence: it keeps its own closing punctuation, or is followed
 * by a full stop, so the sentence never ends twice.
 *
 * @example
 * quotedEnd('Out of stock until January'); // '“Out of stock until January”.'
 * quotedEnd('Out of stock until December.'); // '“Out of stock until December.”'
 */
export function quotedEnd(text: string): string {
  const remark = text.trim();
  return /[.!?…]$/.test(remark) ? `“${remark}”` : `“${remark}”.`;
}

/**
 * How a basket (or a basket's order) is named where one product name is shown: its first product
 * and how many more.
 *
 * @example
 * basketName(['Household Bleach', 'Refuse Bags', 'Hand Soap']); // 'Household Bleach and 2 more products'
 */
export function basketName(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names[0]} and ${names.length - 1} more ${names.length === 2 ? 'product' : 'products'}`;
}

/**
 * A company size as buyers and suppliers read it.
 *
 * @example
 * companySizeLabel('1-10'); // '1-10 employees'
 */
export function companySizeLabel(size: string): string {
  return `${size} employees`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A date as people read it on Procura's pages, PDFs and e-mails, always the same way: a day
 * (`YYYY-MM-DD`), or the day in Johannesburg of a moment (an ISO time), as `6 December 2026`. The
 * API and CSV files keep ISO 8601.
 *
 * @example
 * formatDate('2026-12-06'); // '6 December 2026'
 * formatDate('2026-12-05T22:30:00.000Z'); // '6 December 2026' (00:30 in Johannesburg)
 */
export function formatDate(dayOrTime: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(dayOrTime) ? dayOrTime : inJohannesburg(dayOrTime).slice(0, 10);
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}

/**
 * A moment as people read it: its day as {@link formatDate} writes it and the time in Johannesburg,
 * worked out without the reader's time zone, so a page rendered on the server reads the same in
 * any browser.
 *
 * @example
 * formatDateTime('2026-12-06T07:30:00.000Z'); // '6 December 2026, 09:30'
 */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)}, ${formatTime(iso)}`;
}

/**
 * The time in Johannesburg of a moment, on the 24-hour clock, for a list that shows the day
 * beside it or needs none.
 *
 * @example
 * formatTime('2026-12-06T12:05:00.000Z'); // '14:05'
 */
export function formatTime(iso: string): string {
  return inJohannesburg(iso).slice(11, 16);
}

/**
 * Today's day in Johannesburg (`YYYY-MM-DD`), whatever the reader's time zone: the day the API
 * judges "not after today" by, and the default of a date the buyer or supplier records.
 *
 * @example
 * johannesburgToday(Date.parse('2026-12-05T22:30:00.000Z')); // '2026-12-06'
 */
export function johannesburgToday(now: number = Date.now()): string {
  return inJohannesburg(new Date(now).toISOString()).slice(0, 10);
}

/** An ISO time moved to Johannesburg's wall clock (South Africa keeps UTC+2 all year), still written as ISO. */
function inJohannesburg(iso: string): string {
  return new Date(Date.parse(iso) + 2 * 3_600_000).toISOString();
}
