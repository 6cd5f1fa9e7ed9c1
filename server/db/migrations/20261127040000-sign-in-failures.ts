import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// Failed staff sign-ins in a row, per account and per client address (hashed), with the time the
// next attempt may be made: a delay that grows with each failure, instead of a lockout.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_last_idx').on('sign_in_failures').column('last_failure_at').execute();
}
