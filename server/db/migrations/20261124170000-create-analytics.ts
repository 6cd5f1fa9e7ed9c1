import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const primaryId = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  // One consented visitor's event. The session id is kept only as a hash under its day's salt,
  // and nothing a visitor typed is stored: paths are route patterns, names come from the catalogue.
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', id, primaryId)
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('session_hash', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('time_spent_ms', 'integer')
    .addColumn('product_name', 'text')
    .addColumn('category', 'text')
    .addColumn('quantity', 'integer')
    .addColumn('price_viewed_cents', 'integer')
    .addColumn('form_action', 'text')
    .addColumn('field_name', 'text')
    .addColumn('estimated_value_cents', 'integer')
    .addColumn('city', 'text')
    .execute();
  await db.schema.createIndex('analytics_events_day_idx').on('analytics_events').columns(['day', 'type']).execute();

  // The salt of each day's session hashes: deleted once its day is over, so days cannot be joined.
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // What a finished day adds up to; kept after its raw events are deleted.
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'metric', 'key'])
    .execute();

  // Proof of each cookie choice: a random id the browser keeps, the choice, the policy revision
  // and the time. No address, no session id.
  await db.schema
    .createTable('consent_records')
    .addColumn('id', id, primaryId)
    .addColumn('consent_id', 'text', (c) => c.notNull())
    .addColumn('analytics', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('global_privacy_control', 'integer', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consent_records_consent_idx').on('consent_records').column('consent_id').execute();
  await db.schema.createIndex('consent_records_recorded_idx').on('consent_records').column('recorded_at').execute();

  // A buyer's request to see and delete their data: the link token's SHA-256 and, for its hour,
  // the address it is for.
  await db.schema
    .createTable('data_requests')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('data_requests_expires_idx').on('data_requests').column('expires_at').execute();
}
