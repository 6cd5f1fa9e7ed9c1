// Kept whole: the import's line fields and the reasons a line is refused are one contract; each
// line schema here uses the field readers above it.
import { z } from 'zod';
import { normalizeVatNumber } from '../../sdk/order-rules';
import { BBEE_LEVELS, type BbeeEvidence } from '../../sdk/bbee';
import { multiLine, singleLine } from '../../sdk/schemas/text';
import { TEXT_MESSAGES, isSingleLineText } from '../../sdk/text';
import { ADMIN_LIMITS } from './admin';
import { REGISTERED_ADDRESS_MAX, STANDING_MESSAGES } from './compliance';

/**
 * Bulk imports of suppliers and products: the admin supplier and product lines with the bulk
 * line rules and the reasons a line is refused. The calls that carry the lines, and their
 * previews and results, are in import-calls.ts. Staff calls: not part of the published package.
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
