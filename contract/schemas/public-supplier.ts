/**
 * A supplier's public page, `/suppliers/{slug}`: who it is, where it delivers, its B-BBEE standing,
 * its VAT registration and its scorecard. One shape for `GET /api/suppliers/:supplier` and the page
 * the server renders. It carries no buyer, no contact person, e-mail or phone.
 *
 * @module
 */
import { z } from 'zod';
import { bbeeStandingSchema } from '../../sdk/schemas/rfq';
import { scorecardSchema } from './scorecard';

/**
 * The supplier's public profile with its scorecard.
 *
 * @example
 * publicSupplierSchema.parse(json).scorecard.new; // true while fewer than 3 receipts count
 */
export const publicSupplierSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  /** Where the supplier is based. */
  city: z.string(),
  province: z.string(),
  verified: z.boolean(),
  /** Where it delivers, nationwide first, then provinces, then cities, each with its usual lead time. */
  deliveryAreas: z.array(z.object({ scope: z.enum(['national', 'province', 'city']), name: z.string(), leadDays: z.number().int() })),
  /** Its B-BBEE level and evidence as they count today. */
  bbee: bbeeStandingSchema,
  vat: z.object({ registered: z.boolean(), number: z.string().nullable() }),
  /** The CIPC company registration number; null while none is on file. */
  registrationNumber: z.string().nullable(),
  specialties: z.array(z.string()),
  /** What it sells, its main category (the one it can supply most of) first. */
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  scorecard: scorecardSchema,
});
/**
 * A supplier's public profile with its scorecard.
 *
 * @example
 * const supplier: PublicSupplier = await suppliers.get('cleanco-supplies');
 */
export type PublicSupplier = z.infer<typeof publicSupplierSchema>;
