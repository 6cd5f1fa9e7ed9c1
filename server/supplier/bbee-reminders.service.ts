// The one e-mail that tells a supplier its B-BBEE evidence expires: written by the hourly sweep
// once the expiry is 30 days away or less, once per expiry date (a renewed certificate gets its own).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { addDays, johannesburgDay } from '../domain/calendar';
import { isStopped } from '../listed-suppliers/listed-suppliers.service';
import type { Outbox } from '../mail/outbox';
import { expiringUnreminded, markReminded } from './bbee-reminders.repository';

/** How many days before its expiry a supplier is reminded. */
const BBEE_REMINDER_DAYS = 30;

/**
 * Writes the reminder of each supplier whose level's evidence expires within
 * {@link BBEE_REMINDER_DAYS} days of today in Johannesburg, and records it, in one transaction
 * per supplier, so two processes never both write one. A business that stopped Procura's e-mails
 * gets none. Answers how many were written.
 */
export async function remindExpiringBbee(db: Kysely<DB>, outbox: Outbox, nowMs: number): Promise<number> {
  const today = johannesburgDay(nowMs);
  const due = await expiringUnreminded(db, { from: today, to: addDays(today, BBEE_REMINDER_DAYS) });
  let written = 0;
  for (const s of due) {
    if (await isStopped(db, s.email)) continue;
    const expiresOn = s.bbee_expires_on!;
    const wrote = await db.transaction().execute(async (trx) => {
      if (!(await markReminded(trx, s.id, expiresOn))) return false;
      await outbox.enqueue(trx, [{ kind: 'supplier-bbee-reminder', recipient: s.email, payload: { supplierId: s.id, expiresOn } }], new Date(nowMs));
      return true;
    });
    if (wrote) written++;
  }
  if (written > 0) outbox.notify();
  return written;
}
