import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // The company's CIPC registration number (YYYY/NNNNNN/NN) for its purchase orders; null while none is on file.
  await db.schema.alterTable('suppliers').addColumn('registration_number', 'text').execute();
}
