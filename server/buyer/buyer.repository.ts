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
  const row = await db
    .insertInto('buyer_accounts')
    .values({ email, created_at: now, last_sign_in_at: null, last_used_at: now, expiry_warned_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Notes a sign-in, which is a use. */
export async function recordSignIn(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('buyer_accounts').set({ last_sign_in_at: now, last_used_at: now, expiry_warned_at: null }).where('id', '=', id).execute();
}

/** Notes a use: the account's 24 months start again, and a warning given is void. */
export async function recordUse(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('buyer_accounts').set({ last_used_at: now, expiry_warned_at: null }).where('id', '=', id).execute();
}

/** The accounts last used before `before` and not yet warned. */
export function unwarnedAccountsUnusedSince(db: Db, before: string) {
  return db
    .selectFrom('buyer_accounts')
    .select(['id', 'email', 'last_used_at'])
    .where((eb) => eb(eb.fn.coalesce('last_used_at', 'created_at'), '<', before))
    .where('expiry_warned_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Notes that an account's warning e-mail was written. */
export async function recordExpiryWarning(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('buyer_accounts').set({ expiry_warned_at: now }).where('id', '=', id).execute();
}

/** The accounts warned at or before `warnedBy` and unused since (a use clears the warning). */
export function accountsWarnedBy(db: Db, warnedBy: string) {
  return db.selectFrom('buyer_accounts').select(['id', 'email']).where('expiry_warned_at', '<=', warnedBy).orderBy('id').execute();
}

/**
 * Deletes an account and every row keyed to it: its saved details, its sessions, its sign-in
 * links, then the account itself. Whatever else is kept per account is deleted here too, so one
 * function ends an account whoever asks (the buyer, a data request, the retention sweep).
 */
export async function deleteAccountRows(db: Db, id: number): Promise<void> {
  await db.deleteFrom('buyer_profiles').where('buyer_account_id', '=', id).execute();
  await db.deleteFrom('buyer_sessions').where('buyer_account_id', '=', id).execute();
  await db.deleteFrom('sign_in_links').where('kind', '=', 'buyer').where('owner_id', '=', id).execute();
  await db.deleteFrom('buyer_accounts').where('id', '=', id).execute();
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
