import type { Logger } from 'pino';
import { PERSONAL_DATA_HOURS } from '../contract/data-api';
import type { Database } from './db/database';
import { exclusively } from './db/advisory-lock';
import type { Outbox } from './mail/outbox';
import { deleteWidgetLoadsBefore } from './embed/embed.repository';
import { pruneWindows } from './limits/limits.repository';
import { expirePendingCredits, prunePartnerCredits } from './partners/partners.repository';
import { CREDIT_WINDOW_MS } from './partners/partner-credit';
import { pruneAddressCounts } from './mail/guard.repository';
import { pruneMailLinks } from './mail/guard';
import { deletePersonalData, pruneIdempotencyRecords } from './requests/rfq/rfq.repository';
import { validityDay } from './domain/validity';
import { pruneStaffAccess } from './staff/staff.service';
import { pruneSupplierSessions } from './supplier/supplier-users.service';
import { pruneSignInLinks } from './sign-in-links/sign-in-links';
import { pruneUnverifiedApplications } from './supplier-applications/supplier-applications.service';
import { sweepAnalytics, type AnalyticsSweep } from './analytics/site-analytics.service';
import { pruneDataRequests } from './requests/privacy/privacy.repository';
import { remindExpiringBbee } from './supplier/bbee-reminders.service';
import { pruneStopLinks } from './listed-suppliers/listed-suppliers.service';
import { type AccountSweep, sweepUnusedAccounts } from './buyer/buyer.service';
import { expireEndedApprovals } from './buyer/approvals.service';

const HOUR_MS = 60 * 60 * 1000;
/** How often the sweep runs; it deletes one interval early so nothing outlives the promise. */
export const SWEEP_INTERVAL_MS = HOUR_MS;
/** Replayed submissions are recognised this long. */
const IDEMPOTENCY_TTL_MS = 24 * HOUR_MS;
/** Widget loads are counted per day and kept this many months, for year-on-year figures. */
const WIDGET_LOAD_MONTHS = 13;
/** A buyer account unused this many months is deleted (after one e-mail 30 days before). */
const BUYER_ACCOUNT_UNUSED_MONTHS = 24;

/** The same moment `months` calendar months earlier, on the month's last day when that day is missing. */
function monthsBefore(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** Everything the sweep clears, with how many rows of each. */
export interface SweepResult {
  rfqsAnonymised: number;
  /** Orders held for approval closed unordered: their quotes' validity ended, or their request was anonymised. */
  approvalsExpired: number;
  emailsDeleted: number;
  idempotencyKeysDeleted: number;
  widgetLoadsDeleted: number;
  analytics: AnalyticsSweep;
  /** B-BBEE expiry reminder e-mails written, one to each person of a supplier's workspace. */
  bbeeReminders: number;
  buyerAccounts: AccountSweep;
  /** Another server process was sweeping the same database, so this one left it to that one. */
  skipped: boolean;
}

const NOTHING_SWEPT: Omit<SweepResult, 'skipped'> = {
  rfqsAnonymised: 0,
  approvalsExpired: 0,
  emailsDeleted: 0,
  idempotencyKeysDeleted: 0,
  widgetLoadsDeleted: 0,
  analytics: { daysRolledUp: 0, eventsDeleted: 0, saltsDeleted: 0, consentRecordsDeleted: 0 },
  bbeeReminders: 0,
  buyerAccounts: { warned: 0, deleted: 0 },
};

/** Several processes on one PostgreSQL database sweep it one at a time. */
const SWEEP_LOCK = 'procura.retention-sweep';

/**
 * Deletes what the product no longer needs: buyers' personal data {@link PERSONAL_DATA_HOURS}
 * after their request ended (closed, confirmed by the awarded supplier, or no quote left to
 * accept or waiting for a company's approval), and never later than that after its last quote's validity ended (the RFQ itself stays,
 * anonymous, for the data API), unless the request's address has a buyer account, which keeps its
 * requests' contact while it exists; an order held for approval once a held quote's validity
 * ended or its request was anonymised (closed unordered with its order details: see
 * `expireEndedApprovals`); buyer accounts unused for {@link BUYER_ACCOUNT_UNUSED_MONTHS}
 * months, after one e-mail 30 days before (see `sweepUnusedAccounts`); sent, held and dead e-mails of that age from when they were
 * written (the supplier needed the buyer's contact once), expired idempotency keys and rate-limit windows,
 * staff and supplier sessions and one-time links that can no longer be used,
 * widget-load counts {@link WIDGET_LOAD_MONTHS} months old, expired data request links, listed
 * businesses' stop links and buyer e-mails' unsubscribe links a year after their e-mail (the stops and
 * suppressions stay), and the
 * analytics salts, raw events and consent records past their time (see `sweepAnalytics`).
 * One process at a time: a process that finds another sweeping skips this round.
 */
export async function sweep(database: Database, outbox: Outbox, now: Date): Promise<SweepResult> {
  const result = await exclusively(database, SWEEP_LOCK, (db) => sweepWith({ ...database, db }, outbox, now));
  return result.ran ? result.value : { ...NOTHING_SWEPT, skipped: true };
}

async function sweepWith(database: Database, outbox: Outbox, now: Date): Promise<SweepResult> {
  const personalBefore = new Date(now.getTime() - PERSONAL_DATA_HOURS * HOUR_MS + SWEEP_INTERVAL_MS);
  const rfqsAnonymised = await deletePersonalData(database.db, {
    before: personalBefore.toISOString(),
    beforeDay: validityDay(personalBefore.getTime()),
    now: now.toISOString(),
  });
  // An order held for approval that can no longer be placed closes, and its order details go with it.
  const approvalsExpired = await database.db.transaction().execute((trx) => expireEndedApprovals(trx, now));
  const emailsDeleted = await outbox.prune(personalBefore, database.db);
  const idempotencyKeysDeleted = await pruneIdempotencyRecords(database.db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString());
  await pruneWindows(database.db, now.toISOString());
  await prunePartnerCredits(database.db, now.toISOString());
  // A partner's request still pending 30 days on never pays.
  await expirePendingCredits(database.db, new Date(now.getTime() - CREDIT_WINDOW_MS).toISOString());
  await pruneStaffAccess(database.db, now.getTime());
  await pruneSupplierSessions(database.db, now.getTime());
  await pruneSignInLinks(database.db, now.getTime());
  // A supplier application never verified goes a week after it was made, with the address it held.
  await pruneUnverifiedApplications(database.db, now.getTime());
  // The per-address e-mail and request counts look back 24 hours; nothing older counts.
  await pruneAddressCounts(database.db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString());
  // A day's row holds loads until its midnight: it goes once the day's end is that old.
  const loadsBefore = monthsBefore(new Date(now.getTime() + SWEEP_INTERVAL_MS), WIDGET_LOAD_MONTHS)
    .toISOString()
    .slice(0, 10);
  const widgetLoadsDeleted = await deleteWidgetLoadsBefore(database.db, loadsBefore);
  // A listed business's stop link, and a buyer e-mail's unsubscribe links, work a year after the e-mail was
  // written; the stop or suppression one made stays.
  await pruneStopLinks(database.db, now.getTime());
  await pruneMailLinks(database.db, now.getTime());
  // Data request links end after an hour; the address each held goes with it.
  await pruneDataRequests(database.db, now.toISOString());
  const analytics = await sweepAnalytics(database.db, now.getTime(), SWEEP_INTERVAL_MS);
  // Not a deletion, but hourly work all the same: a supplier whose B-BBEE evidence expires within
  // 30 days is e-mailed once.
  const bbeeReminders = await remindExpiringBbee(database.db, outbox, now.getTime());
  const buyerAccounts = await sweepUnusedAccounts(database, outbox, now, monthsBefore(now, BUYER_ACCOUNT_UNUSED_MONTHS));
  return {
    rfqsAnonymised,
    approvalsExpired,
    emailsDeleted,
    idempotencyKeysDeleted,
    widgetLoadsDeleted,
    analytics,
    bbeeReminders,
    buyerAccounts,
    skipped: false,
  };
}

/**
 * Runs {@link sweep} now and every {@link SWEEP_INTERVAL_MS}; answers a function that stops it and
 * waits for a sweep in progress, so none outlives the database.
 */
export function startSweeping(database: Database, outbox: Outbox, clock: () => number, logger: Logger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweep(database, outbox, new Date(clock())).then(
      (result) => {
        if (result.skipped) logger.debug('another server process is running the retention sweep; this one skips it');
        else if (
          result.rfqsAnonymised +
            result.approvalsExpired +
            result.emailsDeleted +
            result.widgetLoadsDeleted +
            result.analytics.eventsDeleted +
            result.buyerAccounts.deleted >
          0
        )
          logger.info(result, 'old data swept');
      },
      (err: unknown) => logger.warn({ err }, 'the retention sweep failed'),
    );
  };
  run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
