import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { containsText } from '../db/contains-text';
import type { CatalogueItemsTable, DB, SuppliersTable } from '../db/schema';
import type { Executor } from '../db/executor';
import type { Dialect } from '../db/database';

/**
 * Rows per statement of an import. A supplier row binds 21 values, so a batch stays far below
 * SQLite's 32,766 bound parameters and PostgreSQL's 65,535.
 */
const BATCH = 500;

function batches<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

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

/** Adds suppliers; answers each one's id by its lower-cased e-mail. */
export async function insertSuppliers(trx: Executor, rows: Insertable<SuppliersTable>[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of batches(rows)) {
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
          rating: excluded('rating'),
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

/** A page of suppliers, newest first, whose name, e-mail or city contains `q`; with the total. */
export async function supplierPage(db: Kysely<DB>, { q, limit, offset }: { q?: string; limit: number; offset: number }) {
  let base = db.selectFrom('suppliers as s').innerJoin('cities as c', 'c.id', 's.home_city_id');
  if (q) {
    base = base.where((eb) => eb.or([containsText('s.name', q), containsText('s.email', q), containsText('c.name', q)]));
  }
  const [rows, total] = await Promise.all([
    base.select(supplierColumns).orderBy('s.id', 'desc').limit(limit).offset(offset).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

const supplierColumns = [
  's.id',
  's.name',
  's.email',
  'c.name as city',
  's.rating',
  's.verified',
  's.on_time_rate',
  's.specialties',
  's.response_time_hours',
  's.price_list_date',
  's.created_at',
  's.vat_number',
  's.registered_address',
  's.bbee_level',
  's.bbee_evidence',
  's.bbee_expires_on',
  sql<number>`(select count(*) from offers o where o.supplier_id = s.id)`.as('products'),
] as const;

export type SupplierListRow = Awaited<ReturnType<typeof supplierPage>>['rows'][number];

/** One supplier as the list shows it. */
export async function supplierListRow(db: Executor, id: number): Promise<SupplierListRow | undefined> {
  return db.selectFrom('suppliers as s').innerJoin('cities as c', 'c.id', 's.home_city_id').select(supplierColumns).where('s.id', '=', id).executeTakeFirst();
}

/** Suppliers after `afterId`, by id, as the CSV export reads them. */
export async function suppliersAfter(db: Kysely<DB>, afterId: number, limit: number): Promise<SupplierListRow[]> {
  return db
    .selectFrom('suppliers as s')
    .innerJoin('cities as c', 'c.id', 's.home_city_id')
    .select(supplierColumns)
    .where('s.id', '>', afterId)
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/** The names of the categories each supplier serves, in the categories' order. */
/** The names of the suppliers of `supplierIds` that exist, by id. */
export async function supplierNames(db: Executor, supplierIds: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const batch of batches(supplierIds)) {
    const rows = await db.selectFrom('suppliers').select(['id', 'name']).where('id', 'in', batch).execute();
    for (const r of rows) names.set(r.id, r.name);
  }
  return names;
}

export async function supplierCategoryNames(db: Executor, supplierIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  for (const batch of batches(supplierIds)) {
    const rows = await db
      .selectFrom('supplier_categories as sc')
      .innerJoin('categories as c', 'c.id', 'sc.category_id')
      .select(['sc.supplier_id', 'c.name'])
      .where('sc.supplier_id', 'in', batch)
      .orderBy('c.sort_order')
      .execute();
    for (const r of rows) names.set(r.supplier_id, [...(names.get(r.supplier_id) ?? []), r.name]);
  }
  return names;
}

const productColumns = [
  'o.id',
  'i.name',
  'i.description',
  'o.unit_price_cents',
  'i.unit',
  'i.category_id',
  'cat.name as category_name',
  'i.id as catalogue_item_id',
  's.id as supplier_id',
  's.name as supplier_name',
] as const;

function productsFrom(db: Kysely<DB>) {
  return db
    .selectFrom('offers as o')
    .innerJoin('catalogue_items as i', 'i.id', 'o.catalogue_item_id')
    .innerJoin('categories as cat', 'cat.id', 'i.category_id')
    .innerJoin('suppliers as s', 's.id', 'o.supplier_id');
}

/** A page of products (offers), newest first, whose product, supplier or category name contains `q`; with the total. */
export async function productPage(db: Kysely<DB>, { q, limit, offset }: { q?: string; limit: number; offset: number }) {
  let base = productsFrom(db);
  if (q) {
    base = base.where((eb) => eb.or([containsText('i.name', q), containsText('s.name', q), containsText('cat.name', q)]));
  }
  const [rows, total] = await Promise.all([
    base.select(productColumns).orderBy('o.id', 'desc').limit(limit).offset(offset).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export type ProductListRow = Awaited<ReturnType<typeof productPage>>['rows'][number];

/** Products (offers) after `afterId`, by id, as the CSV export reads them. */
export async function productsAfter(db: Kysely<DB>, afterId: number, limit: number): Promise<ProductListRow[]> {
  return productsFrom(db).select(productColumns).where('o.id', '>', afterId).orderBy('o.id').limit(limit).execute();
}

/** A supplier's standing as an admin changes it: each field given is set, null clearing it. */
export interface StandingChange {
  verified?: boolean | undefined;
  rating?: number | undefined;
  vatNumber?: string | null | undefined;
  registeredAddress?: string | null | undefined;
  /** 1-8, 0 for non-compliant, null for none on file; evidence and expiry go with it. */
  bbeeLevel?: number | null | undefined;
  bbeeEvidence?: string | undefined;
  bbeeExpiresOn?: string | undefined;
}

/** Sets a supplier's standing; answers whether it exists. */
export async function updateStanding(trx: Executor, id: number, standing: StandingChange): Promise<boolean> {
  const set: Updateable<SuppliersTable> = {};
  if (standing.verified !== undefined) set.verified = standing.verified ? 1 : 0;
  if (standing.rating !== undefined) set.rating = standing.rating;
  if (standing.vatNumber !== undefined) set.vat_number = standing.vatNumber;
  if (standing.registeredAddress !== undefined) set.registered_address = standing.registeredAddress;
  if (standing.bbeeLevel !== undefined) {
    set.bbee_level = standing.bbeeLevel;
    set.bbee_evidence = standing.bbeeLevel !== null && standing.bbeeLevel > 0 ? (standing.bbeeEvidence ?? null) : null;
    set.bbee_expires_on = standing.bbeeLevel !== null && standing.bbeeLevel > 0 ? (standing.bbeeExpiresOn ?? null) : null;
  }
  const result = await trx.updateTable('suppliers').set(set).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
