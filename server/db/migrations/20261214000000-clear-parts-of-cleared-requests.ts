import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// A request's parts (its basket lines' descriptions, its orders' details and receipt token, its
// receipts' comments) are now cleared with the request, by the requests just cleared, where the
// hourly sweep cleared them for every cleared request ever. This clears, once, what earlier code
// left for its next sweep.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const cleared = sql`select id from rfqs where personal_data_deleted_at is not null`;
  await sql`update rfq_lines set product_description = '' where product_description <> '' and rfq_id in (${cleared})`.execute(db);
  await sql`update purchase_orders set delivery_address = null, phone = null, purchase_order_reference = null, vat_number = null, receipt_tracking_token = null
    where (delivery_address is not null or phone is not null or purchase_order_reference is not null or vat_number is not null or receipt_tracking_token is not null)
      and rfq_id in (${cleared})`.execute(db);
  await sql`update order_receipts set comment = null
    where comment is not null and purchase_order_id in (select id from purchase_orders where rfq_id in (${cleared}))`.execute(db);
}
