import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>): Promise<void> {
  // The key the data API's cursors are sealed under: a page's cursor then names its last record
  // exactly (its time and id), so the next page starts from it by the index it pages by, without a
  // search, and still shows the caller nothing the page does not.
  await db
    .insertInto('meta')
    .values({ key: 'data_cursor_key', value: randomBytes(32).toString('hex') })
    .execute();
}
