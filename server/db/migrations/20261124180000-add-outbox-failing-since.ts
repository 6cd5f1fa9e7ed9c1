import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // When an e-mail's current run of failures began: it is given up only after failing for long
  // enough to outlast an SMTP outage, however many attempts that took.
  await db.schema.alterTable('outbox').addColumn('failing_since', 'text').execute();
}
