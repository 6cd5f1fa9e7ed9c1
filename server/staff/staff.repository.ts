import type { Executor as Db } from '../db/executor';
import type { StaffRole } from '../db/schema';

export async function findStaffByEmail(db: Db, email: string) {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findStaffById(db: Db, id: number) {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStaff(db: Db, user: { email: string; name: string; role: StaffRole; createdAt: string }): Promise<number> {
  const row = await db
    .insertInto('staff_users')
    .values({ email: user.email, name: user.name, role: user.role, password_hash: null, disabled_at: null, created_at: user.createdAt, last_sign_in_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listStaffUsers(db: Db) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'email', 'name', 'role', 'disabled_at', 'created_at', 'last_sign_in_at', 'password_hash'])
    .orderBy('id')
    .execute();
}

export async function disableStaffUser(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('staff_users').set({ disabled_at: now }).where('id', '=', id).where('disabled_at', 'is', null).execute();
}

/** Lifts a disable; the old password stops working too, so the person sets a new one from a link. */
export async function enableStaffUser(db: Db, id: number): Promise<void> {
  await db.updateTable('staff_users').set({ disabled_at: null, password_hash: null }).where('id', '=', id).execute();
}

export async function setStaffPassword(db: Db, staffId: number, passwordHash: string): Promise<void> {
  await db.updateTable('staff_users').set({ password_hash: passwordHash }).where('id', '=', staffId).execute();
}

export async function recordSignIn(db: Db, staffId: number, now: string): Promise<void> {
  await db.updateTable('staff_users').set({ last_sign_in_at: now }).where('id', '=', staffId).execute();
}

/**
 * Takes an attempt's place for a subject, in one statement, when the subject may try now: counts
 * it as a failure in a row (the count starts again after `forgetBefore`) and sets when the next
 * attempt may be made, as if this one fails. Answers the count, or undefined when the subject must
 * wait: attempts made at once cannot all take a place.
 */
export async function reserveSignInAttempt(
  db: Db,
  { subject, now, forgetBefore, nextAttemptAt }: { subject: string; now: string; forgetBefore: string; nextAttemptAt: (failures: number) => string },
): Promise<number | undefined> {
  // The next attempt's time depends on the count this statement makes: read the count, then write with it.
  for (;;) {
    const row = await db
      .selectFrom('sign_in_failures')
      .select(['failures', 'last_failure_at', 'next_attempt_at'])
      .where('subject', '=', subject)
      .executeTakeFirst();
    // A failure recorded after `now` means a clock moved back (another process's, or a test's): count afresh.
    const fresh = !row || row.last_failure_at < forgetBefore || row.last_failure_at > now;
    if (!fresh && row.next_attempt_at > now) return undefined;
    const failures = fresh ? 1 : row.failures + 1;
    const values = { subject, failures, last_failure_at: now, next_attempt_at: nextAttemptAt(failures) };
    if (!row) {
      const inserted = await db
        .insertInto('sign_in_failures')
        .values(values)
        .onConflict((oc) => oc.column('subject').doNothing())
        .returning('failures')
        .executeTakeFirst();
      if (inserted) return failures;
      continue; // another attempt took the first place: read again
    }
    // Written only if nobody else counted since the read: the count is the fence.
    const updated = await db
      .updateTable('sign_in_failures')
      .set(values)
      .where('subject', '=', subject)
      .where('failures', '=', row.failures)
      .where('last_failure_at', '=', row.last_failure_at)
      .returning('failures')
      .executeTakeFirst();
    if (updated) return failures;
  }
}

/** When a subject may next try to sign in. */
export async function nextSignInAttempt(db: Db, subject: string): Promise<string | undefined> {
  return (await db.selectFrom('sign_in_failures').select('next_attempt_at').where('subject', '=', subject).executeTakeFirst())?.next_attempt_at;
}

/** Forgets a subject's failures: its password was right. */
export async function forgetSignInFailures(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('subject', '=', subject).execute();
}

/** Drops failures older than any delay reaches. */
export async function pruneSignInFailures(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('sign_in_failures').where('last_failure_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
