import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // The widget's full form stored `procura-widget` and its short form `embed-widget` for the same
  // fact, that the request came through a widget: it is now `embed-widget` from both.
  await sql`update rfqs set embed_source = 'embed-widget' where embed_source = 'procura-widget'`.execute(db);
}
