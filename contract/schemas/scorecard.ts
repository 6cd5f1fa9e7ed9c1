/**
 * A supplier's scorecard: what Procura's recorded orders say of it over the last 12 months
 * (Johannesburg days). One shape for `GET /api/suppliers/:id/scorecard`, the supplier's public page,
 * its workspace and the admin console. It carries no buyer and no comment text.
 *
 * @module
 */
import { z } from 'zod';
import { isoDateSchema } from '../../sdk/schemas/common';

/** Receipts a share or an average needs before it is shown: never a percentage of 1 or 2. */
export const SCORECARD_MIN_RECEIPTS = 3;

const countAndShare = z.object({
  count: z.number().int().nonnegative(),
  /** 0 to 1; null while fewer than 3 receipts are recorded. */
  share: z.number().min(0).max(1).nullable(),
});

export const scorecardSchema = z.object({
  supplierId: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  /** The first and last Johannesburg day counted. */
  from: isoDateSchema,
  to: isoDateSchema,
  /** Orders placed with the supplier (purchase orders issued, cancelled ones included). */
  orders: z.number().int().nonnegative(),
  /** Orders the supplier confirmed. */
  confirmed: z.number().int().nonnegative(),
  /** Receipts that count: of confirmed orders, not from the supplier's own e-mail domain. */
  receipts: z.number().int().nonnegative(),
  /** Received on or before the promised day and in full, of `receipts`. */
  onTimeInFull: countAndShare,
  /** Received in full, of `receipts`. */
  inFull: countAndShare,
  rating: z.object({
    /** The buyers' average, 1 to 5 to one decimal; null while fewer than 3 ratings. */
    average: z.number().min(1).max(5).nullable(),
    count: z.number().int().nonnegative(),
  }),
  /** The median hours from a lead e-mail to the supplier's firm price or withdrawal; null with none answered. */
  medianResponseHours: z.number().nonnegative().nullable(),
  /** Firm prices at or below the indicative one, of the quotes the supplier made firm. */
  priceKept: countAndShare,
  /** True while fewer than 3 receipts count: every share and the average are then null. */
  new: z.boolean(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

/** `GET /api/suppliers/:supplier/scorecard`: the supplier by its id or by its public slug. */
export const scorecardPathSchema = z.object({
  supplier: z.union([
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number),
    z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Name a supplier by its id or its slug, like cleanco-supplies')
      .max(100),
  ]),
});
