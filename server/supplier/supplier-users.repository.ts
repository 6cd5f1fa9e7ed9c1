import { containsText } from '../db/contains-text';
import type { Executor as Db } from '../db/executor';

export async function findSupplier(db: Db, supplierId: number) {
  return db.selectFrom('suppliers').select(['id', 'name']).where('id', '=', supplierId).executeTakeFirst();
}

/**
 * Suppliers whose name contains `text` in any case (LIKE's own characters taken literally), by
 * name, at most `limit`, with their home city and e-mail: how staff find a supplier's id.
 */
export async function findSuppliersNamed(db: Db, text: string, limit: number) {
  return db
    .selectFrom('suppliers as s')
    .innerJoin('cities as c', 'c.id', 's.home_city_id')
    .select(['s.id', 's.name', 's.email', 'c.name as city'])
    .where(containsText('s.name', text))
    .orderBy('s.name')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('supplier_users as u')
    .innerJoin('suppliers as s', 's.id', 'u.supplier_id')
    .select(['u.id', 'u.supplier_id', 'u.email', 'u.name', 'u.disabled_at', 'u.last_sign_in_at', 's.name as supplier_name'])
    .where('u.email', '=', email)
    .executeTakeFirst();
}

export async function findUser(db: Db, id: number) {
  return db.selectFrom('supplier_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A person's name and their supplier's, and whether they are disabled. */
export async function findUserWithSupplier(db: Db, id: number) {
  return db
    .selectFrom('supplier_users as u')
    .innerJoin('suppliers as s', 's.id', 'u.supplier_id')
    .select(['u.name', 'u.disabled_at', 's.name as supplier_name'])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export async function insertUser(db: Db, user: { supplierId: number; email: string; name: string; now: string }): Promise<number> {
  const row = await db
    .insertInto('supplier_users')
    .values({ supplier_id: user.supplierId, email: user.email, name: user.name, disabled_at: null, created_at: user.now, last_sign_in_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A supplier's people who have signed in at least once: the others are still invitations. */
export async function listSignedInUsers(db: Db, supplierId: number) {
  return db.selectFrom('supplier_users').selectAll().where('supplier_id', '=', supplierId).where('last_sign_in_at', 'is not', null).orderBy('id').execute();
}

/** Every supplier user with their supplier's name and its latest price-list write. */
export async function listAllUsers(db: Db) {
  return db
    .selectFrom('supplier_users as u')
    .innerJoin('suppliers as s', 's.id', 'u.supplier_id')
    .selectAll('u')
    .select((eb) => [
      's.name as supplier_name',
      eb
        .selectFrom('supplier_audit as a')
        .select((a) => a.fn.max('a.created_at').as('at'))
        .whereRef('a.supplier_id', '=', 'u.supplier_id')
        .where('a.action', 'like', 'offers.%')
        .as('last_price_change_at'),
    ])
    .orderBy('s.name')
    .orderBy('u.id')
    .execute();
}

/** Deletes a person, their address and sessions with them. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('supplier_users').where('id', '=', id).execute();
}

export async function setUserDisabled(db: Db, id: number, disabledAt: string | null): Promise<void> {
  await db.updateTable('supplier_users').set({ disabled_at: disabledAt }).where('id', '=', id).execute();
}

export async function recordSignIn(db: Db, userId: number, now: string): Promise<void> {
  await db.updateTable('supplier_users').set({ last_sign_in_at: now }).where('id', '=', userId).execute();
}

/** Records a supplier user's write, in the write's own transaction. */
export async function recordSupplierAudit(
  db: Db,
  entry: { supplierId: number; userId: number; action: string; rows: number; detail?: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('supplier_audit')
    .values({
      supplier_id: entry.supplierId,
      supplier_user_id: entry.userId,
      action: entry.action,
      rows: entry.rows,
      detail: entry.detail ?? '',
      created_at: now,
    })
    .execute();
}
