// Kept whole: reading, planning and applying an import share the plan types, which nothing else
// uses.
import type { Insertable } from 'kysely';
import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '../../contract/schemas/admin';
import {
  LINE_REASONS,
  productLineSchema,
  supplierLineSchema,
  type BulkImportResult,
  type InvalidLine,
  type ProductImportResult,
  type ProductLine,
  type ProductPreviewLine,
  type SupplierImportResult,
  type SupplierLine,
  type SupplierPreviewLine,
} from '../../contract/schemas/imports';
import type { AuditAction } from '../../contract/schemas/audit';
import { isHeaderLine, readBulkText, readPipeLine, type BulkKind } from '../../contract/bulk-text';
import { centsToRand, joinWords } from '../../sdk/format';
import { singularUnit } from '../../sdk/rules';
import { marketChanged } from '../catalogue/market-store';
import type { Executor } from '../db/executor';
import type { CatalogueItemsTable, SuppliersTable } from '../db/schema';
import { normalizePhrase } from '../domain/text';
import { canonicalUnit, convertibleUnits } from '../domain/units';
import { ApiError } from '../errors';
import { recordAudit } from '../staff/audit.service';
import * as repo from './admin.repository';
import type { AdminDeps } from './admin.service';

// Bulk imports of suppliers and products: the lines read and checked against the catalogue, a
// preview (dry run) or one transaction that applies them all, audited.

/**
 * The terms an imported supplier starts on, where a line says nothing (docs/quoting.md, "Imported
 * suppliers"). Nothing here claims a track record: the on-time rate stays unknown (null) until
 * Procura has one, and an import never marks a supplier verified.
 */
export const IMPORT_DEFAULTS = {
  /** Per category: the largest order quoted, in the product's unit; the regional suppliers' scale. */
  capacityUnits: 1_000,
  minimumOrderQuantity: 1,
  /** Category pricing for products not on its list: the market estimate as it is. */
  priceFactor: 1,
  /** Delivery in its home city: days after dispatch. */
  cityLeadDays: 1,
  /** Days to dispatch an order. */
  dispatchDays: 1,
  /** Days a quote stays valid: the shortest any supplier offers. */
  validityDays: 7,
  paymentTerms: 'To be agreed with the supplier',
} as const;

type RawLine = { line: number; kind: BulkKind; values: unknown } | { line: number; kind: BulkKind | null; reason: string };

/** The lines of an import call: item `i` is line `firstLine + i`; blank lines and a header are skipped. */
function readItems(items: (string | Record<string, unknown>)[], kind: BulkKind, firstLine: number): RawLine[] {
  const lines: RawLine[] = [];
  items.forEach((item, i) => {
    const line = firstLine + i;
    if (typeof item !== 'string') {
      lines.push({ line, kind, values: item });
      return;
    }
    if (isHeaderLine(item)) return;
    const read = readPipeLine(item, kind, line);
    if (read) lines.push(read);
  });
  return lines;
}

function slugKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Category {
  id: string;
  name: string;
}
interface City {
  id: string;
  name: string;
}

/** Categories by id or name, cities by id, name or full name ('Durban, KwaZulu-Natal'), all as slugs. */
export async function reference(db: Executor) {
  const [categories, cities] = await Promise.all([repo.allCategories(db), repo.allCities(db)]);
  const categoryByKey = new Map<string, Category>();
  for (const c of categories) {
    categoryByKey.set(slugKey(c.id), c);
    categoryByKey.set(slugKey(c.name), c);
  }
  const cityByKey = new Map<string, City>();
  for (const c of cities) {
    for (const key of [c.id, c.name, `${c.name}, ${c.province}`]) cityByKey.set(slugKey(key), { id: c.id, name: c.name });
  }
  return { category: (text: string) => categoryByKey.get(slugKey(text)), city: (text: string) => cityByKey.get(slugKey(text)) };
}
type Reference = Awaited<ReturnType<typeof reference>>;

/**
 * A line checked field by field, so a line with several faults is told every one: each field's
 * fault (its own check's, or one set after, such as an unknown category) in the order of the
 * line's fields, then the line's own.
 */
function checkLine<Shape extends z.ZodRawShape, Out>(schema: z.ZodPipe<z.ZodObject<Shape>, z.ZodType<Out>>, values: unknown) {
  const isObject = typeof values === 'object' && values !== null && !Array.isArray(values);
  const fields = isObject ? (values as Record<string, unknown>) : {};
  const order = ['', ...Object.keys(schema.in.shape)];
  const checked = new Map(order.slice(1).map((field) => [field, z.safeParse(schema.in.shape[field]!, fields[field])]));
  const faults = new Map<string, string>();
  if (!isObject) faults.set('', ADMIN_MESSAGES.invalidFormat);
  for (const [field, result] of checked) if (!result.success) faults.set(field, result.error.issues[0]?.message ?? ADMIN_MESSAGES.invalidFormat);
  const whole = faults.size === 0 ? schema.safeParse(values) : null;
  if (whole && !whole.success) faults.set('', whole.error.issues[0]?.message ?? ADMIN_MESSAGES.invalidFormat);
  return {
    data: whole?.success ? whole.data : undefined,
    faults,
    /** A field's value, when its own check passed. */
    value<K extends keyof Shape & string>(field: K): z.output<Shape[K]> | undefined {
      const result = checked.get(field)!;
      return result.success ? (result.data as z.output<Shape[K]>) : undefined;
    },
    /** Every fault, joined; null when there is none. */
    reason(lineFaults: string[] = []): string | null {
      const all = [...[...faults].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([, message]) => message), ...lineFaults];
      return all.length === 0 ? null : all.join('; ');
    },
  };
}

interface SupplierPlan {
  line: number;
  input: SupplierLine;
  category: Category;
  city: City;
  existing: repo.SupplierRow | null;
}

async function planSuppliers(db: Executor, lines: RawLine[], ref: Reference): Promise<{ plans: SupplierPlan[]; invalid: InvalidLine[] }> {
  const invalid: InvalidLine[] = [];
  const read: Omit<SupplierPlan, 'existing'>[] = [];
  const emailLine = new Map<string, number>();
  for (const raw of lines) {
    if ('reason' in raw) {
      invalid.push({ line: raw.line, reason: raw.reason });
      continue;
    }
    const checked = checkLine(supplierLineSchema, raw.values);
    const categoryText = checked.value('category');
    const category = categoryText === undefined ? undefined : ref.category(categoryText);
    if (categoryText !== undefined && !category) checked.faults.set('category', LINE_REASONS.unknownCategory(categoryText));
    const location = checked.value('location');
    const city = location === undefined ? undefined : ref.city(location);
    if (location !== undefined && !city) checked.faults.set('location', LINE_REASONS.unknownCity(location));
    const email = checked.value('email')?.toLowerCase();
    const seen = email === undefined ? undefined : emailLine.get(email);
    const reason = checked.reason(seen === undefined ? [] : [LINE_REASONS.duplicateEmail(seen)]);
    if (reason !== null || !checked.data) {
      invalid.push({ line: raw.line, reason: reason ?? ADMIN_MESSAGES.invalidFormat });
      continue;
    }
    emailLine.set(email!, raw.line);
    read.push({ line: raw.line, input: checked.data, category: category!, city: city! });
  }
  const existing = new Map(
    (
      await repo.suppliersByEmail(
        db,
        read.map((p) => p.input.email.toLowerCase()),
      )
    ).map((r) => [r.email.toLowerCase(), r]),
  );
  return { plans: read.map((p) => ({ ...p, existing: existing.get(p.input.email.toLowerCase()) ?? null })), invalid };
}

function supplierPreview(p: SupplierPlan): SupplierPreviewLine {
  return {
    line: p.line,
    name: p.input.name,
    email: p.input.email,
    category: p.category.id,
    categoryName: p.category.name,
    city: p.city.name,
    rating: p.input.rating,
    specialties: p.input.specialties,
    responseTimeHours: p.input.responseTimeHours,
    vatNumber: p.input.vatNumber ?? null,
    registeredAddress: p.input.registeredAddress ?? null,
    bbeeLevel: p.input.bbeeLevel ?? null,
    bbeeEvidence: p.input.bbeeEvidence ?? null,
    bbeeExpiresOn: p.input.bbeeExpiresOn ?? null,
    action: p.existing ? 'update' : 'add',
    supplierId: p.existing?.id ?? null,
  };
}

/**
 * The VAT number, registered address and B-BBEE standing a line gives, over what is on file: a
 * field the line leaves blank keeps its value; a level replaces the evidence and expiry with its own.
 */
function complianceColumns(line: SupplierLine, existing: repo.SupplierRow | null) {
  const level = line.bbeeLevel;
  return {
    vat_number: line.vatNumber ?? existing?.vat_number ?? null,
    registered_address: line.registeredAddress ?? existing?.registered_address ?? null,
    bbee_level: level ?? existing?.bbee_level ?? null,
    bbee_evidence: level === undefined ? (existing?.bbee_evidence ?? null) : (line.bbeeEvidence ?? null),
    bbee_expires_on: level === undefined ? (existing?.bbee_expires_on ?? null) : (line.bbeeExpiresOn ?? null),
  };
}

/**
 * Adds the new suppliers and rewrites the ones whose e-mail exists (name, e-mail, home city,
 * rating, specialties, response time, and the VAT number, address and B-BBEE standing the line
 * gives; their verification, record and terms stay), then has each serve its category and
 * deliver in its home city.
 */
async function applySuppliers(trx: Executor, plans: SupplierPlan[], now: Date): Promise<{ added: number; updated: number }> {
  const created = now.toISOString();
  const today = created.slice(0, 10);
  const fresh = plans.filter((p) => !p.existing);
  const ids = await repo.insertSuppliers(
    trx,
    fresh.map(
      (p): Insertable<SuppliersTable> => ({
        name: p.input.name,
        contact_person: '',
        email: p.input.email,
        phone: '',
        home_city_id: p.city.id,
        verified: 0,
        rating: p.input.rating,
        on_time_rate: null,
        response_time_hours: p.input.responseTimeHours,
        dispatch_days: IMPORT_DEFAULTS.dispatchDays,
        payment_terms: IMPORT_DEFAULTS.paymentTerms,
        validity_days: IMPORT_DEFAULTS.validityDays,
        price_list_date: today,
        created_at: created,
        specialties: JSON.stringify(p.input.specialties),
        ...complianceColumns(p.input, null),
      }),
    ),
  );
  const known = plans.filter((p) => p.existing);
  await repo.rewriteSuppliers(
    trx,
    known.map((p) => ({
      ...p.existing!,
      name: p.input.name,
      email: p.input.email,
      home_city_id: p.city.id,
      rating: p.input.rating,
      specialties: JSON.stringify(p.input.specialties),
      response_time_hours: p.input.responseTimeHours,
      ...complianceColumns(p.input, p.existing),
    })),
  );
  const idOf = (p: SupplierPlan) => p.existing?.id ?? ids.get(p.input.email.toLowerCase())!;
  await repo.ensureSupplierCategories(
    trx,
    plans.map((p) => ({
      supplier_id: idOf(p),
      category_id: p.category.id,
      capacity_units: IMPORT_DEFAULTS.capacityUnits,
      minimum_order_quantity: IMPORT_DEFAULTS.minimumOrderQuantity,
      price_factor: IMPORT_DEFAULTS.priceFactor,
    })),
  );
  await repo.ensureCityCoverage(
    trx,
    plans.map((p) => ({ supplier_id: idOf(p), area: p.city.id, lead_days: IMPORT_DEFAULTS.cityLeadDays })),
  );
  return { added: fresh.length, updated: known.length };
}

type ItemRow = Awaited<ReturnType<typeof repo.allCatalogueItems>>[number];
type SupplierForProducts = Awaited<ReturnType<typeof repo.suppliersForProducts>>[number];

/** A catalogue item a product line is priced as: one that exists, or one the import adds (no id yet). */
interface ItemTarget {
  key: string;
  id: string | null;
  name: string;
  description: string;
  unit: string;
  categoryId: string;
  units: Map<string, number>;
}

interface ProductPlan {
  line: number;
  input: ProductLine;
  category: Category;
  supplier: SupplierForProducts;
  item: ItemTarget;
  unitPriceCents: number;
  exists: boolean;
}

const itemKey = (categoryId: string, name: string) => `${categoryId}\u0000${normalizePhrase(name)}`;

/** 'litres, ml or containers' */
function unitList(units: Map<string, number>): string {
  const names = [...units.keys()];
  return joinWords(names, 'or');
}

export async function planProducts(db: Executor, lines: RawLine[], ref: Reference): Promise<{ plans: ProductPlan[]; invalid: InvalidLine[] }> {
  const invalid: InvalidLine[] = [];
  const checked: {
    line: number;
    check: ReturnType<typeof checkLine<typeof productLineSchema.in.shape, ProductLine>>;
    category: Category | undefined;
    supplierId: number | undefined;
  }[] = [];
  for (const raw of lines) {
    if ('reason' in raw) {
      invalid.push({ line: raw.line, reason: raw.reason });
      continue;
    }
    const check = checkLine(productLineSchema, raw.values);
    const categoryText = check.value('category');
    const category = categoryText === undefined ? undefined : ref.category(categoryText);
    if (categoryText !== undefined && !category) check.faults.set('category', LINE_REASONS.unknownCategory(categoryText));
    checked.push({ line: raw.line, check, category, supplierId: check.value('supplierId') });
  }
  if (checked.length === 0) return { plans: [], invalid };

  const [suppliers, items] = await Promise.all([
    repo.suppliersForProducts(
      db,
      checked.flatMap((c) => (c.supplierId === undefined ? [] : [c.supplierId])),
    ),
    repo.allCatalogueItems(db),
  ]);
  const supplierById = new Map(suppliers.map((s) => [s.id, s]));
  const itemByKey = new Map<string, ItemTarget>();
  for (const i of items as ItemRow[]) {
    itemByKey.set(itemKey(i.category_id, i.name), {
      key: itemKey(i.category_id, i.name),
      id: i.id,
      name: i.name,
      description: '',
      unit: i.unit,
      categoryId: i.category_id,
      units: convertibleUnits({ unit: i.unit, unitQuantity: i.unit_quantity, unitDescription: i.unit_description }),
    });
  }
  const offered = await repo.offeredPairs(db, [...supplierById.keys()]);
  const pairLine = new Map<string, number>();
  const plans: ProductPlan[] = [];
  for (const { line, check, category, supplierId } of checked) {
    const supplier = supplierId === undefined ? undefined : supplierById.get(supplierId);
    if (supplierId !== undefined && !supplier) check.faults.set('supplierId', LINE_REASONS.unknownSupplier(supplierId));
    const input = check.data;
    // A product no catalogue item of its category names becomes one, in the unit its first good line gives.
    const key = input && category ? itemKey(category.id, input.name) : null;
    const item =
      key === null || !input || !category
        ? null
        : (itemByKey.get(key) ??
          (() => {
            const unit = canonicalUnit(input.unit);
            return {
              key,
              id: null,
              name: input.name,
              description: input.description,
              unit,
              categoryId: category.id,
              units: convertibleUnits({ unit, unitQuantity: null, unitDescription: '' }),
            };
          })());
    const factor = item && input ? item.units.get(canonicalUnit(input.unit)) : undefined;
    const unitPriceCents = factor === undefined || !input ? 0 : Math.round(input.priceCents / factor);
    if (item && input) {
      if (factor === undefined) check.faults.set('unit', LINE_REASONS.unitMismatch(item.name, unitList(item.units), input.unit));
      else if (unitPriceCents < 1) check.faults.set('price', LINE_REASONS.price(input.priceCents / 100));
    }
    const pair = supplier && item ? `${supplier.id}\u0000${item.key}` : null;
    const reason = check.reason(pair !== null && pairLine.has(pair) ? [LINE_REASONS.duplicateProduct(pairLine.get(pair)!)] : []);
    if (reason !== null || !input || !category || !supplier || !item || pair === null) {
      invalid.push({ line, reason: reason ?? ADMIN_MESSAGES.invalidFormat });
      continue;
    }
    itemByKey.set(item.key, item);
    pairLine.set(pair, line);
    plans.push({
      line,
      input,
      category,
      supplier,
      item,
      unitPriceCents,
      exists: item.id !== null && offered.has(repo.offerKey(supplier.id, item.id)),
    });
  }
  return { plans, invalid };
}

function productPreview(p: ProductPlan): ProductPreviewLine {
  return {
    line: p.line,
    name: p.input.name,
    description: p.input.description,
    price: centsToRand(p.input.priceCents),
    unit: p.input.unit,
    category: p.category.id,
    categoryName: p.category.name,
    supplierId: p.supplier.id,
    supplierName: p.supplier.name,
    catalogueItemId: p.item.id,
    catalogueItemName: p.item.name,
    newItem: p.item.id === null,
    unitPrice: centsToRand(p.unitPriceCents),
    itemUnit: p.item.unit,
    action: p.exists ? 'update' : 'add',
  };
}

function itemId(name: string, taken: Set<string>): string {
  const base = slugKey(name).slice(0, 60).replace(/-$/, '') || 'product';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * Adds the catalogue items the lines name for the first time, sets each supplier's price for each
 * item, has each supplier serve the item's category, and dates their price lists today.
 */
export async function applyProducts(trx: Executor, plans: ProductPlan[], now: Date): Promise<{ added: number; updated: number }> {
  if (plans.length === 0) return { added: 0, updated: 0 };
  const items = await repo.allCatalogueItems(trx);
  const taken = new Set(items.map((i) => i.id));
  let sortOrder = items.reduce((max, i) => Math.max(max, i.sort_order), -1);
  const newItems: Insertable<CatalogueItemsTable>[] = [];
  for (const p of plans) {
    if (p.item.id !== null) continue;
    p.item.id = itemId(p.item.name, taken);
    // The first supplier's lead time in its home city: dispatch and delivery days, then a day's band.
    const lead = Math.max(1, p.supplier.dispatch_days + (p.supplier.home_lead_days ?? IMPORT_DEFAULTS.cityLeadDays));
    newItems.push({
      id: p.item.id,
      name: p.item.name,
      description: p.item.description,
      unit: p.item.unit,
      category_id: p.item.categoryId,
      reference_price_cents: p.unitPriceCents,
      avg_delivery: `${lead}-${lead + 1} days`,
      unit_quantity: null,
      unit_description: `per ${singularUnit(p.item.unit)}`,
      keywords: JSON.stringify([p.item.name.toLowerCase()]),
      sort_order: ++sortOrder,
    });
  }
  await repo.insertCatalogueItems(trx, newItems);
  await repo.upsertOffers(
    trx,
    plans.map((p) => ({ supplier_id: p.supplier.id, catalogue_item_id: p.item.id!, unit_price_cents: p.unitPriceCents })),
  );
  await repo.ensureSupplierCategories(
    trx,
    plans.map((p) => ({
      supplier_id: p.supplier.id,
      category_id: p.category.id,
      capacity_units: IMPORT_DEFAULTS.capacityUnits,
      minimum_order_quantity: IMPORT_DEFAULTS.minimumOrderQuantity,
      price_factor: IMPORT_DEFAULTS.priceFactor,
    })),
  );
  await repo.datePriceLists(
    trx,
    plans.map((p) => p.supplier.id),
    now.toISOString().slice(0, 10),
  );
  const updated = plans.filter((p) => p.exists).length;
  return { added: plans.length - updated, updated };
}

/** The one answer to an import with a bad line: every bad line with its number and reason. */
export function invalidLinesError(lines: InvalidLine[]): ApiError {
  return new ApiError(400, 'invalid_lines', ADMIN_MESSAGES.invalidFormat, { lines });
}

interface Planned {
  suppliers: SupplierPlan[];
  products: ProductPlan[];
  invalid: InvalidLine[];
}

async function plan(db: Executor, lines: RawLine[]): Promise<Planned> {
  const ref = await reference(db);
  const kindless = lines.filter((l): l is Extract<RawLine, { reason: string }> => l.kind === null);
  const s = await planSuppliers(
    db,
    lines.filter((l) => l.kind === 'supplier'),
    ref,
  );
  const p = await planProducts(
    db,
    lines.filter((l) => l.kind === 'product'),
    ref,
  );
  const invalid = [...kindless.map(({ line, reason }) => ({ line, reason })), ...s.invalid, ...p.invalid].sort((a, b) => a.line - b.line);
  return { suppliers: s.plans, products: p.plans, invalid };
}

interface Counts {
  suppliers: { added: number; updated: number };
  products: { added: number; updated: number };
}

/**
 * Imports lines in one transaction: all or none. Every line is checked first; any bad line
 * answers 400 `invalid_lines` naming each. Market data changes bump the market revision in the
 * same transaction (every server process reloads), the write is audited in it too, and this
 * process's snapshot is dropped at once, so the next quote request sees the new suppliers.
 */
async function importLines(
  deps: AdminDeps,
  staffId: number,
  lines: RawLine[],
  action: Extract<AuditAction, 'suppliers.import' | 'products.import' | 'bulk.import'>,
): Promise<Counts> {
  const now = new Date(deps.clock());
  const { database } = deps;
  const counts = await database.db.transaction().execute(async (trx) => {
    await repo.lockImports(trx, database.dialect);
    const planned = await plan(trx, lines);
    if (planned.invalid.length > 0) throw invalidLinesError(planned.invalid);
    const suppliers = await applySuppliers(trx, planned.suppliers, now);
    const products = await applyProducts(trx, planned.products, now);
    await marketChanged(trx);
    const rows = lines.length;
    await recordAudit(trx, { staffId, action, rows, detail: auditDetail({ suppliers, products }) }, now.toISOString());
    return { suppliers, products };
  });
  deps.market.invalidate();
  return counts;
}

function auditDetail({ suppliers, products }: Counts): string {
  const n = (count: number) => count.toLocaleString('en-US');
  const parts: string[] = [];
  if (suppliers.added + suppliers.updated > 0) parts.push(`suppliers: ${n(suppliers.added)} added, ${n(suppliers.updated)} updated`);
  if (products.added + products.updated > 0) parts.push(`products: ${n(products.added)} added, ${n(products.updated)} updated`);
  return parts.join('; ');
}

export function checkSize(lines: RawLine[]): void {
  if (lines.length === 0) throw new ApiError(400, 'no_lines', ADMIN_MESSAGES.noLines);
  if (lines.length > ADMIN_LIMITS.maxLines) throw new ApiError(400, 'too_many_lines', ADMIN_MESSAGES.tooManyLines);
}

/** `POST /api/admin/suppliers`. */
export async function importSuppliers(
  deps: AdminDeps,
  staffId: number,
  input: { suppliers: (string | Record<string, unknown>)[]; dryRun: boolean; firstLine: number },
): Promise<SupplierImportResult> {
  const lines = readItems(input.suppliers, 'supplier', input.firstLine);
  checkSize(lines);
  if (input.dryRun) {
    const planned = await plan(deps.database.db, lines);
    const lineCounts = count(planned.suppliers.map((p) => Boolean(p.existing)));
    return { dryRun: true, ...lineCounts, lines: planned.suppliers.map(supplierPreview), invalidLines: planned.invalid };
  }
  const { suppliers } = await importLines(deps, staffId, lines, 'suppliers.import');
  return { dryRun: false, ...suppliers };
}

/** `POST /api/admin/products`. */
export async function importProducts(
  deps: AdminDeps,
  staffId: number,
  input: { products: (string | Record<string, unknown>)[]; dryRun: boolean; firstLine: number },
): Promise<ProductImportResult> {
  const lines = readItems(input.products, 'product', input.firstLine);
  checkSize(lines);
  if (input.dryRun) {
    const planned = await plan(deps.database.db, lines);
    return { dryRun: true, ...count(planned.products.map((p) => p.exists)), lines: planned.products.map(productPreview), invalidLines: planned.invalid };
  }
  const { products } = await importLines(deps, staffId, lines, 'products.import');
  return { dryRun: false, ...products };
}

/**
 * `POST /api/admin/bulk-import`: mixed text, each pipe-separated line a supplier (7 fields) or a
 * product (6 fields), or a CSV whose header names one kind's columns. Suppliers are written first.
 */
export async function bulkImport(deps: AdminDeps, staffId: number, input: { data: string; dryRun: boolean }): Promise<BulkImportResult> {
  const lines: RawLine[] = readBulkText(input.data, 'mixed');
  checkSize(lines);
  if (input.dryRun) {
    const planned = await plan(deps.database.db, lines);
    const previews = [
      ...planned.suppliers.map((p) => ({ kind: 'supplier' as const, ...supplierPreview(p) })),
      ...planned.products.map((p) => ({ kind: 'product' as const, ...productPreview(p) })),
    ].sort((a, b) => a.line - b.line);
    return {
      dryRun: true,
      suppliers: count(planned.suppliers.map((p) => Boolean(p.existing))),
      products: count(planned.products.map((p) => p.exists)),
      lines: previews,
      invalidLines: planned.invalid,
    };
  }
  return { dryRun: false, ...(await importLines(deps, staffId, lines, 'bulk.import')) };
}

function count(exists: boolean[]): { added: number; updated: number } {
  const updated = exists.filter(Boolean).length;
  return { added: exists.length - updated, updated };
}
