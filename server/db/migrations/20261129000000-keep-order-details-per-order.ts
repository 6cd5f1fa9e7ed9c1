import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // What the buyer gave when accepting, kept with each purchase order: a basket's second
  // acceptance may give another address or reference, and must not rewrite the first order.
  // Personal data, cleared with the request's.
  for (const column of ['delivery_address', 'phone', 'purchase_order_reference', 'vat_number']) {
    await db.schema.alterTable('purchase_orders').addColumn(column, 'text').execute();
  }
  // The orders issued so far took their buyer's details from the request.
  await sql`
    update purchase_orders set
      delivery_address = (select r.delivery_address from rfqs r where r.id = purchase_orders.rfq_id),
      phone = (select r.phone from rfqs r where r.id = purchase_orders.rfq_id),
      purchase_order_reference = (select r.purchase_order_reference from rfqs r where r.id = purchase_orders.rfq_id),
      vat_number = (select r.vat_number from rfqs r where r.id = purchase_orders.rfq_id)
  `.execute(db);
}
