import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// The people a supplier's team invited who have not signed in yet, one row per supplier and
// address: what the team's list shows as invited, the same whether the address could be added or
// belongs to another supplier's person, whom nothing is sent. Each person invited before, who has
// never signed in, is such an invitation.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('supplier_invitations')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('supplier_invitations_supplier_email', ['supplier_id', 'email'])
    .execute();
  await db
    .insertInto('supplier_invitations')
    .columns(['supplier_id', 'email', 'name', 'created_at'])
    .expression(db.selectFrom('supplier_users').select(['supplier_id', 'email', 'name', 'created_at']).where('last_sign_in_at', 'is', null))
    .execute();
}
