import type { Kysely } from 'kysely';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>): Promise<void> {
  // The buyer's own views of a quote (from their e-mail, or the tab that sent the request) are
  // counted apart: the tracking page's view count is of everyone else's, while staff still see
  // how often buyers open their quotes. Earlier views stay in view_count: who made them is unknown.
  await db.schema
    .alterTable('quotes')
    .addColumn('own_view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('quotes').addColumn('own_last_viewed_at', 'text').execute();
}
