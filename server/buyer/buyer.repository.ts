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
