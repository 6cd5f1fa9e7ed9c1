import type { Kysely, Transaction } from 'kysely';
import { SUPPLIER_MESSAGES, type SupplierAccess, type SupplierLinkHolder, type SupplierMe, type SupplierUser } from '../../contract/schemas/supplier-workspace';
import type { Database } from '../db/database';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';
import type { GroupCommit } from '../db/group-commit';
import { ApiError } from '../errors';
import { idleSince, newSessionId, sessionHardEnd, sessionState } from '../http/sessions';
import * as sessions from '../http/sessions.repository';
import { hashSecret } from '../lib/ids';
import { SIGN_IN_LINK_MINUTES } from '../mail/messages';
import type { Outbox } from '../mail/outbox';
import { recordAudit } from '../staff/audit.service';
import { admitLinkTo, issueLink, peekLink, revokeLinks, spendLink, storedLink, type LinkKind } from '../sign-in-links/sign-in-links';
import * as repo from './supplier-users.repository';
import type { MarketStore } from '../catalogue/market-store';
import { readinessOf } from '../domain/readiness';
import { deleteInvitationsOf } from './supplier-invitations.repository';

export { SIGN_IN_LINK_MINUTES };

/**
 * A supplier's people sign in with these links, e-mailed to them: each works once within 10
 * minutes (OWASP ASVS's bound for an out-of-band token), a person holds up to 3 live at once (a new link cancels none of them), and one address
 * is sent at most 3 in any hour, whoever asks, so nobody can flood a mailbox nor, by asking for
 * more, cancel the link its owner is about to open.
 */
export const SUPPLIER_LINKS: LinkKind = {
  kind: 'supplier',
  prefix: 'sl_',
  lifetimeMinutes: SIGN_IN_LINK_MINUTES,
  liveAtOnce: 3,
  owners: 'supplier_users',
  perAddressPerHour: 3,
};

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

/**
 * A new sign-in link for a person, e-mailed in `trx`; for nobody (`id` null) the same statements
 * run and write nothing, neither link nor e-mail.
 */
export async function sendSignInLink(
  trx: Transaction<DB>,
  outbox: Outbox,
  to: { id: number | null; email: string; supplierName: string },
  nowMs: number,
  lead?: string,
): Promise<void> {
  const link = await issueLink(trx, SUPPLIER_LINKS, to.id, nowMs);
  await outbox.enqueueWhere(
    trx,
    [{ kind: 'supplier-sign-in', recipient: to.email, payload: { token: link.token, supplierName: to.supplierName, ...(lead ? { lead } : {}) } }],
    new Date(nowMs),
    storedLink(trx, link),
  );
}

/** A person as the workspace and staff see them. */
export const supplierUserOf = (u: Awaited<ReturnType<typeof repo.listSignedInUsers>>[number]): SupplierUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  createdAt: u.created_at,
  lastSignInAt: u.last_sign_in_at,
  disabled: u.disabled_at !== null,
});

/**
 * E-mails a sign-in link to a known, enabled supplier user, within {@link SUPPLIER_LINKS}' limit
 * for the address. Whatever the address, the caller answers the same, and takes the same steps
 * to: every address is counted against the limit, looked up, and given a link and an e-mail by
 * the same statements, which for an unknown, disabled or limited one write nothing.
 */
export async function requestSignInLink(deps: SupplierAccessDeps, input: { email: string; lead?: string | undefined }): Promise<{ message: string }> {
  const email = normaliseEmail(input.email);
  const nowMs = deps.clock();
  await deps.database.db.transaction().execute(async (trx) => {
    const { allowed } = await admitLinkTo(trx, SUPPLIER_LINKS, email, nowMs);
    const user = await repo.findUserByEmail(trx, email);
    const to = allowed && user && !user.disabled_at ? user : undefined;
    await sendSignInLink(trx, deps.outbox, { id: to?.id ?? null, email, supplierName: to?.supplier_name ?? '' }, nowMs, input.lead);
  });
  deps.outbox.notify();
  return { message: SUPPLIER_MESSAGES.linkSent };
}

/**
 * Whom a live sign-in link is for, without spending it: the sign-in page shows "Sign in as
 * {name} at {supplier}" and only the person's click spends the link.
 */
export async function signInLinkHolder(db: Kysely<DB>, token: string, nowMs: number): Promise<SupplierLinkHolder> {
  const userId = await peekLink(db, SUPPLIER_LINKS, token, nowMs);
  const user = userId === undefined ? undefined : await repo.findUserWithSupplier(db, userId);
  if (!user || user.disabled_at) throw new ApiError(400, 'invalid_token', SUPPLIER_MESSAGES.linkInvalid);
  return { name: user.name, supplierName: user.supplier_name };
}

/** Exchanges a sign-in link's token for a new session: answers the session id (for the cookie) and who signed in. */
export async function startSession(
  deps: { database: Database; market: MarketStore },
  token: string,
  nowMs: number,
): Promise<{ sessionId: string; me: SupplierMe }> {
  const { db } = deps.database;
  const now = iso(nowMs);
  const sessionId = newSessionId();
  const member = await db.transaction().execute(async (trx) => {
    const userId = await spendLink(trx, SUPPLIER_LINKS, token, nowMs);
    const user = userId === undefined ? undefined : await repo.findUser(trx, userId);
    if (!user || user.disabled_at) throw new ApiError(400, 'invalid_token', SUPPLIER_MESSAGES.linkInvalid);
    await sessions.insertSession(trx, 'supplier', { idHash: hashSecret(sessionId), personId: user.id, now, expiresAt: sessionHardEnd(nowMs) });
    await repo.recordSignIn(trx, user.id, now);
    return sessions.findSession(trx, 'supplier', hashSecret(sessionId));
  });
  if (!member) throw new ApiError(400, 'invalid_token', SUPPLIER_MESSAGES.linkInvalid);
  return { sessionId, me: await meOf(deps.market, toMember(member)) };
}

const toMember = (row: NonNullable<Awaited<ReturnType<typeof sessions.findSession<'supplier'>>>>): SupplierMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  supplierId: row.supplier_id,
  supplierName: row.supplier_name,
});

/** The workspace's answer of who is signed in, with whether their supplier is ready to quote (read from the market snapshot). */
export async function meOf(market: MarketStore, m: SupplierMember): Promise<SupplierMe> {
  return {
    user: { id: m.id, email: m.email, name: m.name },
    supplier: { id: m.supplierId, name: m.supplierName },
    readiness: readinessOf(await market.current(), m.supplierId),
  };
}

/** The person a session id belongs to, or null when it is unknown, ended, idle too long or disabled. */
export async function supplierForSession(db: Kysely<DB>, sessionId: string, nowMs: number): Promise<SupplierMember | null> {
  const idHash = hashSecret(sessionId);
  const row = await sessions.findSession(db, 'supplier', idHash);
  if (!row) return null;
  const state = sessionState(row, nowMs);
  if (state === 'ended') {
    await sessions.deleteSession(db, 'supplier', idHash);
    return null;
  }
  if (state === 'touch') await sessions.touchSession(db, 'supplier', idHash, iso(nowMs));
  return toMember(row);
}

export async function endSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await sessions.deleteSession(db, 'supplier', hashSecret(sessionId));
}

/** Removes a colleague: the person, their address, links and sessions go at once. Nobody removes themselves. */
export async function removeColleague(db: Kysely<DB>, by: SupplierMember, userId: number, nowMs: number): Promise<void> {
  if (userId === by.id) throw new ApiError(409, 'not_yourself', SUPPLIER_MESSAGES.notYourself);
  await db.transaction().execute(async (trx) => {
    const user = await repo.findUser(trx, userId);
    // Another supplier's person is as unknown as one who does not exist.
    if (!user || user.supplier_id !== by.supplierId) throw new ApiError(404, 'user_not_found', SUPPLIER_MESSAGES.userNotFound);
    await repo.deleteUser(trx, userId);
    await revokeLinks(trx, SUPPLIER_LINKS, userId);
    // Invited again later, the address is a new invitation, not one that reappears.
    await deleteInvitationsOf(trx, { supplierId: by.supplierId, email: user.email });
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
      await sessions.deleteSessionsOf(trx, 'supplier', userId);
      await revokeLinks(trx, SUPPLIER_LINKS, userId);
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
    ...supplierUserOf(u),
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

/** For the retention sweep: sessions that can no longer be used. */
export function pruneSupplierSessions(db: Kysely<DB>, nowMs: number): Promise<number> {
  return sessions.pruneSessions(db, 'supplier', { now: iso(nowMs), idleSince: idleSince(nowMs) });
}
