import * as importRepo from '../catalogue/import/import.repository';
import { parseTiers } from '../catalogue/offer-rows';
import type { Dialect } from '../db/database';
import type { Executor } from '../db/executor';

/** The columns of an offer the price list shows, with its product's name, unit and category. */
export async function findOffersOf(db: Executor, supplierId: number, offerId?: number) {
  let query = db
    .selectFrom('offers as o')
    .innerJoin('catalogue_items as i', 'i.id', 'o.catalogue_item_id')
    .innerJoin('categories as c', 'c.id', 'i.category_id')
    .select([
      'o.id',
      'o.catalogue_item_id',
      'i.name',
      'i.unit',
      'i.category_id',
      'c.name as category_name',
      'o.unit_price_cents',
      'o.minimum_order_quantity',
      'o.tiers',
      'o.in_stock',
      'o.valid_from',
      'o.valid_until',
    ])
    .where('o.supplier_id', '=', supplierId)
    .orderBy('i.name')
    .orderBy('o.id');
  if (offerId !== undefined) query = query.where('o.id', '=', offerId);
  return (await query.execute()).map((row) => ({ ...row, tiers: parseTiers(row.tiers) }));
}

/** A stored offer as the price list reads it, its volume prices parsed. */
export type OfferRow = Awaited<ReturnType<typeof findOffersOf>>[number];

/** A supplier category an offer adds starts on the import's defaults (docs/quoting.md). */
const NEW_CATEGORY = { capacity_units: 10_000, minimum_order_quantity: 1, price_factor: 1 };

/** Has the supplier serve these categories (those it serves already stay as they are). */
export async function ensureCategories(trx: Executor, supplierId: number, categoryIds: string[]): Promise<void> {
  await importRepo.ensureSupplierCategories(
    trx,
    [...new Set(categoryIds)].map((category_id) => ({ supplier_id: supplierId, category_id, ...NEW_CATEGORY })),
  );
}

/** Dates the supplier's price list `day`. */
export function datePriceList(trx: Executor, supplierId: number, day: string): Promise<void> {
  return importRepo.datePriceLists(trx, [supplierId], day);
}

/** Holds the import lock until the transaction ends: imports (staff's and suppliers') run one at a time. */
export function lockPriceLists(trx: Executor, dialect: Dialect): Promise<void> {
  return importRepo.lockImports(trx, dialect);
}

/** Replaces a supplier's price list as an import does: each listed product's unit price set (its volume prices cleared), every offer of `removed` deleted. */
export async function replaceOffers(
  trx: Executor,
  supplierId: number,
  prices: { catalogueItemId: string; unitPriceCents: number }[],
  removed: number[],
): Promise<void> {
  await importRepo.upsertOffers(
    trx,
    prices.map((p) => ({ supplier_id: supplierId, catalogue_item_id: p.catalogueItemId, unit_price_cents: p.unitPriceCents })),
  );
  if (removed.length > 0) await trx.deleteFrom('offers').where('supplier_id', '=', supplierId).where('id', 'in', removed).execute();
}

/** The day the supplier's price list last changed. */
export async function findPriceListDate(db: Executor, supplierId: number): Promise<string> {
  const row = await db.selectFrom('suppliers').select('price_list_date').where('id', '=', supplierId).executeTakeFirstOrThrow();
  return row.price_list_date;
}
