import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// 1 for a request sent from the widget demo page: quoted and e-mailed to the buyer, but told to
// no supplier, never accepted, and left out of every public figure and of the market data.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('rfqs')
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
