import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('partners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('business_type', 'text', (c) => c.notNull())
    .addColumn('integration_type', 'text', (c) => c.notNull())
    .addColumn('monthly_traffic', 'text', (c) => c.notNull())
    .addColumn('use_case', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    // SHA-256 of the API key; the key itself is shown once and never stored.
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('key_created_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Requests per partner per window ('h:' hourly, 's:' per second), shared by every server process.
  await db.schema
    .createTable('api_usage')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('window_key', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_usage_pk', ['partner_id', 'window_key'])
    .execute();
  await db.schema.createIndex('api_usage_expires_idx').on('api_usage').column('expires_at').execute();
}
