import type { Insertable } from 'kysely';
import type { SupplierLine } from '../../../contract/schemas/imports';
import { singularUnit } from '../../../sdk/rules';
import type { Executor } from '../../db/executor';
import type { CatalogueItemsTable, SuppliersTable } from '../../db/schema';
import { slugKey } from './lines';
import type { ProductPlan } from './plan-products';
import type { SupplierPlan } from './plan-suppliers';
import * as repo from './import.repository';

// Applying planned lines inside the import's transaction: suppliers added or rewritten, catalogue
// items added, offers priced, categories and home cities served, price lists dated.

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
 * specialties, response time, and the VAT number, address and B-BBEE standing the line
 * gives; their verification, record and terms stay), then has each serve its category and
 * deliver in its home city.
 */
export async function applySuppliers(trx: Executor, plans: SupplierPlan[], now: Date): Promise<{ added: number; updated: number }> {
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
