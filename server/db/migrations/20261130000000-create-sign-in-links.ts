import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

const MINUTE = 60_000;
/** The lifetimes the old tables' links were made with, to date the ones carried over. */
const LIFETIME_MS = { supplier: 15 * MINUTE, staff: 24 * 60 * MINUTE } as const;

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// One table of one-time links for every kind of person (suppliers' people, staff), each with the
// time it was made: a new link no longer replaces the last, so the oldest of a person's live
// links is the one to drop. The links of the two old tables are carried over.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sign_in_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('sign_in_links_owner_idx').on('sign_in_links').columns(['kind', 'owner_id', 'created_at']).execute();
  await db.schema.createIndex('sign_in_links_expires_idx').on('sign_in_links').column('expires_at').execute();

  const carried = [
    ...(await db.selectFrom('supplier_sign_in_links').select(['token_hash', 'supplier_user_id as owner_id', 'expires_at', 'used_at']).execute()).map(
      (r: any) => ({ ...r, kind: 'supplier' }),
    ),
    ...(await db.selectFrom('staff_tokens').select(['token_hash', 'staff_id as owner_id', 'expires_at', 'used_at']).execute()).map((r: any) => ({
      ...r,
      kind: 'staff',
    })),
  ];
  for (const r of carried) {
    const createdAt = new Date(Date.parse(r.expires_at) - LIFETIME_MS[r.kind as keyof typeof LIFETIME_MS]).toISOString();
    await db
      .insertInto('sign_in_links')
      .values({ token_hash: r.token_hash, kind: r.kind, owner_id: r.owner_id, created_at: createdAt, expires_at: r.expires_at, used_at: r.used_at })
      .execute();
  }
  await db.schema.dropTable('supplier_sign_in_links').execute();
  await db.schema.dropTable('staff_tokens').execute();
}
