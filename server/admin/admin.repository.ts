import { sql, type Kysely, type Updateable } from 'kysely';
import { batches } from '../db/batches';
import { containsText } from '../db/contains-text';
import type { DB, SuppliersTable } from '../db/schema';
import type { Executor } from '../db/executor';

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
  's.verified',
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
