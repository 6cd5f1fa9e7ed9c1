import type { Kysely } from 'kysely';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>): Promise<void> {
  // A supplier may name the least it accepts as one order (excl. VAT, cents); a basket's split
  // gives it at least that or nothing. 0: no minimum, as every supplier so far.
  await db.schema
    .alterTable('suppliers')
    .addColumn('minimum_order_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
