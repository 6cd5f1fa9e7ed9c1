import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // A listed business that asked Procura to stop: kept only as the SHA-256 hash of its address,
  // as buyer suppressions are, until the business joins.
  await db.schema
    .createTable('supplier_mail_stops')
    .addColumn('address_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The stop links in e-mails to listed businesses: only the hash of each random token is stored.
  await db.schema
    .createTable('supplier_stop_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('masked_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The B-BBEE expiry date a reminder was e-mailed for: one e-mail per certificate.
  await db.schema.alterTable('suppliers').addColumn('bbee_reminded_for', 'text').execute();
}
