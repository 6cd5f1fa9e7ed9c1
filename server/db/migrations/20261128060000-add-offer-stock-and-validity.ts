import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // A supplier keeps its own price list: an offer out of stock, or outside its dates, is not quoted.
  await db.schema
    .alterTable('offers')
    .addColumn('in_stock', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // South African days (YYYY-MM-DD), both inclusive; null for no bound.
  await db.schema.alterTable('offers').addColumn('valid_from', 'text').execute();
  await db.schema.alterTable('offers').addColumn('valid_until', 'text').execute();
}
