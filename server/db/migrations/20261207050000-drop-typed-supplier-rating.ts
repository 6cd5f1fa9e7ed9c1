import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// No supplier figure is typed in: the rating buyers read is the average of their receipts'
// ratings (order_receipts), so the rating staff or an import held on file goes. The receipts, and
// whether each counts (counted, not_counted_reason), are not touched.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('suppliers').dropColumn('rating').execute();
}
