/**
 * The one reader of a number a person types in a form or a query string, without a schema
 * library, so the forms and the server read `1,000` alike. JavaScript's `Number()` reads more
 * than people mean (`0x10` is 16, `1e3` is 1000, `Infinity`, `+5`) and less (`1,000` is not a
 * number to it); this reads decimal digits alone.
 *
 * @module
 */

/** Digits with an optional decimal point and digits: what a number is, written plainly. */
const PLAIN = /^\d+(?:\.\d+)?$/;
/**
 * Digits grouped in thousands by one separator throughout (a comma, a space or a no-break space,
 * as South Africans write 1,000 or 1 000), with an optional decimal point and digits.
 */
const GROUPED = /^\d{1,3}([, \u00a0\u202f])\d{3}(?:\1\d{3})*(?:\.\d+)?$/;

/**
 * A number as a person writes one: decimal digits, optionally grouped in thousands by commas or
 * spaces (`1,000`, `1 000`, `1 000` with a no-break space), optionally with a decimal point and
 * digits; white space around it is ignored. Anything else is NaN: hexadecimal, an exponent,
 * `Infinity`, a sign, a comma that groups no thousands (`2,5`).
 *
 * @example
 * readNumber('1,000'); // 1000
 * readNumber('12.5'); // 12.5
 * readNumber('0x10'); // NaN
 * readNumber('1e3'); // NaN
 */
export function readNumber(text: string): number {
  const trimmed = text.trim();
  if (PLAIN.test(trimmed)) return Number(trimmed);
  const grouped = GROUPED.exec(trimmed);
  return grouped ? Number(trimmed.replaceAll(grouped[1]!, '')) : Number.NaN;
}

/**
 * A form's or query string's value as a number schema reads it: text through {@link readNumber}
 * (NaN when it is not one, so the schema answers its own message), anything else as it is.
 *
 * @example
 * numberInput('1 000'); // 1000
 * numberInput('sixteen'); // NaN
 * numberInput(40); // 40
 */
export function numberInput(value: unknown): unknown {
  return typeof value === 'string' ? readNumber(value) : value;
}
