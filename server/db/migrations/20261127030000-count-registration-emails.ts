import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// Partner welcome e-mails are counted per mailbox too, as buyer and data-request e-mails are.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('address_counts')
    .addColumn('registration_emails', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}
