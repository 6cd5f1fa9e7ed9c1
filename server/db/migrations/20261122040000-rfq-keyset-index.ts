import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Data API pages walk RFQs in (created_at, id) order: with both in one index a page is a range
  // scan, not a sort of everything after the cursor. It also serves every created_at range.
  await db.schema.createIndex('rfqs_created_id_idx').on('rfqs').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('rfqs_created_idx').execute();
}
