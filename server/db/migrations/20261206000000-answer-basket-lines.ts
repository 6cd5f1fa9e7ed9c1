import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// A supplier answers a basket's lead line by line: it makes a line's price firm (the indicative
// price it replaced is kept, so the buyer can see what changed) or withdraws the line with a reason.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('quote_lines').addColumn('firmed_at', 'text').execute();
  await db.schema.alterTable('quote_lines').addColumn('indicative_unit_price_cents', 'integer').execute();
  await db.schema.alterTable('quote_lines').addColumn('withdrawn_at', 'text').execute();
  await db.schema.alterTable('quote_lines').addColumn('withdrawal_reason', 'text').execute();
}
