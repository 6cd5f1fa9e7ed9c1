import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// A supplier's on-time figure is earned, not typed: it is computed from the buyers' receipts of its
// orders (order_receipts), so the typed column goes. No receipt stands behind the figures it held,
// and none is invented for them: a supplier without receipts is new on Procura.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('suppliers').dropColumn('on_time_rate').execute();
}
