import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// A fee reversal is written by staff for a reason (an order confirmed but never delivered): the
// reason stays with its line, so the books say why the fee came off.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('ledger_lines').addColumn('reason', 'text').execute();
}
