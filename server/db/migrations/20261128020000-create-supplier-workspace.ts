import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// Suppliers' own people, who sign in with one-time links, their sessions, the log of what they
// change, and what a firmed quote keeps of its indicative price.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const key = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  // A supplier's people. The e-mail is stored lower-cased and deleted with the row.
  await db.schema
    .createTable('supplier_users')
    .addColumn('id', id, key)
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text')
    .execute();
  await db.schema.createIndex('supplier_users_supplier_idx').on('supplier_users').column('supplier_id').execute();

  // One-time sign-in links: only the token's SHA-256 is kept.
  await db.schema
    .createTable('supplier_sign_in_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('supplier_user_id', 'integer', (c) => c.notNull().references('supplier_users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('supplier_sign_in_links_user_idx').on('supplier_sign_in_links').column('supplier_user_id').execute();
  await db.schema.createIndex('supplier_sign_in_links_expires_idx').on('supplier_sign_in_links').column('expires_at').execute();

  // Signed-in browsers: the session id's SHA-256, its idle clock and its hard end.
  await db.schema
    .createTable('supplier_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('supplier_user_id', 'integer', (c) => c.notNull().references('supplier_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('supplier_sessions_user_idx').on('supplier_sessions').column('supplier_user_id').execute();
  await db.schema.createIndex('supplier_sessions_expires_idx').on('supplier_sessions').column('expires_at').execute();

  // Every write a supplier's people make: the user's id stays when the user (and their address) goes.
  await db.schema
    .createTable('supplier_audit')
    .addColumn('id', id, key)
    .addColumn('supplier_id', 'integer', (c) => c.notNull())
    .addColumn('supplier_user_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('supplier_audit_supplier_idx').on('supplier_audit').columns(['supplier_id', 'created_at']).execute();

  // A quote its supplier made firm: when, and the indicative figures it was made from.
  await db.schema.alterTable('quotes').addColumn('firmed_at', 'text').execute();
  await db.schema.alterTable('quotes').addColumn('indicative_unit_price_cents', 'integer').execute();
  await db.schema.alterTable('quotes').addColumn('indicative_total_cents', 'integer').execute();
  await db.schema.alterTable('quotes').addColumn('supplier_note', 'text').execute();
}
