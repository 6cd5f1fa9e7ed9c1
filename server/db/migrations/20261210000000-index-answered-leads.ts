import { sql, type Kysely } from 'kysely';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>): Promise<void> {
  // The leads a supplier answered (made firm, or withdrew before the buyer accepted), by supplier
  // and age: a scorecard reads its supplier's from here, not from every quote ever made. Few
  // quotes are answered, so a submit's new quotes add nothing to it.
  await sql`create index quotes_answered_idx on quotes (supplier_id, created_at)
    where firmed_at is not null or (status = 'withdrawn' and accepted_at is null)`.execute(db);
}
