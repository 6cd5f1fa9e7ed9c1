import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// Buyers who come back: an account per address that made a request (made when it first asks for a
// sign-in link), its signed-in browsers, and the index that finds a buyer's requests by address.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const key = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  // The e-mail is stored lower-cased and deleted with the row.
  await db.schema
    .createTable('buyer_accounts')
    .addColumn('id', id, key)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text')
    .execute();

  // Signed-in browsers: the session id's SHA-256, its idle clock and its hard end.
  await db.schema
    .createTable('buyer_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('buyer_account_id', 'integer', (c) => c.notNull().references('buyer_accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('buyer_sessions_account_idx').on('buyer_sessions').column('buyer_account_id').execute();

  // A buyer's requests, newest first, by the address as typed in any case.
  await db.schema.createIndex('rfqs_primary_email_idx').on('rfqs').expression(sql`lower(primary_email), created_at desc, id desc`).execute();
}
