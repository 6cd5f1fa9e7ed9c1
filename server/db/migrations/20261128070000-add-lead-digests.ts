import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // How a supplier takes its lead e-mails: 0 each as it comes (as before), or a digest every 15 or 60 minutes.
  await db.schema
    .alterTable('suppliers')
    .addColumn('lead_digest_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A supplier's digest still gathering leads is found by its address among the few such rows.
  await db.schema
    .createIndex('outbox_open_lead_digests')
    .on('outbox')
    .column('recipient')
    .where(sql.ref('kind'), '=', 'supplier-lead-digest')
    .where(sql.ref('attempts'), '=', 0)
    .execute();
}
