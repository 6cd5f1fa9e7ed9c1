// Kept whole: the import's line fields, the reasons a line is refused and the previews built from
// them are one contract; each schema here uses the readers above it.
import { z } from 'zod';
import { normalizeVatNumber } from '../../sdk/order-rules';
import { BBEE_LEVELS, type BbeeEvidence } from '../../sdk/bbee';
import { randSchema } from '../../sdk/schemas/common';
import { multiLine, singleLine } from '../../sdk/schemas/text';
import { TEXT_MESSAGES, isSingleLineText } from '../../sdk/text';
import { ADMIN_LIMITS, ADMIN_MESSAGES, adminProductSchema } from './admin';
import { complianceOnFileFields, REGISTERED_ADDRESS_MAX, STANDING_MESSAGES } from './compliance';

/**
 * Bulk imports of suppliers and products: the admin supplier and product lines with the bulk
 * line rules, the reasons a line is refused, and the previews and results of an import. Staff
 * calls: not part of the published package.
 *
 * @module
 */

/** A value as a bad-line reason quotes it: at most 40 characters. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * The reasons a line is refused, each naming what is wrong with it; `invalid_lines` answers
 * list them by line number.
 *
 * @example
 * LINE_REASONS.unknownCity('Atlantis'); // 'Unknown city "Atlantis"'
 */
export const LINE_REASONS = {
  missing: (field: string) => `${field} is missing`,
  tooLong: (field: string, max: number) => `${field} is longer than ${max.toLocaleString('en-US')} characters`,
  email: (value: unknown) => `"${shown(value)}" is not a valid e-mail address`,
  rating: (value: unknown) => `Rating must be a number from 1 to 5, not "${shown(value)}"`,
  specialties: () => `Specialties: at most ${ADMIN_LIMITS.specialties}, each up to ${ADMIN_LIMITS.specialty} characters`,
  responseTime: (value: unknown) => `Response time must be hours or days such as 24h or 2d (at most 30 days), not "${shown(value)}"`,
  price: (value: unknown) => `Price must be an amount in rand above 0 such as 18.50, not "${shown(value)}"`,
  unit: (value: unknown) => `Unit must be a word such as litres, kg, packs or pieces, not "${shown(value)}"`,
  supplierId: (value: unknown) => `Supplier id must be a whole number, not "${shown(value)}"`,
  unknownCategory: (value: string) => `Unknown category "${shown(value)}"`,
  unknownCity: (value: string) => `Unknown city "${shown(value)}"`,
  unknownSupplier: (id: number) => `Unknown supplier ${id}`,
  duplicateEmail: (line: number) => `E-mail also on line ${line}`,
  duplicateProduct: (line: number) => `Same product and supplier as line ${line}`,
  unitMismatch: (item: string, units: string, unit: string) => `${item} is priced in ${units}, not ${shown(unit)}`,
  vatNumber: (value: unknown) => `VAT number must be 10 digits starting with 4, not "${shown(value)}"`,
  bbeeLevel: (value: unknown) => `B-BBEE level must be 1 to 8 or non-compliant, not "${shown(value)}"`,
  bbeeEvidence: (value: unknown) => `B-BBEE evidence must be certificate or sworn affidavit, not "${shown(value)}"`,
  bbeeExpiresOn: (value: unknown) => `B-BBEE expiry must be a date such as 2027-03-31, not "${shown(value)}"`,
  bbeeIncomplete: (level: number) => `B-BBEE level ${level} needs its evidence (certificate or sworn affidavit) and expiry date`,
  bbeeWithoutLevel: () => STANDING_MESSAGES.bbeeWithoutLevel,
} as const;

/** Text that is present and at most `max` characters, trimmed. */
function requiredText(field: string, max: number) {
  return z
    .string({ error: LINE_REASONS.missing(field) })
    .trim()
    .check(singleLine(field))
    .min(1, { error: LINE_REASONS.missing(field) })
    .max(max, { error: LINE_REASONS.tooLong(field, max) });
}

/** Refuses a line's field with its reason. */
function refuse(ctx: z.RefinementCtx, reason: string): never {
  ctx.addIssue({ code: 'custom', message: reason });
  return z.NEVER;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A rating from 1 to 5, to one decimal; blank is the spec's default, 5. */
const ratingField = z.unknown().transform((v, ctx): number => {
  if (blank(v)) return 5;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(?:[.,]\d+)?\s*$/.test(v) ? Number(v.trim().replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(n) || n < 1 || n > 5) {
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.rating(v) });
    return z.NEVER;
  }
  return Math.round(n * 10) / 10;
});

/** A list, or a comma (or semicolon) separated text; blank is none. */
const specialtiesField = z.unknown().transform((v, ctx): string[] => {
  if (blank(v)) return [];
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,;]/) : null;
  const items = list?.map((s) => (typeof s === 'string' ? s.trim() : null));
  if (!items || items.some((s) => s === null)) {
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.specialties() });
    return z.NEVER;
  }
  const named = [...new Set(items.filter((s): s is string => s !== null && s !== ''))];
  if (!named.every(isSingleLineText)) return refuse(ctx, TEXT_MESSAGES.singleLine('Specialties'));
  if (named.length > ADMIN_LIMITS.specialties || named.some((s) => s.length > ADMIN_LIMITS.specialty)) {
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.specialties() });
    return z.NEVER;
  }
  return named;
});

/**
 * Hours from `24h`, `24 hours`, `2d`, `2 days` or a bare number of hours; blank is none (the
 * supplier is then ranked as answering in 24 hours, and buyers are told to expect 24-48). Part of
 * an hour counts as a whole one.
 */
const responseTimeField = z.unknown().transform((v, ctx): number | null => {
  if (blank(v)) return null;
  const m = typeof v === 'number' ? [String(v), String(v), ''] : typeof v === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(h|hr|hrs|hours?|d|days?)?\s*$/i.exec(v) : null;
  const amount = m ? Number(m[1]) : Number.NaN;
  const hours = m && /^d/i.test(m[2] ?? '') ? amount * 24 : amount;
  if (!Number.isFinite(hours) || hours <= 0 || hours > ADMIN_LIMITS.responseHours) {
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.responseTime(v) });
    return z.NEVER;
  }
  return Math.ceil(hours);
});

/** A VAT number, spaces and dashes dropped; blank is none given. */
const vatNumberField = z.unknown().transform((v, ctx): string | undefined => {
  if (blank(v)) return undefined;
  if (typeof v === 'string' && !isSingleLineText(v)) return refuse(ctx, TEXT_MESSAGES.singleLine('VAT number'));
  const vat = typeof v === 'string' ? normalizeVatNumber(v) : null;
  if (vat === null) {
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.vatNumber(v) });
    return z.NEVER;
  }
  return vat;
});

/** A B-BBEE level: 1 to 8 (`3`, `level 3`, `L3`), or 0 for non-compliant; blank is none given. */
const bbeeLevelField = z.unknown().transform((v, ctx): number | undefined => {
  if (blank(v)) return undefined;
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (/^non[\s-]?compliant$/.test(text)) return 0;
  const m = /^(?:level\s*|l)?([1-8])$/.exec(text);
  if (!m || !(BBEE_LEVELS as readonly number[]).includes(Number(m[1]))) {
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.bbeeLevel(v) });
    return z.NEVER;
  }
  return Number(m[1]);
});

/** The evidence of a B-BBEE level: a (verification) certificate or a (sworn) affidavit; blank is none given. */
const bbeeEvidenceField = z.unknown().transform((v, ctx): BbeeEvidence | undefined => {
  if (blank(v)) return undefined;
  const text =
    typeof v === 'string'
      ? v
          .trim()
          .toLowerCase()
          .replace(/[\s_-]+/g, ' ')
      : '';
  if (text === 'certificate' || text === 'verification certificate') return 'certificate';
  if (text === 'affidavit' || text === 'sworn affidavit') return 'affidavit';
  ctx.addIssue({ code: 'custom', message: LINE_REASONS.bbeeEvidence(v) });
  return z.NEVER;
});

/** A calendar date, YYYY-MM-DD; blank is none given. */
const bbeeExpiresOnField = z.unknown().transform((v, ctx): string | undefined => {
  if (blank(v)) return undefined;
  const text = typeof v === 'string' ? v.trim() : '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.bbeeExpiresOn(v) });
    return z.NEVER;
  }
  return text;
});

const registeredAddressField = z
  .string({ error: LINE_REASONS.tooLong('Registered address', REGISTERED_ADDRESS_MAX) })
  .trim()
  .check(multiLine('Registered address'))
  .max(REGISTERED_ADDRESS_MAX, { error: LINE_REASONS.tooLong('Registered address', REGISTERED_ADDRESS_MAX) })
  .optional()
  .transform((a) => (a === undefined || a === '' ? undefined : a.replace(/\s*\n\s*/g, ', ')));

/**
 * What a line or an admin says of a supplier's VAT number, registered address and B-BBEE
 * standing, each undefined when not given (an import then keeps what is on file). A level from 1
 * to 8 needs its evidence and expiry; evidence or expiry need such a level.
 */
function complianceRule(
  c: { bbeeLevel?: number | undefined; bbeeEvidence?: BbeeEvidence | undefined; bbeeExpiresOn?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const hasLevel = c.bbeeLevel !== undefined && c.bbeeLevel > 0;
  if (hasLevel && (c.bbeeEvidence === undefined || c.bbeeExpiresOn === undefined))
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.bbeeIncomplete(c.bbeeLevel!) });
  if (!hasLevel && (c.bbeeEvidence !== undefined || c.bbeeExpiresOn !== undefined)) ctx.addIssue({ code: 'custom', message: LINE_REASONS.bbeeWithoutLevel() });
}

/**
 * A supplier line as an object (the admin supplier line): what a pipe-separated line or a
 * CSV row gives, by name. Rating defaults to 5, specialties and response time to none; the
 * category is an id or name (`sanitizers`, `Hygiene Products`), the location a city's name.
 * Parsed, the response time is whole hours (`responseTimeHours`). Each message is the reason a
 * bad line is refused with.
 *
 * @example
 * supplierLineSchema.parse({ name: 'Coastal Hygiene', email: 'sales@coastal.example', category: 'sanitizers', location: 'Durban', rating: '4.5', specialties: 'gel, refills', responseTime: '2d' });
 * // { name: 'Coastal Hygiene', email: 'sales@coastal.example', category: 'sanitizers', location: 'Durban', rating: 4.5, specialties: ['gel', 'refills'], responseTimeHours: 48 }
 */
export const supplierLineSchema = z
  .object({
    name: requiredText('Name', ADMIN_LIMITS.name),
    email: requiredText('E-mail', ADMIN_LIMITS.email).pipe(z.email({ error: (issue) => LINE_REASONS.email(issue.input) })),
    category: requiredText('Category', ADMIN_LIMITS.category),
    location: requiredText('Location', ADMIN_LIMITS.location),
    rating: ratingField,
    specialties: specialtiesField,
    responseTime: responseTimeField,
    vatNumber: vatNumberField.optional(),
    registeredAddress: registeredAddressField,
    bbeeLevel: bbeeLevelField.optional(),
    bbeeEvidence: bbeeEvidenceField.optional(),
    bbeeExpiresOn: bbeeExpiresOnField.optional(),
  })
  .superRefine(complianceRule)
  .transform(({ responseTime, ...line }) => ({ ...line, responseTimeHours: responseTime }));
/**
 * A supplier line after parsing.
 *
 * @example
 * const { rating, responseTimeHours }: SupplierLine = supplierLineSchema.parse(line);
 */
export type SupplierLine = z.output<typeof supplierLineSchema>;

/** Rand with at most two decimals (a comma may stand for the point), an optional leading R; in cents. */
const priceField = z.unknown().transform((v, ctx): number => {
  const cents =
    typeof v === 'number'
      ? Math.round(v * 100)
      : typeof v === 'string' && /^\s*R?\s*\d+(?:[.,]\d{1,2})?\s*$/i.test(v)
        ? Math.round(Number(v.trim().replace(/^R\s*/i, '').replace(',', '.')) * 100)
        : Number.NaN;
  if (!Number.isFinite(cents) || cents < 1 || cents > ADMIN_LIMITS.price * 100 || (typeof v === 'number' && Math.abs(v * 100 - cents) > 1e-6)) {
    ctx.addIssue({ code: 'custom', message: blank(v) ? LINE_REASONS.missing('Price') : LINE_REASONS.price(v) });
    return z.NEVER;
  }
  return cents;
});

const unitField = z.unknown().transform((v, ctx): string => {
  if (blank(v)) {
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.missing('Unit') });
    return z.NEVER;
  }
  if (typeof v === 'string' && !isSingleLineText(v.trim())) return refuse(ctx, TEXT_MESSAGES.singleLine('Unit'));
  const unit = typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '';
  if (!/^[A-Za-z]+(?: [A-Za-z]+)*$/.test(unit) || unit.length > ADMIN_LIMITS.unit) {
    ctx.addIssue({ code: 'custom', message: LINE_REASONS.unit(v) });
    return z.NEVER;
  }
  return unit;
});

const supplierIdField = z.unknown().transform((v, ctx): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    ctx.addIssue({ code: 'custom', message: blank(v) ? LINE_REASONS.missing('Supplier id') : LINE_REASONS.supplierId(v) });
    return z.NEVER;
  }
  return n;
});

/**
 * A product line as an object (the admin product line): a product a supplier sells, at a
 * price in rand per `unit`. Parsed, the price is in cents (`priceCents`). The category is an id
 * or name; the supplier must exist. Each message is the reason a bad line is refused with.
 *
 * @example
 * productLineSchema.parse({ name: 'Household Bleach', description: '', price: 'R18.50', unit: 'litres', category: 'cleaning-supplies', supplierId: '12' });
 * // { name: 'Household Bleach', description: '', priceCents: 1850, unit: 'litres', category: 'cleaning-supplies', supplierId: 12 }
 */
export const productLineSchema = z
  .object({
    name: requiredText('Name', ADMIN_LIMITS.name),
    description: z
      .string({ error: LINE_REASONS.tooLong('Description', ADMIN_LIMITS.description) })
      .trim()
      .check(multiLine('Description'))
      .max(ADMIN_LIMITS.description, { error: LINE_REASONS.tooLong('Description', ADMIN_LIMITS.description) })
      .optional()
      .transform((d) => d ?? ''),
    price: priceField,
    unit: unitField,
    category: requiredText('Category', ADMIN_LIMITS.category),
    supplierId: supplierIdField,
  })
  .transform(({ price, ...line }) => ({ ...line, priceCents: price }));
/**
 * A product line after parsing.
 *
 * @example
 * const { priceCents, supplierId }: ProductLine = productLineSchema.parse(line);
 */
export type ProductLine = z.output<typeof productLineSchema>;

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
  rating: z.number(),
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
 * const preview: SupplierPreviewLine = { line: 2, name: 'Coastal Hygiene', email: 'sales@coastal.example', category: 'sanitizers', categoryName: 'Sanitizers', city: 'Durban', rating: 4.5, specialties: [], responseTimeHours: 24, vatNumber: '4123456789', registeredAddress: null, bbeeLevel: 2, bbeeEvidence: 'certificate', bbeeExpiresOn: '2027-03-31', action: 'add', supplierId: null };
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
