import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // On PostgreSQL the limits' windows leave the write-ahead log: counting a hit then writes no WAL
  // and its commit waits for no flush to disk, which every limited request made on its own beside
  // its transaction. The windows last minutes to an hour; a crash of the database empties the
  // table, so the limits start again afresh, as they do each window. SQLite has no such tables.
  if (dialect === 'postgres') await sql`alter table rate_limit_windows set unlogged`.execute(db);
}
