import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { validityDay } from '../../domain/validity';
import { mayEmailBuyer } from '../../mail/guard';
import type { Outbox } from '../../mail/outbox';
import { claimReminder, findOrdersDueReminder } from './deliveries.repository';

/** How often the reminders are looked for: a day's reminders go out within its first hour. */
const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Writes the one reminder to confirm receipt of each order due one on `now`'s Johannesburg day
 * (the day after its promised day, or after the day its supplier marked it delivered): each
 * order is claimed by a conditional update, so two processes never both write it, and an order
 * is never reminded twice. Answers how many reminders were written.
 */
export async function remindReceipts(deps: { database: Database; outbox: Outbox }, now: Date): Promise<number> {
  const due = await findOrdersDueReminder(deps.database.db, validityDay(now.getTime()));
  let written = 0;
  for (const order of due) {
    const sent = await deps.database.db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, order.id, now.toISOString()))) return false;
      // An order placed before the token was kept has no link to the form: it is claimed, not mailed.
      const trackingToken = order.receipt_tracking_token;
      if (!trackingToken || !order.primary_email || !(await mayEmailBuyer(trx, order.primary_email))) return false;
      await deps.outbox.enqueue(
        trx,
        [
          {
            kind: 'buyer-receipt-reminder',
            recipient: order.primary_email,
            payload: { rfqId: order.rfq_id, quoteId: order.quote_id, purchaseOrderId: order.id, trackingToken },
          },
        ],
        now,
      );
      return true;
    });
    if (sent) written++;
  }
  if (written > 0) deps.outbox.notify();
  return written;
}

/** Runs {@link remindReceipts} now and every hour; answers a function that stops it and waits for a round in progress. */
export function startReceiptReminders(deps: { database: Database; outbox: Outbox }, clock: () => number, logger: Logger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = remindReceipts(deps, new Date(clock())).then(
      (n) => {
        if (n > 0) logger.info({ reminders: n }, 'receipt reminders written');
      },
      (err: unknown) => logger.warn({ err }, 'the receipt reminders failed'),
    );
  };
  run();
  const timer = setInterval(run, REMINDER_INTERVAL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
