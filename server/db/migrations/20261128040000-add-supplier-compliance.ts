import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // What a tax invoice and a B-BBEE comparison need of a supplier; null while none is on file.
  await db.schema.alterTable('suppliers').addColumn('vat_number', 'text').execute();
  await db.schema.alterTable('suppliers').addColumn('registered_address', 'text').execute();
  // 1-8, or 0 for non-compliant; null when no level is stated.
  await db.schema.alterTable('suppliers').addColumn('bbee_level', 'integer').execute();
  await db.schema.alterTable('suppliers').addColumn('bbee_evidence', 'text').execute();
  await db.schema.alterTable('suppliers').addColumn('bbee_expires_on', 'text').execute();
}
