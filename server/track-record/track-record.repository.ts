import type { Executor } from '../db/executor';

/** A supplier by its id or its public slug, with what its scorecard names. */
export function findSupplierNamed(db: Executor, supplier: number | string) {
  return db
    .selectFrom('suppliers')
    .select(['id', 'name', 'slug'])
    .where(typeof supplier === 'number' ? 'id' : 'slug', '=', supplier)
    .executeTakeFirst();
}

/**
 * The purchase orders issued to these suppliers from `sinceDay` (a Johannesburg day), with the
 * buyer's receipt where one is recorded. Demo requests never get an order, so none is here.
 */
export function ordersOfSuppliersSince(db: Executor, supplierIds: readonly number[], sinceDay: string) {
  return db
    .selectFrom('purchase_orders as po')
    .innerJoin('quotes as q', 'q.id', 'po.quote_id')
    .leftJoin('order_receipts as r', 'r.purchase_order_id', 'po.id')
    .select(['q.supplier_id', 'po.confirmed_on', 'r.on_time', 'r.in_full', 'r.rating', 'r.counted'])
    .where('q.supplier_id', 'in', supplierIds)
    .where('po.issued_on', '>=', sinceDay)
    .execute();
}

/**
 * The leads these suppliers answered since `since` (an ISO time): made firm, or withdrawn before
 * the buyer accepted, with when the lead was made and the totals a firm price replaced.
 */
export function answeredLeadsOfSuppliersSince(db: Executor, supplierIds: readonly number[], since: string) {
  return db
    .selectFrom('quotes as q')
    .innerJoin('rfqs as r', 'r.id', 'q.rfq_id')
    .select(['q.supplier_id', 'q.created_at', 'q.firmed_at', 'q.status_changed_at', 'q.indicative_total_cents', 'q.total_cents'])
    .where('q.supplier_id', 'in', supplierIds)
    .where('q.created_at', '>=', since)
    .where('r.demo', '=', 0)
    .where((eb) => eb.or([eb('q.firmed_at', 'is not', null), eb.and([eb('q.status', '=', 'withdrawn'), eb('q.accepted_at', 'is', null)])]))
    .execute();
}
