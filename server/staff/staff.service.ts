import type { Kysely } from 'kysely';
import { STAFF_MESSAGES, type StaffRole, type StaffUser } from '../../contract/schemas/staff';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { idleSince, newSessionId, sessionHardEnd, sessionState } from '../http/sessions';
import * as sessions from '../http/sessions.repository';
import { hashSecret } from '../lib/ids';
import { clientSubject, rateLimited, subjectKey } from '../limits/rate-limiter';
import { issueLink, peekLink, revokeLinks, spendLink, type LinkKind } from '../sign-in-links/sign-in-links';
import { hashPassword, isCommonPassword, isStrongPassword, passwordMatches } from './passwords';
import * as repo from './staff.repository';

/** How long a set-password link works. */
export const SET_PASSWORD_LINK_HOURS = 24;

/**
 * Staff's one-time links, which open the set-password page. Made only on the server's command
 * line, so no address limit; a new one replaces the last, as `staff-reset` promises.
 */
export const STAFF_LINKS: LinkKind = { kind: 'staff', prefix: 'st_', lifetimeMinutes: SET_PASSWORD_LINK_HOURS * 60, liveAtOnce: 1, owners: 'staff_users' };

/**
 * Failed sign-ins in a row, per account and per client address: past the first 5 for an account
 * (20 for an address), each next attempt waits 1 s, then 2, 4... up to 30 s, so nobody can lock a
 * person out, and the right password still signs in after a short wait. Failures more than 15
 * minutes after the last one start the count again.
 */
const SIGN_IN_DELAYS = { account: 5, address: 20, maxDelaySeconds: 30, forgetAfterMinutes: 15 } as const;

/** Seconds the attempt after `failures` failures in a row waits, with `free` failures free. */
function signInDelaySeconds(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(2 ** (failures - free), SIGN_IN_DELAYS.maxDelaySeconds);
}

const iso = (ms: number) => new Date(ms).toISOString();
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The signed-in person a session belongs to, as the API and handlers see them. */
export interface StaffMember extends StaffUser {
  id: number;
}

/**
 * A new set-password link for a person, replacing any earlier one. The token rides in the
 * address's fragment, which browsers never send, so no server or proxy log holds it.
 */
async function setPasswordLink(db: Executor, publicUrl: string, staffId: number, nowMs: number): Promise<string> {
  const { token } = await issueLink(db, STAFF_LINKS, staffId, nowMs);
  return `${publicUrl}/staff/set-password#${token}`;
}

/** Adds a staff member; answers their one-time link to set a password. */
export async function addStaff(db: Kysely<DB>, publicUrl: string, input: { email: string; name: string; role: StaffRole }, nowMs: number): Promise<string> {
  const email = normaliseEmail(input.email);
  return db.transaction().execute(async (trx) => {
    if (await repo.findStaffByEmail(trx, email)) throw new Error(`${email} is already a staff member; staff-reset gives them a new link.`);
    const id = await repo.insertStaff(trx, { email, name: input.name.trim(), role: input.role, createdAt: iso(nowMs) });
    return setPasswordLink(trx, publicUrl, id, nowMs);
  });
}

/** A new link for someone who lost theirs or their password; every session of theirs ends. */
export async function resetStaff(db: Kysely<DB>, publicUrl: string, email: string, nowMs: number): Promise<string> {
  const user = await repo.findStaffByEmail(db, normaliseEmail(email));
  if (!user) throw new Error(`No staff member ${normaliseEmail(email)}.`);
  if (user.disabled_at) throw new Error(`${user.email} is disabled.`);
  await sessions.deleteSessionsOf(db, 'staff', user.id);
  return setPasswordLink(db, publicUrl, user.id, nowMs);
}

/** Disables an account: its sessions and link end at once. */
export async function disableStaff(db: Kysely<DB>, email: string, nowMs: number): Promise<void> {
  const user = await repo.findStaffByEmail(db, normaliseEmail(email));
  if (!user) throw new Error(`No staff member ${normaliseEmail(email)}.`);
  await db.transaction().execute(async (trx) => {
    await repo.disableStaffUser(trx, user.id, iso(nowMs));
    await sessions.deleteSessionsOf(trx, 'staff', user.id);
    await revokeLinks(trx, STAFF_LINKS, user.id);
  });
}

/** Lets a disabled person back in: they choose a new password from the link this answers. */
export async function enableStaff(db: Kysely<DB>, publicUrl: string, email: string, nowMs: number): Promise<string> {
  const user = await repo.findStaffByEmail(db, normaliseEmail(email));
  if (!user) throw new Error(`No staff member ${normaliseEmail(email)}.`);
  if (!user.disabled_at) throw new Error(`${user.email} is not disabled; staff-reset gives them a new link.`);
  return db.transaction().execute(async (trx) => {
    await repo.enableStaffUser(trx, user.id);
    return setPasswordLink(trx, publicUrl, user.id, nowMs);
  });
}

export const listStaff = (db: Kysely<DB>) => repo.listStaffUsers(db);

/** The enabled person a live set-password link is for, without spending it. */
async function linkHolder(db: Executor, token: string, nowMs: number) {
  const staffId = await peekLink(db, STAFF_LINKS, token, nowMs);
  const user = staffId === undefined ? undefined : await repo.findStaffById(db, staffId);
  if (!user || user.disabled_at) throw new ApiError(400, 'invalid_token', STAFF_MESSAGES.linkInvalid);
  return user;
}

/** Whom a set-password link is for (their name alone), without spending it: the page shows it before the person acts. */
export async function setPasswordLinkHolder(db: Kysely<DB>, token: string, nowMs: number): Promise<{ name: string }> {
  return { name: (await linkHolder(db, token, nowMs)).name };
}

/**
 * Sets a password from a link; the link works once. The person is signed in by it, as by the
 * password they just chose: answers the new session id (for the cookie) and the person.
 */
export async function setStaffPassword(
  db: Kysely<DB>,
  input: { token: string; password: string },
  nowMs: number,
): Promise<{ sessionId: string; user: StaffMember }> {
  if (isCommonPassword(input.password)) {
    throw new ApiError(400, 'validation_error', 'Validation failed', { fields: { password: STAFF_MESSAGES.passwordCommon } });
  }
  // The link is looked up before the password is hashed: a bogus token costs a lookup, not a hash.
  const owner = await linkHolder(db, input.token, nowMs);
  if (!(await isStrongPassword(input.password, owner))) {
    throw new ApiError(400, 'validation_error', 'Validation failed', { fields: { password: STAFF_MESSAGES.passwordWeak } });
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const staffId = await spendLink(trx, STAFF_LINKS, input.token, nowMs);
    const user = staffId === undefined ? undefined : await repo.findStaffById(trx, staffId);
    if (!user || user.disabled_at) throw new ApiError(400, 'invalid_token', STAFF_MESSAGES.linkInvalid);
    await repo.setStaffPassword(trx, user.id, passwordHash);
    // A new password ends every session signed in with the old one, and starts this one.
    await sessions.deleteSessionsOf(trx, 'staff', user.id);
    const sessionId = newSessionId();
    await sessions.insertSession(trx, 'staff', { idHash: hashSecret(sessionId), personId: user.id, now: iso(nowMs), expiresAt: sessionHardEnd(nowMs) });
    await repo.recordSignIn(trx, user.id, iso(nowMs));
    return { sessionId, user: { id: user.id, email: user.email, name: user.name, role: user.role } };
  });
}

/**
 * Signs in: answers a new session id (for the cookie) and the person. An unknown e-mail, a
 * disabled account and a wrong password get the same answer after the same work. Each attempt
 * takes its place first, per client address (an IPv6 client by its /64) and per account, in a
 * statement that refuses it while the subject must wait ({@link SIGN_IN_DELAYS}), so attempts
 * made at once cannot all be checked; the right password forgets the failures of both.
 */
export async function signIn(
  db: Kysely<DB>,
  input: { email: string; password: string },
  clientAddress: string,
  nowMs: number,
): Promise<{ sessionId: string; user: StaffMember }> {
  const email = normaliseEmail(input.email);
  const subjects = [
    [subjectKey('staff-sign-in-address', clientSubject(clientAddress)), SIGN_IN_DELAYS.address],
    [subjectKey('staff-sign-in-account', email), SIGN_IN_DELAYS.account],
  ] as const;
  for (const [subject, free] of subjects) {
    const failures = await repo.reserveSignInAttempt(db, {
      subject,
      now: iso(nowMs),
      forgetBefore: iso(nowMs - SIGN_IN_DELAYS.forgetAfterMinutes * 60_000),
      nextAttemptAt: (n) => iso(nowMs + signInDelaySeconds(n, free) * 1000),
    });
    if (failures === undefined) {
      const next = await repo.nextSignInAttempt(db, subject);
      const seconds = Math.max(1, Math.ceil(((next ? Date.parse(next) : nowMs) - nowMs) / 1000));
      throw rateLimited(seconds, `Too many failed sign-ins. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
    }
  }
  const user = await repo.findStaffByEmail(db, email);
  const usable = user && !user.disabled_at ? user : undefined;
  if (!(await passwordMatches(input.password, usable?.password_hash ?? null)) || !usable) {
    throw new ApiError(401, 'invalid_credentials', STAFF_MESSAGES.signInFailed);
  }
  // The right password forgets the failures of the account and of the address it came from.
  for (const [subject] of subjects) await repo.forgetSignInFailures(db, subject);
  const sessionId = newSessionId();
  await db.transaction().execute(async (trx) => {
    await sessions.insertSession(trx, 'staff', { idHash: hashSecret(sessionId), personId: usable.id, now: iso(nowMs), expiresAt: sessionHardEnd(nowMs) });
    await repo.recordSignIn(trx, usable.id, iso(nowMs));
  });
  return { sessionId, user: { id: usable.id, email: usable.email, name: usable.name, role: usable.role } };
}

/** The person a session id belongs to, or null when it is unknown, ended, idle too long or disabled. */
export async function staffForSession(db: Kysely<DB>, sessionId: string, nowMs: number): Promise<StaffMember | null> {
  const idHash = hashSecret(sessionId);
  const row = await sessions.findSession(db, 'staff', idHash);
  if (!row) return null;
  const state = sessionState(row, nowMs);
  if (state === 'ended') {
    await sessions.deleteSession(db, 'staff', idHash);
    return null;
  }
  if (state === 'touch') await sessions.touchSession(db, 'staff', idHash, iso(nowMs));
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function signOut(db: Kysely<DB>, sessionId: string): Promise<void> {
  await sessions.deleteSession(db, 'staff', hashSecret(sessionId));
}

/** For the retention sweep: sessions and links that can no longer be used. */
export async function pruneStaffAccess(db: Kysely<DB>, nowMs: number): Promise<number> {
  const ended = await sessions.pruneSessions(db, 'staff', { now: iso(nowMs), idleSince: idleSince(nowMs) });
  return ended + (await repo.pruneSignInFailures(db, iso(nowMs - SIGN_IN_DELAYS.forgetAfterMinutes * 60_000)));
}
