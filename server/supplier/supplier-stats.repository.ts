import type { Executor } from '../db/executor';

/** The supplier's quotes made since `since` (an ISO time), with what became of each and its request's product. */
export function quotesOfSupplierSince(db: Executor, supplierId: number, since: string) {
  return db
    .selectFrom('quotes as q')
    .innerJoin('rfqs as r', 'r.id', 'q.rfq_id')
    .select(['q.created_at', 'q.firmed_at', 'q.accepted_at', 'q.status', 'r.product_name'])
    .where('q.supplier_id', '=', supplierId)
    .where('q.created_at', '>=', since)
    .where('r.demo', '=', 0)
    .orderBy('q.created_at')
    .execute();
}
