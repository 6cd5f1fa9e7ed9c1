import type { Kysely, Transaction } from 'kysely';
import { SUPPLIER_MESSAGES, type SupplierTeam, type SupplierUser } from '../../contract/schemas/supplier-workspace';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { admit, rateLimited, type RatePolicy } from '../limits/rate-limiter';
import { admitLinkTo, revokeLinks } from '../sign-in-links/sign-in-links';
import { recordAudit } from '../staff/audit.service';
import * as invitations from './supplier-invitations.repository';
import * as repo from './supplier-users.repository';
import { sendSignInLink, SUPPLIER_LINKS, supplierUserOf, type SupplierAccessDeps, type SupplierMember } from './supplier-users.service';

/**
 * Invitations to one supplier's workspace in any 24 hours, whoever sends them (its own people,
 * staff from /admin, the command line): a team cannot be made to e-mail strangers by the hundred.
 */
const INVITATIONS_PER_SUPPLIER: RatePolicy = { bucket: 'supplier-invitations', limit: 20, windowSeconds: 24 * 3600, sliding: true };

const iso = (ms: number) => new Date(ms).toISOString();
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A wait in the words a person reads: seconds, minutes or hours, rounded up. */
function waitOf(seconds: number): string {
  const [n, unit] = seconds <= 90 ? [seconds, 'second'] : seconds <= 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** Counts an invitation against the supplier's limit, or refuses it (429) without counting it. */
async function admitInvitation(trx: Transaction<DB>, supplierId: number, nowMs: number): Promise<void> {
  const admission = await admit(trx, INVITATIONS_PER_SUPPLIER, String(supplierId), nowMs);
  if (!admission.allowed) {
    throw rateLimited(
      admission.resetSeconds,
      `Too many invitations to this supplier's workspace: at most ${INVITATIONS_PER_SUPPLIER.limit} in any 24 hours. Please try again in ${waitOf(admission.resetSeconds)}.`,
    );
  }
}

/**
 * A colleague invites someone to their team. The answer is the same whatever the address: free
 * (the person is added and e-mailed a sign-in link), already of this team (e-mailed a new link),
 * or another supplier's person's (nothing is sent, nobody added); and the team's list shows each
 * as invited until a person of this team signs in with it. Within the supplier's invitations a day
 * and the address's sign-in links an hour; past the address's, the person is added but not
 * e-mailed.
 */
export async function inviteColleague(deps: SupplierAccessDeps, by: SupplierMember, input: { email: string; name: string }): Promise<{ message: string }> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  const nowMs = deps.clock();
  const now = iso(nowMs);
  await deps.database.db.transaction().execute(async (trx) => {
    await admitInvitation(trx, by.supplierId, nowMs);
    const invitationId = await invitations.upsertInvitation(trx, { supplierId: by.supplierId, email, name, now });
    const existing = await repo.findUserByEmail(trx, email);
    // Another supplier's person is told nothing and counted nowhere: inviting them cannot use up their own links.
    if (!existing || (existing.supplier_id === by.supplierId && !existing.disabled_at)) {
      const id = existing?.id ?? (await repo.insertUser(trx, { supplierId: by.supplierId, email, name, now }));
      if ((await admitLinkTo(trx, SUPPLIER_LINKS, email, nowMs)).allowed) {
        await sendSignInLink(trx, deps.outbox, { id, email, supplierName: by.supplierName }, nowMs);
      }
    }
    await repo.recordSupplierAudit(
      trx,
      { supplierId: by.supplierId, userId: by.id, action: 'users.invite', rows: 1, detail: `invitation ${invitationId}` },
      now,
    );
  });
  deps.outbox.notify();
  return { message: SUPPLIER_MESSAGES.invited };
}

/** Who invited someone from outside the workspace: a staff member from /admin, or the command line. */
export type InvitedBy = { staffId: number } | { commandLine: true };

/**
 * Staff (from /admin or the command line) add a person to a supplier and e-mail them a sign-in
 * link. Staff see every supplier's people, so they are told the real reason one cannot be added:
 * another supplier's person (409), disabled (409), or sent the address's links for the hour (429).
 * Inviting someone already of this supplier sends them a new link.
 */
export async function inviteSupplierUser(
  deps: SupplierAccessDeps,
  input: { supplierId: number; email: string; name: string },
  by: InvitedBy,
): Promise<SupplierUser> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  const nowMs = deps.clock();
  const now = iso(nowMs);
  const user = await deps.database.db.transaction().execute(async (trx) => {
    const supplier = await repo.findSupplier(trx, input.supplierId);
    if (!supplier) throw new ApiError(404, 'supplier_not_found', 'Supplier not found');
    await admitInvitation(trx, supplier.id, nowMs);
    const existing = await repo.findUserByEmail(trx, email);
    if (existing && existing.supplier_id !== supplier.id) throw new ApiError(409, 'email_taken', SUPPLIER_MESSAGES.emailTaken);
    if (existing?.disabled_at) throw new ApiError(409, 'user_disabled', `${email} is disabled; staff can enable them again.`);
    const links = await admitLinkTo(trx, SUPPLIER_LINKS, email, nowMs);
    if (!links.allowed) {
      throw rateLimited(
        links.retryAfterSeconds,
        `${email} was sent ${SUPPLIER_LINKS.perAddressPerHour} sign-in links in the last hour. Please try again in ${waitOf(links.retryAfterSeconds)}.`,
      );
    }
    const id = existing?.id ?? (await repo.insertUser(trx, { supplierId: supplier.id, email, name, now }));
    await invitations.upsertInvitation(trx, { supplierId: supplier.id, email, name, now });
    await sendSignInLink(trx, deps.outbox, { id, email, supplierName: supplier.name }, nowMs);
    await recordAudit(trx, { staffId: 'staffId' in by ? by.staffId : null, action: 'suppliers.invite', rows: 1, detail: `supplier ${supplier.id}` }, now);
    return (await repo.findUser(trx, id))!;
  });
  deps.outbox.notify();
  return supplierUserOf(user);
}

/** The team: its people who have signed in, and those invited who have not yet (newest first). */
export async function supplierTeam(db: Executor, supplierId: number): Promise<SupplierTeam> {
  const [users, open] = await Promise.all([repo.listSignedInUsers(db, supplierId), invitations.listOpenInvitations(db, supplierId)]);
  return {
    users: users.map(supplierUserOf),
    invitations: open.map((i) => ({ id: i.id, email: i.email, name: i.name, invitedAt: i.created_at })),
  };
}

/**
 * Withdraws an invitation: it leaves the list, and a person it added who never signed in goes
 * with it, their links at once. Another supplier's invitation is as unknown as one that does not exist.
 */
export async function withdrawInvitation(db: Kysely<DB>, by: SupplierMember, invitationId: number, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invitation = await invitations.findInvitation(trx, invitationId);
    if (!invitation || invitation.supplier_id !== by.supplierId) throw new ApiError(404, 'invitation_not_found', SUPPLIER_MESSAGES.invitationNotFound);
    const person = await repo.findUserByEmail(trx, invitation.email);
    if (person && person.supplier_id === by.supplierId && person.last_sign_in_at === null) {
      await repo.deleteUser(trx, person.id);
      await revokeLinks(trx, SUPPLIER_LINKS, person.id);
    }
    await invitations.deleteInvitation(trx, invitationId);
    await repo.recordSupplierAudit(
      trx,
      { supplierId: by.supplierId, userId: by.id, action: 'invitations.withdraw', rows: 1, detail: `invitation ${invitationId}` },
      iso(nowMs),
    );
  });
}

/**
 * Makes an approved applicant a person of their supplier and e-mails them a sign-in link, in the
 * approval's transaction. An address that signs in for another supplier cannot be added (409).
 */
export async function addApplicant(
  trx: Transaction<DB>,
  outbox: SupplierAccessDeps['outbox'],
  input: { supplierId: number; supplierName: string; email: string; name: string },
  nowMs: number,
  emailTaken: string,
): Promise<void> {
  const email = normaliseEmail(input.email);
  const existing = await repo.findUserByEmail(trx, email);
  if (existing && existing.supplier_id !== input.supplierId) throw new ApiError(409, 'email_taken', emailTaken);
  const id = existing?.id ?? (await repo.insertUser(trx, { supplierId: input.supplierId, email, name: input.name.trim(), now: iso(nowMs) }));
  // Counted against the address's links of the hour, but sent whatever the count: staff approve an application once.
  await admitLinkTo(trx, SUPPLIER_LINKS, email, nowMs);
  await sendSignInLink(trx, outbox, { id, email, supplierName: input.supplierName }, nowMs);
}
