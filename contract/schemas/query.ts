import { z } from 'zod';
import { numberInput } from '../../sdk/numbers';

/**
 * The query helpers of the staff calls: unknown parameters named in the answer, and whole numbers
 * read from a query string with a message naming the parameter.
 *
 * @module
 */

/**
 * A strict object's option that names unknown query parameters in the answer.
 *
 * @example
 * z.strictObject({ limit: wholeNumber('limit', 1, 100) }, strictQuery);
 */
export const strictQuery = {
  error: (issue: { code: string; keys?: string[] }) => (issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys!.join(', ')}` : undefined),
};

/**
 * A whole number from `min` (to `max`) read from a query string or path as a person writes it
 * (`readNumber`: decimal digits, `1,000` as a thousand; `0x10` or `1e3` are no number), refused
 * as `{name} must be a whole number from {min} to {max}`.
 *
 * @example
 * wholeNumber('page', 1).parse('2'); // 2
 */
export function wholeNumber(name: string, min: number, max?: number) {
  const message = max === undefined ? `${name} must be a whole number from ${min}` : `${name} must be a whole number from ${min} to ${max}`;
  const n = z.number({ error: message }).int({ error: message }).min(min, { error: message });
  return z.preprocess(numberInput, max === undefined ? n : n.max(max, { error: message }));
}
