import { z } from 'zod';
import { readinessSchema } from './readiness';
import { randSchema } from '../../sdk/schemas/common';
import { singleLine } from '../../sdk/schemas/text';
import { complianceChangeFields, complianceChangeRule, complianceOnFileFields } from './compliance';
import { strictQuery, wholeNumber } from './query';

/**
 * The admin console's contract: its sizes and messages, the supplier and product lists and a
 * supplier's standing. Imports are `imports.ts`, compliance `compliance.ts`, the audit log
 * `audit.ts`. Staff calls: not part of the published package.
 *
 * @module
 */

/**
 * Sizes of the admin calls.
 *
 * @example
 * ADMIN_LIMITS.maxLines; // 10000
 */
export const ADMIN_LIMITS = {
  /** Lines (not counting blank ones) one import takes, in one transaction. */
  maxLines: 10_000,
  /** Items one import call may send, blank spacers included. */
  maxItems: 20_000,
  /** Characters of the text `bulk-import` takes. */
  maxText: 4_000_000,
  /** The dry runs of the admin page check this many lines at a time. */
  chunkLines: 1_000,
  /** Rows a list page holds at most, and by default. */
  maxPageSize: 100,
  defaultPageSize: 25,
  name: 200,
  email: 254,
  category: 100,
  location: 100,
  description: 1_000,
  unit: 30,
  specialties: 20,
  specialty: 60,
  /** Response time, in hours, at most (30 days). */
  responseHours: 720,
  /** Price, in rand, at most. */
  price: 10_000_000,
} as const;

/**
 * Messages of the admin console and its calls, as the page's toasts word them.
 *
 * @example
 * toast({ title: ADMIN_MESSAGES.importFailed, description: ADMIN_MESSAGES.invalidFormat, variant: 'destructive' });
 */
export const ADMIN_MESSAGES = {
  invalidFormat: 'Invalid format. Check your data.',
  importFailed: 'Import Failed',
  importComplete: 'Import Complete',
  suppliersAdded: 'Suppliers added successfully',
  productsAdded: 'Products added successfully',
  noLines: 'There are no lines to import',
  tooManyLines: `An import takes at most ${ADMIN_LIMITS.maxLines.toLocaleString('en-US')} lines; split it`,
  supplierNotFound: 'Supplier not found',
  standingEmpty: 'Give verified, VAT number, registered address or B-BBEE level',
} as const;

/** One page of an admin list: its number and size, how many rows match, and the rows under `key`. */
function listPage<K extends string, T extends z.ZodType>(key: K, row: T) {
  return z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }).extend({ [key]: z.array(row) } as Record<K, z.ZodArray<T>>);
}

/**
 * The query of the supplier and product lists: a page (1), its size (25, at most 100) and an
 * optional search `q` over names, e-mails, cities and categories.
 *
 * @example
 * adminListQuerySchema.parse({ page: '2', pageSize: '50', q: 'durban' });
 */
export const adminListQuerySchema = z.strictObject(
  {
    page: wholeNumber('page', 1).default(1),
    pageSize: wholeNumber('pageSize', 1, ADMIN_LIMITS.maxPageSize).default(ADMIN_LIMITS.defaultPageSize),
    q: z.string({ error: 'q must be text' }).trim().check(singleLine('q')).max(100, { error: 'q must be at most 100 characters' }).optional(),
  },
  strictQuery,
);
/**
 * The parameters of a list call.
 *
 * @example
 * const params: AdminListParams = { page: 1, pageSize: 25, q: 'hygiene' };
 */
export type AdminListParams = z.input<typeof adminListQuerySchema>;

/**
 * A supplier as the admin list shows it. `onTimeRate` is null until Procura has a delivery
 * record of the supplier (every imported supplier starts so).
 *
 * @example
 * adminSupplierSchema.parse(json.suppliers[0]).verified;
 */
export const adminSupplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  city: z.string(),
  categories: z.array(z.string()),
  verified: z.boolean(),
  /** Orders placed with the supplier in the scorecard's 12 months. */
  orders: z.number().int(),
  /** The buyers' receipts of them that count. */
  receipts: z.number().int(),
  /** The buyers' average rating (null while fewer than 3) and how many rated: earned, never typed. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** On time and in full, in percent of `receipts`; null while fewer than 3. */
  onTimeRate: z.number().nullable(),
  specialties: z.array(z.string()),
  responseTimeHours: z.number().int().nullable(),
  products: z.number().int(),
  priceListDate: z.string(),
  createdAt: z.string(),
  ...complianceOnFileFields,
  /** When the business, listed and never asked, stopped Procura's e-mails from one of them; null when it did not. A stopped supplier is not quoted until it joins. */
  mailStoppedAt: z.string().nullable(),
  /** Whether the supplier is quoted yet, as its workspace's checklist shows it. */
  readiness: readinessSchema,
});
/**
 * A supplier in the admin list.
 *
 * @example
 * const { name, rating, verified }: AdminSupplier = page.suppliers[0]; // rating: { average: 4.6, count: 12 }
 */
export type AdminSupplier = z.infer<typeof adminSupplierSchema>;

/**
 * One page of `GET /api/admin/suppliers`, newest first, with the total that match.
 *
 * @example
 * const { suppliers, total } = adminSupplierPageSchema.parse(await res.json());
 */
export const adminSupplierPageSchema = listPage('suppliers', adminSupplierSchema);
/**
 * A page of suppliers.
 *
 * @example
 * const page: AdminSupplierPage = await admin.suppliers({ q: 'durban' });
 */
export type AdminSupplierPage = z.infer<typeof adminSupplierPageSchema>;

/**
 * A product as the admin list shows it: one supplier's offer of a catalogue item, at `price` rand
 * per `unit`. `id` is the offer's.
 *
 * @example
 * adminProductSchema.parse(json.products[0]).supplierName;
 */
export const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: randSchema,
  unit: z.string(),
  category: z.string(),
  categoryName: z.string(),
  catalogueItemId: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
});
/**
 * A product in the admin list.
 *
 * @example
 * const { name, price, unit }: AdminProduct = page.products[0];
 */
export type AdminProduct = z.infer<typeof adminProductSchema>;

/**
 * One page of `GET /api/admin/products`, newest first, with the total that match.
 *
 * @example
 * const { products, total } = adminProductPageSchema.parse(await res.json());
 */
export const adminProductPageSchema = listPage('products', adminProductSchema);
/**
 * A page of products.
 *
 * @example
 * const page: AdminProductPage = await admin.products({ page: 2 });
 */
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

/**
 * `PATCH /api/admin/suppliers/:id`: a supplier's standing, any of: verified, VAT
 * number (10 digits starting with 4; null clears it), registered address (null clears it), and its
 * B-BBEE level (1-8, `non-compliant`, or null when none is on file) with, for a level 1-8, the
 * evidence and its expiry date.
 *
 * @example
 * supplierStandingSchema.parse({ verified: true });
 * supplierStandingSchema.parse({ bbeeLevel: 2, bbeeEvidence: 'certificate', bbeeExpiresOn: '2027-03-31' });
 */
export const supplierStandingSchema = z
  .strictObject(
    {
      verified: z.boolean({ error: 'verified must be true or false' }).optional(),
      ...complianceChangeFields,
    },
    strictQuery,
  )
  .superRefine(complianceChangeRule)
  .refine((s) => Object.values(s).some((v) => v !== undefined), { error: ADMIN_MESSAGES.standingEmpty });
/**
 * What a client sends to change a supplier's standing.
 *
 * @example
 * const input: SupplierStandingInput = { verified: true };
 */
export type SupplierStandingInput = z.input<typeof supplierStandingSchema>;

/**
 * The path parameter naming a supplier.
 *
 * @example
 * supplierIdParamsSchema.parse({ id: '12' }).id; // 12
 */
export const supplierIdParamsSchema = z.object({ id: wholeNumber('id', 1) });
