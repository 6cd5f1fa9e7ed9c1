import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// A buyer account unused for 24 months is deleted, after one e-mail 30 days before: when it was
// last used (a sign-in, or a signed-in page's call) and when that e-mail was written.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('buyer_accounts').addColumn('last_used_at', 'text').execute();
  await db.schema.alterTable('buyer_accounts').addColumn('expiry_warned_at', 'text').execute();
  await db
    .updateTable('buyer_accounts')
    .set((eb: any) => ({ last_used_at: eb.fn.coalesce('last_sign_in_at', 'created_at') }))
    .execute();
}
