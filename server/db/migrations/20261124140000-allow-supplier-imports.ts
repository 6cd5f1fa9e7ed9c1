import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // What a supplier says it specialises in, as an import line gives it: a JSON array of text.
  await db.schema
    .alterTable('suppliers')
    .addColumn('specialties', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  // A supplier Procura has no delivery record of has no on-time rate: null, never a made-up figure.
  if (dialect === 'postgres') {
    await sql`alter table suppliers alter column on_time_rate drop not null`.execute(db);
  } else {
    // SQLite cannot drop NOT NULL in place: the column is copied into a nullable one.
    await db.schema.alterTable('suppliers').addColumn('on_time_rate_known', 'integer').execute();
    await sql`update suppliers set on_time_rate_known = on_time_rate`.execute(db);
    await db.schema.alterTable('suppliers').dropColumn('on_time_rate').execute();
    await db.schema.alterTable('suppliers').renameColumn('on_time_rate_known', 'on_time_rate').execute();
  }

  // An import finds a supplier by its e-mail, whatever its case, and never makes a twin of it.
  await db.schema.createIndex('suppliers_email_unique').on('suppliers').unique().expression(sql`lower(email)`).execute();
}
