import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // The data API's random pseudonym of an RFQ is `rfq_ref` in its answers; the column says the same.
  await db.schema.alterTable('rfqs').renameColumn('public_id', 'rfq_ref').execute();
}
