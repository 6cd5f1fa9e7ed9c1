/**
 * A supplier's performance as its workspace and the staff see it: its scorecard (the same shape as
 * the public one) and its orders of the last 12 months, each with its outcome and whether it
 * counts in the record. No buyer's address, name or comment is in it.
 *
 * @module
 */
import { z } from 'zod';
import { readinessSchema } from './readiness';
import { isoDateSchema, randSchema } from '../../sdk/schemas/common';
import { purchaseOrderSummarySchema } from '../../sdk/schemas/rfq';
import { scorecardSchema } from './scorecard';

/**
 * Why an order does not count in the supplier's record: `own_domain`, the buyer's e-mail domain is
 * the supplier's own; `not_confirmed`, the supplier had not confirmed the order (when the buyer
 * recorded its receipt, or still).
 */
export const NOT_COUNTED_REASONS = ['own_domain', 'not_confirmed'] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

/**
 * What the performance calls say when a request is wrong.
 *
 * @example
 * PERFORMANCE_MESSAGES.cursor; // 'This page of orders no longer exists: start again from the first.'
 */
export const PERFORMANCE_MESSAGES = {
  cursor: 'This page of orders no longer exists: start again from the first.',
};

/**
 * `GET /api/supplier/performance` and `GET /api/admin/suppliers/:id/scorecard`: the opaque cursor
 * of the page after the one before.
 *
 * @example
 * performanceQuerySchema.parse({ cursor: 'WyIyMDI2LTExLTAzIiw0Ml0' });
 */
export const performanceQuerySchema = z
  .object({
    cursor: z
      .string({ error: PERFORMANCE_MESSAGES.cursor })
      .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: PERFORMANCE_MESSAGES.cursor })
      .optional(),
  })
  .strict();

/**
 * One order of the supplier's, with its outcome.
 *
 * @example
 * const order: SupplierOrderOutcome = performance.orders[0]!;
 */
export const supplierOrderOutcomeSchema = z.object({
  purchaseOrderNumber: z.string(),
  /** The lead the order was placed on (`Q-12`), as the workspace's leads name it. */
  quoteId: z.string(),
  productName: z.string(),
  /** The Johannesburg day the buyer placed the order. */
  issuedOn: isoDateSchema,
  /** The order's value excl. VAT, in rand: the quote's total, or a basket order's lines. */
  value: randSchema,
  /** Its status, promised and delivered days and the buyer's receipt, as the buyer's quote carries them. */
  ...purchaseOrderSummarySchema.pick({ status: true, promisedOn: true, deliveredOn: true, receipt: true }).shape,
  /** Whether the order's receipt counts (or will, once recorded) in the supplier's record. */
  counted: z.boolean(),
  /** Why it does not; null when it counts. */
  notCountedReason: z.enum(NOT_COUNTED_REASONS).nullable(),
});
export type SupplierOrderOutcome = z.infer<typeof supplierOrderOutcomeSchema>;

/**
 * A page of a supplier's performance: the scorecard, 20 orders of the last 12 months newest first,
 * and the next page's cursor (null on the last).
 *
 * @example
 * supplierPerformanceSchema.parse(json).scorecard.new; // true before 3 counted receipts
 */
export const supplierPerformanceSchema = z.object({
  scorecard: scorecardSchema,
  orders: z.array(supplierOrderOutcomeSchema),
  nextCursor: z.string().nullable(),
});
export type SupplierPerformance = z.infer<typeof supplierPerformanceSchema>;

/**
 * `GET /api/admin/suppliers/:id/scorecard` (staff): the supplier's performance as its workspace
 * reads it, and the receipts of its 12 months kept but not counted (the newest 100), each saying why.
 *
 * @example
 * adminSupplierScorecardSchema.parse(json).notCounted[0]?.notCountedReason; // 'own_domain'
 */
export const adminSupplierScorecardSchema = supplierPerformanceSchema.extend({
  notCounted: z.array(supplierOrderOutcomeSchema),
  /** Whether the supplier is quoted yet, as its workspace's checklist shows it. */
  readiness: readinessSchema,
});
export type AdminSupplierScorecard = z.infer<typeof adminSupplierScorecardSchema>;
/**
 * Whether an order counts in the record, in words: for the supplier itself (`you`) or for staff
 * (`staff`). An order without a receipt says what it waits for.
 *
 * @example
 * countedText({ counted: false, notCountedReason: 'own_domain', receipt: null, status: 'confirmed' }, 'you');
 * // 'Not counted: the buyer’s e-mail address is of your own domain.'
 */
export function countedText(order: Pick<SupplierOrderOutcome, 'counted' | 'notCountedReason' | 'receipt' | 'status'>, viewer: 'you' | 'staff'): string {
  const you = viewer === 'you';
  if (order.notCountedReason === 'own_domain') return `Not counted: the buyer’s e-mail address is of ${you ? 'your' : 'the supplier’s'} own domain.`;
  if (order.notCountedReason === 'not_confirmed') {
    if (order.receipt !== null) return `Not counted: ${you ? 'you' : 'the supplier'} had not confirmed the order when the buyer recorded its receipt.`;
    return order.status === 'cancelled'
      ? 'Not counted: the order was cancelled before it was confirmed.'
      : `Not counted until ${you ? 'you confirm' : 'the supplier confirms'} the order.`;
  }
  return order.receipt === null ? 'Counts once the buyer records its receipt.' : `Counts in ${you ? 'your' : 'the supplier’s'} record.`;
}
