import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // A deleted partner keeps its id, so its RFQs and widget loads still count, anonymously.
  await db.schema.alterTable('partners').addColumn('deleted_at', 'text').execute();
}
