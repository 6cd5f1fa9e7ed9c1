import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// A basket's supplier may be ordered from twice (a line reopened after another supplier withdrew
// goes to one already ordered from): a quote then has a purchase order per order, each with the
// lines it orders and its own confirmation.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table purchase_orders drop constraint purchase_orders_quote_id_key`.execute(db);
  } else {
    // SQLite cannot drop a column's unique constraint: the table is made again without it.
    await sql`
      create table purchase_orders_next (
        id integer primary key autoincrement,
        po_number text not null unique,
        rfq_id text not null,
        quote_id integer not null,
        issued_on text not null,
        supplier_json text not null,
        cancelled_on text,
        cancel_reason text,
        created_at text not null,
        delivery_address text,
        phone text,
        purchase_order_reference text,
        vat_number text
      )
    `.execute(db);
    await sql`
      insert into purchase_orders_next
        (id, po_number, rfq_id, quote_id, issued_on, supplier_json, cancelled_on, cancel_reason, created_at,
         delivery_address, phone, purchase_order_reference, vat_number)
      select id, po_number, rfq_id, quote_id, issued_on, supplier_json, cancelled_on, cancel_reason, created_at,
         delivery_address, phone, purchase_order_reference, vat_number
      from purchase_orders
    `.execute(db);
    await sql`drop table purchase_orders`.execute(db);
    await sql`alter table purchase_orders_next rename to purchase_orders`.execute(db);
    await db.schema.createIndex('purchase_orders_rfq_idx').on('purchase_orders').column('rfq_id').execute();
  }
  await db.schema.createIndex('purchase_orders_quote_idx').on('purchase_orders').column('quote_id').execute();
  // The basket lines the order is for (a JSON array of line numbers); null for one product.
  await db.schema.alterTable('purchase_orders').addColumn('line_nos', 'text').execute();
  // The Johannesburg day the supplier confirmed this order.
  await db.schema.alterTable('purchase_orders').addColumn('confirmed_on', 'text').execute();
  // Until now a quote had one order: of a basket, the lines accepted from it.
  const orders: { id: number; quote_id: number }[] = await db
    .selectFrom('purchase_orders as po')
    .innerJoin('rfqs as r', 'r.id', 'po.rfq_id')
    .select(['po.id', 'po.quote_id'])
    .where('r.line_count', '>', 0)
    .execute();
  for (const order of orders) {
    const lines: { line_no: number }[] = await db
      .selectFrom('quote_lines')
      .select('line_no')
      .where('quote_id', '=', order.quote_id)
      .where('status', '=', 'accepted')
      .orderBy('line_no')
      .execute();
    await db
      .updateTable('purchase_orders')
      .set({ line_nos: JSON.stringify(lines.map((l) => Number(l.line_no))) })
      .where('id', '=', order.id)
      .execute();
  }
  await sql`
    update purchase_orders set confirmed_on = (
      select substr(q.status_changed_at, 1, 10) from quotes q where q.id = purchase_orders.quote_id and q.status = 'confirmed'
    )
  `.execute(db);
}
