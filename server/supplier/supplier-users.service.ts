import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { SUPPLIER_MESSAGES, type SupplierAccess, type SupplierMe, type SupplierUser } from '../../contract/schemas/supplier-workspace';
import type { Database } from '../db/database';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';
import type { GroupCommit } from '../db/group-commit';
import { ApiError } from '../errors';
import { idleSince, newSessionId, sessionHardEnd, sessionState } from '../http/sessions';
import { hashSecret } from '../lib/ids';
import { admit, type RatePolicy } from '../limits/rate-limiter';
import { SIGN_IN_LINK_MINUTES } from '../mail/messages';
import type { Outbox } from '../mail/outbox';
import { recordAudit } from '../staff/audit.service';
import * as repo from './supplier-users.repository';

export { SIGN_IN_LINK_MINUTES };

/** Sign-in links one address is sent: at most 5 an hour, whoever asks, so nobody can flood a mailbox. */
const SIGN_IN_LINKS_PER_ADDRESS: RatePolicy = { bucket: 'supplier-sign-in-address', limit: 5, windowSeconds: 3600 };

const iso = (ms: number) => new Date(ms).toISOString();
const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface SupplierAccessDeps {
  database: Database;
  outbox: Outbox;
  writes: GroupCommit;
  clock: () => number;
}

/** The signed-in supplier user a handler runs for. */
export interface SupplierMember {
  id: number;
  email: string;
  name: string;
  supplierId: number;
  supplierName: string;
}

/** Who added a person: a staff member from /admin or the command line, or a colleague. */
export type AddedBy = { staffId: number } | { colleague: SupplierMember } | { commandLine: true };

/** A new sign-in link for a person: 256 random bits, stored hashed, replacing any earlier link; e-mailed in `trx`. */
async function sendLink(
  trx: Transaction<DB>,
  outbox: Outbox,
  user: { id: number; email: string; supplierName: string },
  nowMs: number,
  lead?: string,
): Promise<void> {
  const token = `sl_${randomBytes(32).toString('base64url')}`;
  await repo.deleteLinks(trx, user.id);
  await repo.insertLink(trx, { hash: hashSecret(token), userId: user.id, expiresAt: iso(nowMs + SIGN_IN_LINK_MINUTES * 60_000) });
  await outbox.enqueue(
    trx,
    [{ kind: 'supplier-sign-in', recipient: user.email, payload: { token, supplierName: user.supplierName, ...(lead ? { lead } : {}) } }],
    new Date(nowMs),
  );
}

const toUser = (u: Awaited<ReturnType<typeof repo.listUsers>>[number]): SupplierUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  createdAt: u.created_at,
  lastSignInAt: u.last_sign_in_at,
  disabled: u.disabled_at !== null,
});

/**
 * Adds a person to a supplier and e-mails them a sign-in link. Inviting someone already of this
 * supplier sends them a new link; an address of another supplier's person is refused (409).
 */
export async function inviteSupplierUser(
  deps: SupplierAccessDeps,
  input: { supplierId: number; email: string; name: string },
  by: AddedBy,
): Promise<SupplierUser> {
  const email = normaliseEmail(input.email);
  const nowMs = deps.clock();
  const now = iso(nowMs);
  const user = await deps.database.db.transaction().execute(async (trx) => {
    const supplier = await repo.findSupplier(trx, input.supplierId);
    if (!supplier) throw new ApiError(404, 'supplier_not_found', 'Supplier not found');
    const existing = await repo.findUserByEmail(trx, email);
    if (existing && existing.supplier_id !== supplier.id) throw new ApiError(409, 'email_taken', SUPPLIER_MESSAGES.emailTaken);
    const id = existing?.id ?? (await repo.insertUser(trx, { supplierId: supplier.id, email, name: input.name.trim(), now }));
    if (existing?.disabled_at) throw new ApiError(409, 'user_disabled', `${email} is disabled; staff can enable them again.`);
    await sendLink(trx, deps.outbox, { id, email, supplierName: supplier.name }, nowMs);
    if ('staffId' in by) await recordAudit(trx, { staffId: by.staffId, action: 'suppliers.invite', rows: 1, detail: `supplier ${supplier.id}` }, now);
    if ('colleague' in by)
      await repo.recordSupplierAudit(trx, { supplierId: supplier.id, userId: by.colleague.id, action: 'users.add', rows: 1, detail: `user ${id}` }, now);
    return (await repo.findUser(trx, id))!;
  });
  deps.outbox.notify();
  return toUser(user);
}

/**
 * E-mails a sign-in link to a known, enabled supplier user. Whatever the address, the caller
 * answers the same: nothing tells whether it is known. An address gets at most
 * {@link SIGN_IN_LINKS_PER_ADDRESS} links an hour.
 */
export async function requestSignInLink(deps: SupplierAccessDeps, input: { email: string; lead?: string | undefined }): Promise<{ message: string }> {
  const email = normaliseEmail(input.email);
  const nowMs = deps.clock();
  const sent = await deps.database.db.transaction().execute(async (trx) => {
    const user = await repo.findUserByEmail(trx, email);
    if (!user || user.disabled_at) return false;
    if (!(await admit(trx, SIGN_IN_LINKS_PER_ADDRESS, email, nowMs)).allowed) return false;
    await sendLink(trx, deps.outbox, { id: user.id, email: user.email, supplierName: user.supplier_name }, nowMs, input.lead);
    return true;
  });
  if (sent) deps.outbox.notify();
  return { message: SUPPLIER_MESSAGES.linkSent };
}

/** Exchanges a sign-in link's token for a new session: answers the session id (for the cookie) and who signed in. */
export async function startSession(db: Kysely<DB>, token: string, nowMs: number): Promise<{ sessionId: string; me: SupplierMe }> {
  const now = iso(nowMs);
  const sessionId = newSessionId();
  const member = await db.transaction().execute(async (trx) => {
    const userId = await repo.spendLink(trx, hashSecret(token), now);
    const user = userId === undefined ? undefined : await repo.findUser(trx, userId);
    if (!user || user.disabled_at) throw new ApiError(400, 'invalid_token', SUPPLIER_MESSAGES.linkInvalid);
    await repo.insertSession(trx, { idHash: hashSecret(sessionId), userId: user.id, now, expiresAt: sessionHardEnd(nowMs) });
    await repo.recordSignIn(trx, user.id, now);
    return repo.findSession(trx, hashSecret(sessionId));
  });
  if (!member) throw new ApiError(400, 'invalid_token', SUPPLIER_MESSAGES.linkInvalid);
  return { sessionId, me: meOf(toMember(member)) };
}

const toMember = (row: NonNullable<Awaited<ReturnType<typeof repo.findSession>>>): SupplierMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  supplierId: row.supplier_id,
  supplierName: row.supplier_name,
});

/** The workspace's answer of who is signed in. */
export const meOf = (m: SupplierMember): SupplierMe => ({
  user: { id: m.id, email: m.email, name: m.name },
  supplier: { id: m.supplierId, name: m.supplierName },
});

/** The person a session id belongs to, or null when it is unknown, ended, idle too long or disabled. */
export async function supplierForSession(db: Kysely<DB>, sessionId: string, nowMs: number): Promise<SupplierMember | null> {
  const idHash = hashSecret(sessionId);
  const row = await repo.findSession(db, idHash);
  if (!row) return null;
  const state = sessionState(row, nowMs);
  if (state === 'ended') {
    await repo.deleteSession(db, idHash);
    return null;
  }
  if (state === 'touch') await repo.touchSession(db, idHash, iso(nowMs));
  return toMember(row);
}

export async function endSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await repo.deleteSession(db, hashSecret(sessionId));
}

/** The supplier's people. */
export async function listColleagues(db: Executor, supplierId: number): Promise<SupplierUser[]> {
  return (await repo.listUsers(db, supplierId)).map(toUser);
}

/** Removes a colleague: the person, their address, links and sessions go at once. Nobody removes themselves. */
export async function removeColleague(db: Kysely<DB>, by: SupplierMember, userId: number, nowMs: number): Promise<void> {
  if (userId === by.id) throw new ApiError(409, 'not_yourself', SUPPLIER_MESSAGES.notYourself);
  await db.transaction().execute(async (trx) => {
    const user = await repo.findUser(trx, userId);
    // Another supplier's person is as unknown as one who does not exist.
    if (!user || user.supplier_id !== by.supplierId) throw new ApiError(404, 'user_not_found', SUPPLIER_MESSAGES.userNotFound);
    await repo.deleteUser(trx, userId);
    await repo.recordSupplierAudit(trx, { supplierId: by.supplierId, userId: by.id, action: 'users.remove', rows: 1, detail: `user ${userId}` }, iso(nowMs));
  });
}

/** Staff disable or enable a supplier user: disabled, their sessions and link end at once. */
export async function setSupplierUserDisabled(db: Kysely<DB>, staffId: number, userId: number, disabled: boolean, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await repo.findUser(trx, userId);
    if (!user) throw new ApiError(404, 'user_not_found', 'Supplier user not found');
    await repo.setUserDisabled(trx, userId, disabled ? iso(nowMs) : null);
    if (disabled) {
      await repo.deleteSessions(trx, userId);
      await repo.deleteLinks(trx, userId);
    }
    await recordAudit(
      trx,
      { staffId, action: disabled ? 'supplier-users.disable' : 'supplier-users.enable', rows: 1, detail: `supplier ${user.supplier_id}` },
      iso(nowMs),
    );
  });
}

/** Every supplier user, for staff: their supplier, last sign-in, and when their supplier last changed its prices. */
export async function listSupplierAccess(db: Executor): Promise<SupplierAccess[]> {
  return (await repo.listAllUsers(db)).map((u) => ({
    ...toUser(u),
    supplierId: u.supplier_id,
    supplierName: u.supplier_name,
    lastPriceChangeAt: u.last_price_change_at ?? null,
  }));
}

/** Records a supplier user's write in its supplier's audit log; call it in the write's own transaction. */
export function recordSupplierAudit(
  db: Executor,
  entry: { supplierId: number; userId: number; action: string; rows: number; detail?: string },
  nowMs: number,
): Promise<void> {
  return repo.recordSupplierAudit(db, entry, iso(nowMs));
}

/** For the retention sweep: sessions and links that can no longer be used. */
export function pruneSupplierAccess(db: Kysely<DB>, nowMs: number): Promise<number> {
  return repo.pruneSupplierAccess(db, { now: iso(nowMs), idleSince: idleSince(nowMs) });
}
