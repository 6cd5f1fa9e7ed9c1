import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // A supplier whose import line or directory page gave no response time has none: null, never a
  // made-up figure that buyers would read as the supplier's own.
  if (dialect === 'postgres') {
    await sql`alter table suppliers alter column response_time_hours drop not null`.execute(db);
  } else {
    // SQLite cannot drop NOT NULL in place: the column is copied into a nullable one.
    await db.schema.alterTable('suppliers').addColumn('response_time_hours_known', 'integer').execute();
    await sql`update suppliers set response_time_hours_known = response_time_hours`.execute(db);
    await db.schema.alterTable('suppliers').dropColumn('response_time_hours').execute();
    await db.schema.alterTable('suppliers').renameColumn('response_time_hours_known', 'response_time_hours').execute();
  }
}
