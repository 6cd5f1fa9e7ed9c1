import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // On PostgreSQL a foreign key is checked by a query of its own for every row written, and the
  // check takes a share lock on the row it finds. Every quote request wrote a request naming a
  // city, a category and a catalogue item, and a quote per supplier naming its supplier: about
  // eight checks a request, most of them locking one of the few rows that every request at once
  // shares (PostgreSQL then records their lockers as a multixact). These four name rows that the
  // market is read from and that nothing in Procura deletes, and a request names only what the
  // market in memory holds, so they are dropped. A quote's request stays checked: it is written
  // in the same statement, and deleting it deletes its quotes. SQLite checks all of them for next
  // to nothing and keeps them, so every test run on SQLite still checks what these held.
  if (dialect !== 'postgres') return;
  await sql`alter table quotes drop constraint if exists quotes_supplier_id_fkey`.execute(db);
  await sql`alter table rfqs drop constraint if exists rfqs_city_id_fkey, drop constraint if exists rfqs_category_id_fkey, drop constraint if exists rfqs_catalogue_item_id_fkey`.execute(
    db,
  );
}
