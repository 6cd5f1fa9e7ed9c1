/**
 * Whether a supplier is ready to quote, as its workspace and staff read it: a supplier is quoted
 * once it has at least one price-list item in stock and a delivery area.
 *
 * @module
 */
import { z } from 'zod';

/**
 * A supplier's readiness: each step of the checklist done or not, and whether both are.
 *
 * @example
 * readinessSchema.parse(json.readiness).readyToQuote;
 */
export const readinessSchema = z.object({
  /** At least one price-list item in stock (and within its dates) today. */
  inStockItem: z.boolean(),
  /** At least one city or province it delivers to, or the whole country. */
  deliveryArea: z.boolean(),
  /** Both: the supplier is quoted. */
  readyToQuote: z.boolean(),
});
/**
 * See {@link readinessSchema}.
 *
 * @example
 * const ready: Readiness = { inStockItem: true, deliveryArea: false, readyToQuote: false };
 */
export type Readiness = z.infer<typeof readinessSchema>;

/**
 * The checklist's words, one per step, and the state in one line for staff.
 *
 * @example
 * READINESS_TEXT.stateOf({ inStockItem: true, deliveryArea: false, readyToQuote: false }); // 'Not ready: no delivery area'
 */
export const READINESS_TEXT = {
  inStockItem: 'Add a price-list item that is in stock',
  deliveryArea: 'Add a place you deliver to',
  stateOf(r: Readiness): string {
    if (r.readyToQuote) return 'Ready to quote';
    const missing = [r.inStockItem ? null : 'no in-stock price-list item', r.deliveryArea ? null : 'no delivery area'].filter((m) => m !== null);
    return `Not ready: ${missing.join(', ')}`;
  },
} as const;
