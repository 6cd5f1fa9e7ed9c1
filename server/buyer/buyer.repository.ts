import type { Insertable } from 'kysely';
import type { BuyerProfilesTable } from '../db/schema';
import type { Executor as Db } from '../db/executor';

/** The account of a lower-cased address, if it has one. */
export function findAccountByEmail(db: Db, email: string) {
  return db.selectFrom('buyer_accounts').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
}

/** The account of an id, if it exists. */
export function findAccount(db: Db, id: number) {
  return db.selectFrom('buyer_accounts').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
}

/** Opens an account for a lower-cased address; answers its id. */
export async function insertAccount(db: Db, email: string, now: string): Promise<number> {
  const row = await db.insertInto('buyer_accounts').values({ email, created_at: now, last_sign_in_at: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Notes a sign-in. */
export async function recordSignIn(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('buyer_accounts').set({ last_sign_in_at: now }).where('id', '=', id).execute();
}

/** An account's saved details, if any were saved. */
export function findProfile(db: Db, accountId: number) {
  return db.selectFrom('buyer_profiles').selectAll().where('buyer_account_id', '=', accountId).executeTakeFirst();
}

/** Replaces an account's saved details. */
export async function saveProfile(db: Db, row: Insertable<BuyerProfilesTable>): Promise<void> {
  const { buyer_account_id: _id, ...change } = row;
  await db
    .insertInto('buyer_profiles')
    .values(row)
    .onConflict((oc) => oc.column('buyer_account_id').doUpdateSet(change))
    .execute();
}
