import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // The last purchase-order number given out in each year: one atomic upsert allocates the next,
  // so numbers are sequential across every server process.
  await db.schema
    .createTable('purchase_order_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  // One purchase order per accepted quote, issued once. The supplier's details are kept as they
  // stood at issue (they are no one's personal data), so the document never changes; the buyer's
  // are read from the request and go with its personal data.
  await db.schema
    .createTable('purchase_orders')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('po_number', 'text', (c) => c.notNull().unique())
    .addColumn('rfq_id', 'text', (c) => c.notNull())
    .addColumn('quote_id', 'integer', (c) => c.notNull().unique())
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('supplier_json', 'text', (c) => c.notNull())
    .addColumn('cancelled_on', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('purchase_orders_rfq_idx').on('purchase_orders').column('rfq_id').execute();
}
