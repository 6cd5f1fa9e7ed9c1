import { sql } from 'kysely';
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
  return (
    db
      .selectFrom('purchase_orders as po')
      // A cross join, so SQLite reads the orders (few) and finds each one's quote by its key, where
      // an inner join let it scan every quote ever made for the supplier's; PostgreSQL plans both alike.
      .crossJoin('quotes as q')
      .leftJoin('order_receipts as r', 'r.purchase_order_id', 'po.id')
      .select(['q.supplier_id', 'po.confirmed_on', 'r.on_time', 'r.in_full', 'r.rating', 'r.counted'])
      .whereRef('q.id', '=', 'po.quote_id')
      .where('q.supplier_id', 'in', supplierIds)
      .where('po.issued_on', '>=', sinceDay)
      .execute()
  );
}

/**
 * The leads these suppliers answered since `since` (an ISO time): made firm, or withdrawn before
 * the buyer accepted, with when the lead was made and the totals a firm price replaced.
 */
export function answeredLeadsOfSuppliersSince(db: Executor, supplierIds: readonly number[], since: string) {
  return (
    db
      .selectFrom('quotes as q')
      .innerJoin('rfqs as r', 'r.id', 'q.rfq_id')
      .select(['q.supplier_id', 'q.created_at', 'q.firmed_at', 'q.status_changed_at', 'q.indicative_total_cents', 'q.total_cents'])
      .where('q.supplier_id', 'in', supplierIds)
      .where('q.created_at', '>=', since)
      .where('r.demo', '=', 0)
      // Written out as the partial index `quotes_answered_idx` states it, with no bound value, so
      // both databases read the index rather than the supplier's every quote.
      .where(sql<boolean>`(q.firmed_at is not null or (q.status = 'withdrawn' and q.accepted_at is null))`)
      .execute()
  );
}

/** What a supplier's public page shows of it: no contact person, e-mail or phone. */
export function publicSupplierRow(db: Executor, supplierId: number) {
  return db
    .selectFrom('suppliers as s')
    .innerJoin('cities as c', 'c.id', 's.home_city_id')
    .select([
      's.id',
      's.name',
      's.slug',
      's.verified',
      's.specialties',
      's.vat_number',
      's.registration_number',
      's.bbee_level',
      's.bbee_evidence',
      's.bbee_expires_on',
      'c.name as city',
      'c.province',
    ])
    .where('s.id', '=', supplierId)
    .executeTakeFirst();
}

/** Where a supplier delivers, with each city's name. */
export function deliveryAreasOf(db: Executor, supplierId: number) {
  return db
    .selectFrom('supplier_coverage as sc')
    .leftJoin('cities as c', (join) => join.onRef('c.id', '=', 'sc.area').on('sc.scope', '=', 'city'))
    .select(['sc.scope', 'sc.area', 'sc.lead_days', 'c.name as city_name', 'c.province as city_province'])
    .where('sc.supplier_id', '=', supplierId)
    .execute();
}

/** The categories a supplier sells, the one it can supply most of first. */
export function categoriesOf(db: Executor, supplierId: number) {
  return db
    .selectFrom('supplier_categories as sc')
    .innerJoin('categories as c', 'c.id', 'sc.category_id')
    .select(['c.id', 'c.name'])
    .where('sc.supplier_id', '=', supplierId)
    .orderBy('sc.capacity_units', 'desc')
    .orderBy('c.sort_order')
    .execute();
}

/** Where a page of a supplier's orders starts: after the order issued on `issuedOn` numbered `id`. */
export interface OrderPageKey {
  issuedOn: string;
  id: number;
}

function ordersOfSupplier(db: Executor, supplierId: number, sinceDay: string) {
  return db
    .selectFrom('purchase_orders as po')
    .innerJoin('quotes as q', 'q.id', 'po.quote_id')
    .innerJoin('rfqs as rf', 'rf.id', 'po.rfq_id')
    .leftJoin('order_receipts as r', 'r.purchase_order_id', 'po.id')
    .select([
      'po.id',
      'po.po_number',
      'po.quote_id',
      'po.issued_on',
      'po.line_nos',
      'po.confirmed_on',
      'po.cancelled_on',
      'po.promised_on',
      'po.delivered_on',
      'q.total_cents',
      'q.lead_max_days',
      'rf.product_name',
      'r.received_on',
      'r.in_full',
      'r.rating',
      'r.on_time',
      'r.counted',
      'r.not_counted_reason',
    ])
    .where('q.supplier_id', '=', supplierId)
    .where('po.issued_on', '>=', sinceDay);
}

/**
 * A page of one supplier's orders issued from `sinceDay`, newest first, with the request's product,
 * the quote's total and the buyer's receipt where recorded. No buyer's address, name or comment.
 */
export function ordersPageOfSupplier(db: Executor, supplierId: number, sinceDay: string, after: OrderPageKey | null, limit: number) {
  let query = ordersOfSupplier(db, supplierId, sinceDay);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('po.issued_on', '<', after.issuedOn), eb.and([eb('po.issued_on', '=', after.issuedOn), eb('po.id', '<', after.id)])]),
    );
  }
  return query.orderBy('po.issued_on', 'desc').orderBy('po.id', 'desc').limit(limit).execute();
}

/** The newest `limit` of one supplier's orders from `sinceDay` whose receipt is kept but not counted. */
export function uncountedReceiptsOfSupplier(db: Executor, supplierId: number, sinceDay: string, limit: number) {
  return ordersOfSupplier(db, supplierId, sinceDay)
    .where('r.id', 'is not', null)
    .where((eb) => eb.or([eb('r.counted', '=', 0), eb('po.confirmed_on', 'is', null)]))
    .orderBy('po.issued_on', 'desc')
    .orderBy('po.id', 'desc')
    .limit(limit)
    .execute();
}

export type SupplierOrderRow = Awaited<ReturnType<typeof ordersPageOfSupplier>>[number];

/** The priced lines of these basket quotes: each line's total, by quote. */
export function lineTotalsOfQuotes(db: Executor, quoteIds: readonly number[]) {
  if (quoteIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('quote_lines').select(['quote_id', 'line_no', 'total_cents']).where('quote_id', 'in', quoteIds).execute();
}
