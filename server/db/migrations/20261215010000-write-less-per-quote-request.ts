import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // An e-mail's time was indexed for the sweep that deletes sent e-mails alone, which now finds them
  // by their numbers: one index fewer written for each of a request's e-mails and leads.
  await db.schema.dropIndex('outbox_created_idx').ifExists().execute();
  // On PostgreSQL a foreign key is checked by a query of its own for every row written, which takes
  // a share lock on the row it finds: a quote request wrote five quotes, so five checks and five
  // locks on the request the same statement had just written. Nothing in Procura deletes a request
  // (personal data is cleared from it, the row stays), so the key's cascade never ran either; about
  // a twentieth of PostgreSQL's time per request was these checks. An e-mail's Message-ID is its
  // time and a random UUID, unique as the UUID is, and nothing looks an e-mail up by it: its unique
  // index was one more index written for each of a request's e-mails and leads. SQLite checks and
  // indexes both for next to nothing (dropping its column's unique index would mean copying the
  // outbox) and keeps them, so every test run on SQLite still checks what they held.
  if (dialect !== 'postgres') return;
  await sql`alter table quotes drop constraint if exists quotes_rfq_id_fkey`.execute(db);
  await sql`alter table outbox drop constraint if exists outbox_message_id_key`.execute(db);
}
