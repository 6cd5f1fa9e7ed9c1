import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// The command line writes too (supplier-invite adds a supplier's person and e-mails them), and the
// audit log records it as it records the portal's writes: an entry with no staff member is one
// made on the command line.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table staff_audit alter column staff_id drop not null`.execute(db);
    return;
  }
  // SQLite cannot drop a column's not-null constraint: the table is made again without it.
  await sql`
    create table staff_audit_next (
      id integer primary key autoincrement,
      staff_id integer references staff_users (id),
      action text not null,
      rows integer not null,
      detail text not null,
      created_at text not null
    )
  `.execute(db);
  await sql`
    insert into staff_audit_next (id, staff_id, action, rows, detail, created_at)
    select id, staff_id, action, rows, detail, created_at from staff_audit
  `.execute(db);
  await sql`drop table staff_audit`.execute(db);
  await sql`alter table staff_audit_next rename to staff_audit`.execute(db);
  await db.schema.createIndex('staff_audit_created_idx').on('staff_audit').columns(['created_at', 'id']).execute();
}
