import type { Kysely } from 'kysely';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>): Promise<void> {
  // Each e-mail to a listed business has a stop link of its own, and the hourly sweep deletes the
  // links of e-mails old enough by their age: read from here, not from every link ever made.
  await db.schema.createIndex('supplier_stop_links_created_idx').on('supplier_stop_links').column('created_at').execute();
}
