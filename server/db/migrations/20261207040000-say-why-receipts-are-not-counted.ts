import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// A receipt kept but not counted says why, for the supplier's and the staff's pages: `own_domain`
// (the buyer's e-mail domain is the supplier's own) or `not_confirmed` (the supplier had not
// confirmed the order when the buyer recorded it). Null for a receipt that counts.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('order_receipts').addColumn('not_counted_reason', 'text').execute();
  // A receipt kept uncounted so far: its order unconfirmed then (never confirmed, or confirmed on a
  // later Johannesburg day than the receipt was written) is `not_confirmed`; a confirmed one can only
  // have been the supplier's own domain. Counted receipts stay counted and give no reason.
  const writtenOn =
    dialect === 'postgres'
      ? sql`to_char(order_receipts.created_at::timestamptz at time zone 'Africa/Johannesburg', 'YYYY-MM-DD')`
      : sql`date(order_receipts.created_at, '+2 hours')`;
  await sql`update order_receipts set not_counted_reason = case
      when exists (select 1 from purchase_orders po where po.id = order_receipts.purchase_order_id
                   and po.confirmed_on is not null and po.confirmed_on <= ${writtenOn}) then 'own_domain'
      else 'not_confirmed' end
    where counted = 0`.execute(db);
}
