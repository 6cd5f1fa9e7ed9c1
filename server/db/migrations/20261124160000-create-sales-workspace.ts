import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const primaryKey = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  // The sales pipeline. Money in integer cents; last_contact is a Johannesburg date (YYYY-MM-DD).
  await db.schema
    .createTable('prospects')
    .addColumn('id', id, primaryKey)
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_contact', 'text')
    .addColumn('next_action', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('estimated_value_cents', 'bigint', (c) => c.notNull())
    .addColumn('industry', 'text', (c) => c.notNull())
    .addColumn('conversion_probability', 'integer', (c) => c.notNull())
    .addColumn('actual_response', 'text', (c) => c.notNull())
    .addColumn('call_notes', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.references('staff_users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prospects_status_idx').on('prospects').column('status').execute();
  await db.schema.createIndex('prospects_owner_idx').on('prospects').column('owner_id').execute();

  // What staff did: the counters are counted from here. A deleted prospect leaves its rows (the
  // work was done) and its id, which is never reused, so its contacts still count once each.
  await db.schema
    .createTable('sales_activities')
    .addColumn('id', id, primaryKey)
    .addColumn('prospect_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sales_activities_day_idx').on('sales_activities').columns(['day', 'kind']).execute();
  await db.schema.createIndex('sales_activities_prospect_idx').on('sales_activities').column('prospect_id').execute();

  // Bookings from the public demo form; each became a prospect, and goes when that prospect does.
  await db.schema
    .createTable('demo_requests')
    .addColumn('id', id, primaryKey)
    .addColumn('prospect_id', 'integer', (c) => c.references('prospects.id').onDelete('cascade'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('contact_person', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('monthly_spend', 'text')
    .addColumn('current_suppliers', 'text', (c) => c.notNull())
    .addColumn('pain_points', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('demo_requests_prospect_idx').on('demo_requests').column('prospect_id').execute();

  // Read-only links to the analytics dashboard: only the token's SHA-256 is kept.
  await db.schema
    .createTable('share_links')
    .addColumn('id', id, primaryKey)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
}
