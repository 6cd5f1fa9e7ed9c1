/**
 * The bulk import calls: the bodies that carry supplier and product lines (imports.ts reads each
 * line), the refused lines, and the previews and results an import answers. Staff calls: not part
 * of the published package.
 *
 * @module
 */
import { z } from 'zod';
import { randSchema } from '../../sdk/schemas/common';
import { ADMIN_LIMITS, ADMIN_MESSAGES, adminProductSchema } from './admin';
import { complianceOnFileFields } from './compliance';

/** One line of an import: a pipe-separated line, or the line as an object of its fields; `''` is a blank line. */
const lineItem = z.union([z.string().max(10_000), z.record(z.string(), z.unknown())], {
  error: 'Each line must be text or an object of its fields',
});
const lines = (name: string) =>
  z
    .array(lineItem, { error: `${name} must be a list of lines` })
    .min(1, { error: ADMIN_MESSAGES.noLines })
    .max(ADMIN_LIMITS.maxItems, { error: ADMIN_MESSAGES.tooManyLines });
const dryRun = z.boolean({ error: 'dryRun must be true or false' }).default(false);
const firstLine = z
  .number({ error: 'firstLine must be a whole number from 1' })
  .int({ error: 'firstLine must be a whole number from 1' })
  .min(1, { error: 'firstLine must be a whole number from 1' })
  .default(1);

/**
 * `POST /api/admin/suppliers`: supplier lines, each a pipe-separated line or an object (see
 * {@link supplierLineSchema}); item `i` is line `firstLine + i` (1), and `''` a blank line. With
 * `dryRun` nothing is written and each line is answered as it would be imported.
 *
 * @example
 * supplierImportSchema.parse({ suppliers: ['Coastal Hygiene | sales@coastal.example | sanitizers | Durban | 4.5 | gel | 24h'], dryRun: true });
 */
export const supplierImportSchema = z.strictObject({ suppliers: lines('suppliers'), dryRun, firstLine });
/**
 * What a client sends to import suppliers.
 *
 * @example
 * const input: SupplierImportInput = { suppliers: [{ name: 'Coastal Hygiene', email: 'sales@coastal.example', category: 'sanitizers', location: 'Durban' }] };
 */
export type SupplierImportInput = z.input<typeof supplierImportSchema>;

/**
 * `POST /api/admin/products`: product lines, as {@link supplierImportSchema} takes suppliers.
 *
 * @example
 * productImportSchema.parse({ products: ['Household Bleach | 5 L containers | 18.50 | litres | cleaning-supplies | 12'] });
 */
export const productImportSchema = z.strictObject({ products: lines('products'), dryRun, firstLine });
/**
 * What a client sends to import products.
 *
 * @example
 * const input: ProductImportInput = { products: [{ name: 'Household Bleach', price: '18.50', unit: 'litres', category: 'cleaning-supplies', supplierId: 12 }], dryRun: true };
 */
export type ProductImportInput = z.input<typeof productImportSchema>;

/**
 * `POST /api/admin/bulk-import`: pasted text mixing supplier lines (7 fields) and product lines
 * (6 fields), or a CSV with a header row naming one kind's columns. Suppliers are imported first.
 *
 * @example
 * bulkImportSchema.parse({ data: 'Coastal Hygiene | sales@coastal.example | sanitizers | Durban | | | \nHousehold Bleach | | 18.50 | litres | cleaning-supplies | 12' });
 */
export const bulkImportSchema = z.strictObject({
  data: z
    .string({ error: 'data must be the text to import' })
    .min(1, { error: ADMIN_MESSAGES.noLines })
    .max(ADMIN_LIMITS.maxText, { error: `data must be at most ${ADMIN_LIMITS.maxText.toLocaleString('en-US')} characters` }),
  dryRun,
});
/**
 * What a client sends to import mixed text.
 *
 * @example
 * const input: BulkImportInput = { data: text, dryRun: true };
 */
export type BulkImportInput = z.input<typeof bulkImportSchema>;

/**
 * A line an import refuses: its number as the text box shows it, and why.
 *
 * @example
 * invalidLineSchema.parse({ line: 3, reason: 'Unknown city "Atlantis"' });
 */
export const invalidLineSchema = z.object({ line: z.number().int().min(1), reason: z.string() });
/**
 * A refused line.
 *
 * @example
 * const bad: InvalidLine = { line: 3, reason: 'Unknown city "Atlantis"' };
 */
export type InvalidLine = z.infer<typeof invalidLineSchema>;

/**
 * The `details` of a 400 `invalid_lines` answer ('Invalid format. Check your data.'): every bad
 * line, in order. Nothing of the import was written.
 *
 * @example
 * if (err.code === 'invalid_lines') for (const { line, reason } of invalidLinesDetailsSchema.parse(err.details).lines) console.log(line, reason);
 */
export const invalidLinesDetailsSchema = z.object({ lines: z.array(invalidLineSchema) });

/** Whether a line adds a supplier (or offer) or updates one that exists. */
const action = z.enum(['add', 'update']);

/**
 * A supplier line as the import reads it: category and city resolved, and whether it adds a
 * supplier or updates the one with its e-mail (`supplierId`).
 *
 * @example
 * const { action, city }: SupplierPreviewLine = supplierPreviewLineSchema.parse(json.lines[0]);
 */
export const supplierPreviewLineSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  category: z.string(),
  categoryName: z.string(),
  city: z.string(),
  specialties: z.array(z.string()),
  responseTimeHours: z.number().int().nullable(),
  /** The line's VAT number, address and B-BBEE standing; null where the line gives none (what is on file stays). */
  ...complianceOnFileFields,
  action,
  supplierId: z.number().int().nullable(),
});
/**
 * A supplier line as the import reads it.
 *
 * @example
 * const preview: SupplierPreviewLine = { line: 2, name: 'Coastal Hygiene', email: 'sales@coastal.example', category: 'sanitizers', categoryName: 'Sanitizers', city: 'Durban', specialties: [], responseTimeHours: 24, vatNumber: '4123456789', registeredAddress: null, bbeeLevel: 2, bbeeEvidence: 'certificate', bbeeExpiresOn: '2027-03-31', action: 'add', supplierId: null };
 */
export type SupplierPreviewLine = z.infer<typeof supplierPreviewLineSchema>;

/**
 * A product line as the import reads it: the catalogue item it is priced as (an existing one of
 * its category with the same name, else a new one, `catalogueItemId` null), the supplier, and
 * the price per the item's own unit (`unitPrice`, per `itemUnit`), converted when the line's
 * unit is another (a 5 L container's price per litre).
 *
 * @example
 * const { newItem, unitPrice, itemUnit }: ProductPreviewLine = productPreviewLineSchema.parse(json.lines[0]);
 */
export const productPreviewLineSchema = adminProductSchema.omit({ id: true }).extend({
  line: z.number().int(),
  catalogueItemId: z.string().nullable(),
  catalogueItemName: z.string(),
  newItem: z.boolean(),
  unitPrice: randSchema,
  itemUnit: z.string(),
  action,
});
/**
 * A product line as the import reads it.
 *
 * @example
 * const preview: ProductPreviewLine = { line: 2, name: 'Household Bleach', description: '', price: 90, unit: 'containers', category: 'cleaning-supplies', categoryName: 'Cleaning Supplies', supplierId: 12, supplierName: 'Coastal Hygiene', catalogueItemId: 'bleach-5l', catalogueItemName: 'Household Bleach', newItem: false, unitPrice: 18, itemUnit: 'litres', action: 'add' };
 */
export type ProductPreviewLine = z.infer<typeof productPreviewLineSchema>;

/**
 * The answer to `POST /api/admin/suppliers`: how many suppliers were (or, on a dry run, would be)
 * added and updated. A dry run also answers every line read (`lines`) and every bad one
 * (`invalidLines`), and writes nothing; an import with a bad line answers 400 `invalid_lines`.
 *
 * @example
 * const { added, updated } = supplierImportResultSchema.parse(await res.json());
 */
export const supplierImportResultSchema = z.object({
  dryRun: z.boolean(),
  added: z.number().int(),
  updated: z.number().int(),
  lines: z.array(supplierPreviewLineSchema).optional(),
  invalidLines: z.array(invalidLineSchema).optional(),
});
/**
 * The answer to a supplier import.
 *
 * @example
 * const result: SupplierImportResult = await admin.importSuppliers({ suppliers, dryRun: true });
 */
export type SupplierImportResult = z.infer<typeof supplierImportResultSchema>;

/**
 * The answer to `POST /api/admin/products`: offers added (a product new to the supplier) and
 * updated (a new price for one it lists); a dry run as for suppliers.
 *
 * @example
 * const { added, invalidLines } = productImportResultSchema.parse(await res.json());
 */
export const productImportResultSchema = z.object({
  dryRun: z.boolean(),
  added: z.number().int(),
  updated: z.number().int(),
  lines: z.array(productPreviewLineSchema).optional(),
  invalidLines: z.array(invalidLineSchema).optional(),
});
/**
 * The answer to a product import.
 *
 * @example
 * const result: ProductImportResult = await admin.importProducts({ products });
 */
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

const counts = z.object({ added: z.number().int(), updated: z.number().int() });

/**
 * The answer to `POST /api/admin/bulk-import`: supplier and product counts; a dry run also
 * answers every line read, each marked with its `kind`, and every bad one.
 *
 * @example
 * const { suppliers, products } = bulkImportResultSchema.parse(await res.json());
 * console.log(`${suppliers.added} suppliers and ${products.added} products added`);
 */
export const bulkImportResultSchema = z.object({
  dryRun: z.boolean(),
  suppliers: counts,
  products: counts,
  lines: z
    .array(
      z.discriminatedUnion('kind', [
        supplierPreviewLineSchema.extend({ kind: z.literal('supplier') }),
        productPreviewLineSchema.extend({ kind: z.literal('product') }),
      ]),
    )
    .optional(),
  invalidLines: z.array(invalidLineSchema).optional(),
});
/**
 * The answer to a mixed import.
 *
 * @example
 * const result: BulkImportResult = await admin.bulkImport({ data: text });
 */
export type BulkImportResult = z.infer<typeof bulkImportResultSchema>;
