import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // What the buyer gives when accepting a quote, so the supplier can deliver: personal data,
  // cleared with the buyer's e-mail address.
  for (const column of ['delivery_address', 'phone', 'purchase_order_reference', 'vat_number']) {
    await db.schema.alterTable('rfqs').addColumn(column, 'text').execute();
  }
}
