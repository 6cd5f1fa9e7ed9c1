// The one e-mail that tells a supplier its B-BBEE evidence expires: written by the hourly sweep
// once the expiry is 30 days away or less, once per expiry date (a renewed certificate gets its own),
// to the people who sign in for the supplier, or to its listed address when it has none.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { addDays, johannesburgDay } from '../domain/calendar';
import { stopsOf } from '../listed-suppliers/listed-suppliers.service';
import type { Outbox } from '../mail/outbox';
import { expiringUnreminded, markReminded, peopleOf } from './bbee-reminders.repository';

/** How many days before its expiry a supplier is reminded. */
const BBEE_REMINDER_DAYS = 30;

/**
 * Who a supplier's reminder goes to: each of its enabled people, who update its details in the
 * workspace, as its invoices do; its listed address only when no one signs in for it. An address
 * that asked Procura to stop is left out.
 */
async function recipientsOf(db: Kysely<DB>, supplier: { id: number; email: string }): Promise<string[]> {
  const people = await peopleOf(db, supplier.id);
  const addresses = people.length > 0 ? people : [supplier.email];
  const stopped = await stopsOf(db, addresses);
  return addresses.filter((a) => !stopped.has(a));
}

/**
 * Writes the reminders of each supplier whose level's evidence expires within
 * {@link BBEE_REMINDER_DAYS} days of today in Johannesburg (one to each of {@link recipientsOf}),
 * and records them, in one transaction per supplier, so two processes never both write them. A
 * supplier with no one left to e-mail is not recorded, so a stop lifted before the expiry still
 * brings its reminder. Answers how many e-mails were written.
 */
export async function remindExpiringBbee(db: Kysely<DB>, outbox: Outbox, nowMs: number): Promise<number> {
  const today = johannesburgDay(nowMs);
  const due = await expiringUnreminded(db, { from: today, to: addDays(today, BBEE_REMINDER_DAYS) });
  let written = 0;
  for (const s of due) {
    const recipients = await recipientsOf(db, s);
    if (recipients.length === 0) continue;
    const expiresOn = s.bbee_expires_on!;
    const wrote = await db.transaction().execute(async (trx) => {
      if (!(await markReminded(trx, s.id, expiresOn))) return 0;
      await outbox.enqueue(
        trx,
        recipients.map((recipient) => ({ kind: 'supplier-bbee-reminder' as const, recipient, payload: { supplierId: s.id, expiresOn } })),
        new Date(nowMs),
      );
      return recipients.length;
    });
    written += wrote;
  }
  if (written > 0) outbox.notify();
  return written;
}
