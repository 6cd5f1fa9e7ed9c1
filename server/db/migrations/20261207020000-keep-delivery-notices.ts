import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// The one reminder to confirm receipt goes out from a timed job that holds no buyer's secret, so
// each order keeps the tracking token its buyer ordered with until that reminder is written (or
// the receipt is recorded, or the buyer's data deleted), as a pending e-mail keeps one until sent.
// And the day the supplier marked the order delivered, since the reminder follows the next day.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('purchase_orders').addColumn('receipt_tracking_token', 'text').execute();
  await db.schema.alterTable('purchase_orders').addColumn('delivery_marked_on', 'text').execute();
}
