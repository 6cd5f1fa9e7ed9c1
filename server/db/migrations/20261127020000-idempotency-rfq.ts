import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// An idempotency record names the request it answered, so that deleting a buyer's data deletes
// it too; its answer is kept sealed under the Idempotency-Key from now on. Records written before
// keep their answer in clear until they expire, within 24 hours, as every record does.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('rfq_id', 'text').execute();
}
