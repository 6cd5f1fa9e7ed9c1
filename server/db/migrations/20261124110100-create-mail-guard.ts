import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  // Addresses are kept only as SHA-256 hashes of their lower-case form: enough to recognise one,
  // nothing to mail.
  await db.schema
    .createTable('mail_suppressions')
    .addColumn('address_hash', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The unsubscribe and "this wasn't me" links: only the hash of each random token is stored.
  await db.schema
    .createTable('mail_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('masked_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Buyer e-mails received and requests sent per address, counted over a rolling 24 hours by
  // every server process alike.
  await db.schema
    .createTable('address_events')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('address_events_count_idx').on('address_events').columns(['address_hash', 'kind', 'created_at']).execute();
  await db.schema.createIndex('address_events_created_idx').on('address_events').column('created_at').execute();
}
