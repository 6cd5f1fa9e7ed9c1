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
  return query.execute();
}

/** A stored offer as the price list reads it. */
export type OfferRow = Awaited<ReturnType<typeof findOffersOf>>[number];

/** The day the supplier's price list last changed. */
export async function findPriceListDate(db: Executor, supplierId: number): Promise<string> {
  const row = await db.selectFrom('suppliers').select('price_list_date').where('id', '=', supplierId).executeTakeFirstOrThrow();
  return row.price_list_date;
}
