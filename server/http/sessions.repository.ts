import type { Executor as Db } from '../db/executor';

/**
 * The kinds of signed-in person and where each keeps its sessions: the table and the column naming
 * the person. The rows are alike (sessions.ts holds the rules they follow); the tables stay apart,
 * each tied to its own people so deleting a person deletes their sessions.
 */
const KINDS = {
  staff: { table: 'staff_sessions', person: 'staff_id' },
  supplier: { table: 'supplier_sessions', person: 'supplier_user_id' },
  buyer: { table: 'buyer_sessions', person: 'buyer_account_id' },
} as const;

/** A kind of signed-in person: staff, a supplier's user or a buyer. */
export type SessionKind = keyof typeof KINDS;

/** Stores a new session of `kind` for the person `personId`. */
export async function insertSession(db: Db, kind: SessionKind, session: { idHash: string; personId: number; now: string; expiresAt: string }): Promise<void> {
  const { table, person } = KINDS[kind];
  await db
    .insertInto(table)
    .values({ id_hash: session.idHash, [person]: session.personId, created_at: session.now, last_seen_at: session.now, expires_at: session.expiresAt } as {
      id_hash: string;
      staff_id: number;
      supplier_user_id: number;
      buyer_account_id: number;
      created_at: string;
      last_seen_at: string;
      expires_at: string;
    })
    .execute();
}

/** A staff session with its person, if it exists and the person is not disabled. */
async function findStaffSession(db: Db, idHash: string) {
  return db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_id')
    .select(['s.id_hash', 's.last_seen_at', 's.expires_at', 'u.id', 'u.email', 'u.name', 'u.role'])
    .where('s.id_hash', '=', idHash)
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
}

/** A supplier session with its person and supplier, if it exists and the person is not disabled. */
async function findSupplierSession(db: Db, idHash: string) {
  return db
    .selectFrom('supplier_sessions as x')
    .innerJoin('supplier_users as u', 'u.id', 'x.supplier_user_id')
    .innerJoin('suppliers as s', 's.id', 'u.supplier_id')
    .select(['x.last_seen_at', 'x.expires_at', 'u.id', 'u.email', 'u.name', 'u.supplier_id', 's.name as supplier_name'])
    .where('x.id_hash', '=', idHash)
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
}

/** A buyer session with its account, if it exists. */
async function findBuyerSession(db: Db, idHash: string) {
  return db
    .selectFrom('buyer_sessions as x')
    .innerJoin('buyer_accounts as a', 'a.id', 'x.buyer_account_id')
    .select(['x.last_seen_at', 'x.expires_at', 'a.id', 'a.email'])
    .where('x.id_hash', '=', idHash)
    .executeTakeFirst();
}

const FIND = { staff: findStaffSession, supplier: findSupplierSession, buyer: findBuyerSession };

/** A session of `kind` with the person it signs in (and, for a supplier's user, the supplier), if it exists and the person is not disabled. */
export function findSession<K extends SessionKind>(db: Db, kind: K, idHash: string): ReturnType<(typeof FIND)[K]> {
  return FIND[kind](db, idHash) as ReturnType<(typeof FIND)[K]>;
}

/** Writes a session's idle clock. */
export async function touchSession(db: Db, kind: SessionKind, idHash: string, now: string): Promise<void> {
  await db.updateTable(KINDS[kind].table).set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

/** Ends one session. */
export async function deleteSession(db: Db, kind: SessionKind, idHash: string): Promise<void> {
  await db.deleteFrom(KINDS[kind].table).where('id_hash', '=', idHash).execute();
}

/** Ends every session of one person. */
export async function deleteSessionsOf(db: Db, kind: SessionKind, personId: number): Promise<void> {
  const { table, person } = KINDS[kind];
  await db
    .deleteFrom(table)
    .where(person as 'staff_id', '=', personId)
    .execute();
}

/** Drops the sessions of `kind` past their hard end or idle too long; answers how many. */
export async function pruneSessions(db: Db, kind: SessionKind, { now, idleSince }: { now: string; idleSince: string }): Promise<number> {
  const deleted = await db
    .deleteFrom(KINDS[kind].table)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
