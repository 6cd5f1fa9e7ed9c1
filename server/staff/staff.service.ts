import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { STAFF_MESSAGES, type StaffRole, type StaffUser } from '../../sdk/schemas/staff';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { hashSecret } from '../lib/ids';
import { admit, peek, rateLimited, type RatePolicy } from '../limits/rate-limiter';
import { hashPassword, isCommonPassword, passwordMatches } from './passwords';
import * as repo from './staff.repository';

const HOUR = 3_600_000;
/** How long a set-password link works. */
export const SET_PASSWORD_LINK_HOURS = 24;
/** A session ends after this long unused… */
export const SESSION_IDLE_HOURS = 12;
/** …and in any case this long after sign-in. */
export const SESSION_MAX_DAYS = 7;
/** The idle clock is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 60_000;

/** Failed sign-ins: 5 per e-mail and 20 per client address in 15 minutes. */
export const SIGN_IN_FAILURES_PER_EMAIL: RatePolicy = { bucket: 'staff-sign-in-email', limit: 5, windowSeconds: 15 * 60 };
export const SIGN_IN_FAILURES_PER_ADDRESS: RatePolicy = { bucket: 'staff-sign-in-address', limit: 20, windowSeconds: 15 * 60 };

const iso = (ms: number) => new Date(ms).toISOString();
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The signed-in person a session belongs to, as the API and handlers see them. */
export interface StaffMember extends StaffUser {
  id: number;
}

/** A new set-password link for a person: 256 random bits, stored hashed, replacing any earlier link. */
async function issueLink(db: Executor, publicUrl: string, staffId: number, nowMs: number): Promise<string> {
  const token = `st_${randomBytes(32).toString('base64url')}`;
  await repo.deleteStaffTokens(db, staffId);
  await repo.insertStaffToken(db, { hash: hashSecret(token), staffId, expiresAt: iso(nowMs + SET_PASSWORD_LINK_HOURS * HOUR) });
  return `${publicUrl}/staff/set-password?token=${token}`;
}

/** Adds a staff member; answers their one-time link to set a password. */
export async function addStaff(db: Kysely<DB>, publicUrl: string, input: { email: string; name: string; role: StaffRole }, nowMs: number): Promise<string> {
  const email = normaliseEmail(input.email);
  return db.transaction().execute(async (trx) => {
    if (await repo.findStaffByEmail(trx, email)) throw new Error(`${email} is already a staff member; staff-reset gives them a new link.`);
    const id = await repo.insertStaff(trx, { email, name: input.name.trim(), role: input.role, createdAt: iso(nowMs) });
    return issueLink(trx, publicUrl, id, nowMs);
  });
}

/** A new link for someone who lost theirs or their password; every session of theirs ends. */
export async function resetStaff(db: Kysely<DB>, publicUrl: string, email: string, nowMs: number): Promise<string> {
  const user = await repo.findStaffByEmail(db, normaliseEmail(email));
  if (!user) throw new Error(`No staff member ${normaliseEmail(email)}.`);
  if (user.disabled_at) throw new Error(`${user.email} is disabled.`);
  await repo.deleteStaffSessions(db, user.id);
  return issueLink(db, publicUrl, user.id, nowMs);
}

/** Disables an account: its sessions and link end at once. */
export async function disableStaff(db: Kysely<DB>, email: string, nowMs: number): Promise<void> {
  const user = await repo.findStaffByEmail(db, normaliseEmail(email));
  if (!user) throw new Error(`No staff member ${normaliseEmail(email)}.`);
  await db.transaction().execute(async (trx) => {
    await repo.disableStaffUser(trx, user.id, iso(nowMs));
    await repo.deleteStaffSessions(trx, user.id);
    await repo.deleteStaffTokens(trx, user.id);
  });
}

/** Lets a disabled person back in: they choose a new password from the link this answers. */
export async function enableStaff(db: Kysely<DB>, publicUrl: string, email: string, nowMs: number): Promise<string> {
  const user = await repo.findStaffByEmail(db, normaliseEmail(email));
  if (!user) throw new Error(`No staff member ${normaliseEmail(email)}.`);
  if (!user.disabled_at) throw new Error(`${user.email} is not disabled; staff-reset gives them a new link.`);
  return db.transaction().execute(async (trx) => {
    await repo.enableStaffUser(trx, user.id);
    return issueLink(trx, publicUrl, user.id, nowMs);
  });
}

export const listStaff = (db: Kysely<DB>) => repo.listStaffUsers(db);

/** Sets a password from a link; the link works once. Answers the e-mail to sign in with. */
export async function setStaffPassword(db: Kysely<DB>, input: { token: string; password: string }, nowMs: number): Promise<{ email: string }> {
  if (isCommonPassword(input.password)) {
    throw new ApiError(400, 'validation_error', 'Validation failed', { fields: { password: STAFF_MESSAGES.passwordCommon } });
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const staffId = await repo.spendStaffToken(trx, hashSecret(input.token), iso(nowMs));
    const user = staffId === undefined ? undefined : await repo.findStaffById(trx, staffId);
    if (!user || user.disabled_at) throw new ApiError(400, 'invalid_token', STAFF_MESSAGES.linkInvalid);
    await repo.setStaffPassword(trx, user.id, passwordHash);
    // A new password ends every session signed in with the old one.
    await repo.deleteStaffSessions(trx, user.id);
    return { email: user.email };
  });
}

/**
 * Signs in: answers a new session id (for the cookie) and the person. An unknown e-mail, a
 * disabled account and a wrong password get the same answer after the same work; failures are
 * counted per e-mail and per client address, and past either limit every attempt answers 429.
 */
export async function signIn(db: Kysely<DB>, input: { email: string; password: string }, clientAddress: string, nowMs: number): Promise<{ sessionId: string; user: StaffMember }> {
  const email = normaliseEmail(input.email);
  for (const [policy, subject] of [
    [SIGN_IN_FAILURES_PER_EMAIL, email],
    [SIGN_IN_FAILURES_PER_ADDRESS, clientAddress],
  ] as const) {
    const admission = await peek(db, policy, subject, nowMs);
    if (!admission.allowed) {
      throw rateLimited(admission, `Too many failed sign-ins. Please try again in ${Math.ceil(admission.resetSeconds / 60)} minute${admission.resetSeconds <= 60 ? '' : 's'}.`);
    }
  }
  const user = await repo.findStaffByEmail(db, email);
  const usable = user && !user.disabled_at ? user : undefined;
  if (!(await passwordMatches(input.password, usable?.password_hash ?? null)) || !usable) {
    await admit(db, SIGN_IN_FAILURES_PER_EMAIL, email, nowMs);
    await admit(db, SIGN_IN_FAILURES_PER_ADDRESS, clientAddress, nowMs);
    throw new ApiError(401, 'invalid_credentials', STAFF_MESSAGES.signInFailed);
  }
  const sessionId = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await repo.insertStaffSession(trx, { idHash: hashSecret(sessionId), staffId: usable.id, now: iso(nowMs), expiresAt: iso(nowMs + SESSION_MAX_DAYS * 24 * HOUR) });
    await repo.recordSignIn(trx, usable.id, iso(nowMs));
  });
  return { sessionId, user: { id: usable.id, email: usable.email, name: usable.name, role: usable.role } };
}

/** The person a session id belongs to, or null when it is unknown, ended, idle too long or disabled. */
export async function staffForSession(db: Kysely<DB>, sessionId: string, nowMs: number): Promise<StaffMember | null> {
  const idHash = hashSecret(sessionId);
  const row = await repo.findStaffSession(db, idHash);
  if (!row) return null;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= nowMs || lastSeen + SESSION_IDLE_HOURS * HOUR <= nowMs) {
    await repo.deleteStaffSession(db, idHash);
    return null;
  }
  if (nowMs - lastSeen >= TOUCH_EVERY_MS) await repo.touchStaffSession(db, idHash, iso(nowMs));
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function signOut(db: Kysely<DB>, sessionId: string): Promise<void> {
  await repo.deleteStaffSession(db, hashSecret(sessionId));
}

/** For the retention sweep: sessions and links that can no longer be used. */
export function pruneStaffAccess(db: Kysely<DB>, nowMs: number): Promise<number> {
  return repo.pruneStaffAccess(db, { now: iso(nowMs), idleSince: iso(nowMs - SESSION_IDLE_HOURS * HOUR) });
}
