import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // One table of counters for every limit (client addresses, partner quotas), shared by every
  // server process. A subject is stored as a hash, never as the address itself.
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('window_key', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_windows_pk', ['bucket', 'subject', 'window_key'])
    .execute();
  await db.schema.createIndex('rate_limit_windows_expires_idx').on('rate_limit_windows').column('expires_at').execute();
  // Partner quotas move here; their counters last at most an hour, so none are carried over.
  await db.schema.dropTable('api_usage').execute();
  // The retention sweep deletes widget loads by day.
  await db.schema.createIndex('widget_loads_day_idx').on('widget_loads').column('day').execute();
}
