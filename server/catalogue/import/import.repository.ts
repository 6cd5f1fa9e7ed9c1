import { sql, type Insertable, type Selectable } from 'kysely';
import { batches } from '../../db/batches';
import { newSlugs, takenSlugs } from '../../db/supplier-slugs';
import type { Dialect } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { CatalogueItemsTable, SuppliersTable } from '../../db/schema';

// The statements of a price-list import: reference data read, suppliers, catalogue items and
// offers written many rows to a statement. The scraper's approvals and the supplier workspace
// write through them too, so their suppliers and offers are stored as an imported one is.

/**
 * Serialises imports on PostgreSQL for the rest of the transaction, so two imports of the same new
 * e-mail cannot both add it (the unique index would refuse the second). SQLite runs one write
 * transaction at a time already.
 */
export async function lockImports(trx: Executor, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('procura.market-import'))`.execute(trx);
}

export async function allCategories(db: Executor) {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('sort_order').execute();
}

export async function allCities(db: Executor) {
  return db.selectFrom('cities').select(['id', 'name', 'province']).orderBy('sort_order').execute();
}

export type SupplierRow = Selectable<SuppliersTable>;

/** The suppliers with these e-mails, whatever their case (`emails` lower-cased). */
export async function suppliersByEmail(db: Executor, emails: string[]): Promise<SupplierRow[]> {
  const rows: SupplierRow[] = [];
  for (const batch of batches([...new Set(emails)])) {
    rows.push(...(await db.selectFrom('suppliers').selectAll().where(sql<string>`lower(email)`, 'in', batch).execute()));
  }
  return rows;
}

/** Adds suppliers, each with a public slug of its name; answers each one's id by its lower-cased e-mail. */
export async function insertSuppliers(trx: Executor, rows: Insertable<SuppliersTable>[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const slugs = newSlugs(
    rows.map((r) => r.name),
    await takenSlugs(trx),
  );
  for (const batch of batches(rows.map((r, i) => ({ ...r, slug: slugs[i]! })))) {
    for (const r of await trx.insertInto('suppliers').values(batch).returning(['id', 'email']).execute()) ids.set(r.email.toLowerCase(), r.id);
  }
  return ids;
}

/** Rewrites existing suppliers whole (rows carry their ids), many to a statement. */
export async function rewriteSuppliers(trx: Executor, rows: SupplierRow[]): Promise<void> {
  const excluded = (column: keyof SupplierRow) => sql.ref(`excluded.${column}`);
  for (const batch of batches(rows)) {
    await trx
      .insertInto('suppliers')
      .values(batch)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          name: excluded('name'),
          email: excluded('email'),
          home_city_id: excluded('home_city_id'),
          specialties: excluded('specialties'),
          response_time_hours: excluded('response_time_hours'),
          vat_number: excluded('vat_number'),
          registered_address: excluded('registered_address'),
          bbee_level: excluded('bbee_level'),
          bbee_evidence: excluded('bbee_evidence'),
          bbee_expires_on: excluded('bbee_expires_on'),
        } as never),
      )
      .execute();
  }
}

/** Gives suppliers a category with the given terms, unless they serve it already. */
export async function ensureSupplierCategories(
  trx: Executor,
  rows: { supplier_id: number; category_id: string; capacity_units: number; minimum_order_quantity: number; price_factor: number }[],
): Promise<void> {
  for (const batch of batches(rows)) {
    await trx
      .insertInto('supplier_categories')
      .values(batch)
      .onConflict((oc) => oc.columns(['supplier_id', 'category_id']).doNothing())
      .execute();
  }
}

/** Has suppliers deliver to a city, unless they do already. */
export async function ensureCityCoverage(trx: Executor, rows: { supplier_id: number; area: string; lead_days: number }[]): Promise<void> {
  for (const batch of batches(rows)) {
    await trx
      .insertInto('supplier_coverage')
      .values(batch.map((r) => ({ ...r, scope: 'city' as const })))
      .onConflict((oc) => oc.columns(['supplier_id', 'scope', 'area']).doNothing())
      .execute();
  }
}

/** What a product line needs of its supplier: name, and how soon it delivers in its home city. */
export async function suppliersForProducts(db: Executor, ids: number[]) {
  const rows: { id: number; name: string; home_city_id: string; dispatch_days: number; home_lead_days: number | null }[] = [];
  for (const batch of batches([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom('suppliers as s')
        .leftJoin('supplier_coverage as c', (join) =>
          join.onRef('c.supplier_id', '=', 's.id').on('c.scope', '=', 'city').onRef('c.area', '=', 's.home_city_id'),
        )
        .select(['s.id', 's.name', 's.home_city_id', 's.dispatch_days', 'c.lead_days as home_lead_days'])
        .where('s.id', 'in', batch)
        .execute()),
    );
  }
  return rows;
}

export async function allCatalogueItems(db: Executor) {
  return db
    .selectFrom('catalogue_items')
    .select(['id', 'name', 'unit', 'unit_quantity', 'unit_description', 'category_id', 'sort_order'])
    .orderBy('sort_order')
    .execute();
}

/** The (supplier, item) pairs already offered by these suppliers. */
export async function offeredPairs(db: Executor, supplierIds: number[]): Promise<Set<string>> {
  const pairs = new Set<string>();
  for (const batch of batches([...new Set(supplierIds)])) {
    const rows = await db.selectFrom('offers').select(['supplier_id', 'catalogue_item_id']).where('supplier_id', 'in', batch).execute();
    for (const r of rows) pairs.add(offerKey(r.supplier_id, r.catalogue_item_id));
  }
  return pairs;
}

export const offerKey = (supplierId: number, itemId: string) => `${supplierId}\u0000${itemId}`;

export async function insertCatalogueItems(trx: Executor, rows: Insertable<CatalogueItemsTable>[]): Promise<void> {
  for (const batch of batches(rows)) await trx.insertInto('catalogue_items').values(batch).execute();
}

/**
 * Sets each supplier's list price for each item: a new offer (minimum order 1), or a new price
 * for one it has (its minimum order kept). The import gives no volume tiers, so an offer's old
 * tiers, priced from the old list price, are dropped.
 */
export async function upsertOffers(trx: Executor, rows: { supplier_id: number; catalogue_item_id: string; unit_price_cents: number }[]): Promise<void> {
  for (const batch of batches(rows)) {
    await trx
      .insertInto('offers')
      .values(batch.map((r) => ({ ...r, minimum_order_quantity: 1, tiers: '[]' })))
      .onConflict((oc) =>
        oc.columns(['supplier_id', 'catalogue_item_id']).doUpdateSet({ unit_price_cents: sql.ref('excluded.unit_price_cents'), tiers: '[]' } as never),
      )
      .execute();
  }
}

/** Dates the price lists of these suppliers. */
export async function datePriceLists(trx: Executor, supplierIds: number[], date: string): Promise<void> {
  for (const batch of batches([...new Set(supplierIds)])) {
    await trx.updateTable('suppliers').set({ price_list_date: date }).where('id', 'in', batch).execute();
  }
}
