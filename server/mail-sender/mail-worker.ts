import type { Logger } from 'pino';
import type { MarketStore } from '../catalogue/market-store';
import type { Database } from '../db/database';
import { GroupCommit } from '../db/group-commit';
import { sentPayload, type MessageSettings } from '../mail/messages';
import { MessageRenderer, UnrenderableMessageError } from './renderer';
import { STOPPABLE_KINDS } from './listed-supplier-mail';
import { isStopped } from '../listed-suppliers/listed-suppliers.service';
import { writeLeads } from '../mail/leads';
import { addressHash } from '../lib/ids';
import { suppressedHashes } from '../mail/guard.repository';
import { findLeadsOfRfq } from '../requests/quotes/quotes.repository';
import { claimDueRows, recordOutcome, renewClaims, type OutboxRow } from '../mail/outbox.repository';
import { MAIL_CONCURRENCY, type MailTransport } from './transport';

/** Told how long each handover to the transport took and how it ended. */
export type SendObserver = (seconds: number, outcome: 'sent' | 'failed') => void;

export interface MailWorkerOptions {
  database: Database;
  transport: MailTransport;
  logger: Logger;
  from: string;
  settings: MessageSettings;
  /** The market in memory, whose suppliers' earned records the e-mails cite. */
  market: Pick<MarketStore, 'current'>;
  /** Attempts a row is given at least before it is dead. */
  maxAttempts: number;
  /**
   * How long a row keeps failing at least before it is dead, so that an SMTP outage shorter than
   * this loses nothing however many attempts it takes; default {@link DEFAULT_RETRY_HOURS} hours.
   */
  retryForMs?: number;
  /** The first retry's delay; each further retry waits twice as long, up to an hour. */
  retryBaseMs: number;
  /**
   * How long a claim holds a row unless renewed. A worker renews its claims while it sends, so
   * this bounds only how long the rows of a worker that died (kill -9, a lost machine) wait.
   */
  leaseMs?: number;
  /** How often claims being sent are renewed; well inside `leaseMs`. */
  renewEveryMs?: number;
  /** How often to look for due rows when nothing wakes the worker. */
  pollMs?: number;
  /** Most rows one claim takes. */
  batchSize?: number;
  /**
   * Most e-mails on their way at once. No more than the transport sends at once, so that nothing
   * queues behind the transport where a buyer's e-mail could not overtake a lead.
   */
  maxInFlight?: number;
  now?: () => Date;
  observeSend?: SendObserver;
}

const HOUR_MS = 60 * 60 * 1000;
const MAX_RETRY_DELAY_MS = HOUR_MS;
/** How long, by default, an e-mail keeps being retried: a weekend's SMTP outage loses nothing. */
export const DEFAULT_RETRY_HOURS = 48;
/** A claim's lease, by default: a dead worker's rows are sent again this soon after it died. */
const LEASE_MS = 15_000;
/** How often, by default, a live worker renews the claims it is sending. */
const RENEW_EVERY_MS = 5_000;

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

function describe(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return (typeof e?.code === 'string' && !message.includes(e.code) ? `${message} (${e.code})` : message).slice(0, 500);
}

type Outcome = Parameters<typeof recordOutcome>[2];

/**
 * Drains the outbox: claims due rows, renders and sends each, records the outcome. Any number of
 * workers, in one process or several, may drain one database; a row is claimed by one at a time.
 * A claim's lease is short and renewed while its e-mail is being sent, so a row whose worker died
 * between claiming and recording is claimed again within seconds and sent with the same
 * Message-ID (fixed on the row when it was written), so the receiving side can recognise a repeat.
 * A failed e-mail is retried with exponential backoff, capped at an hour, and is dead only once
 * it has had `maxAttempts` attempts and has been failing for `retryForMs`.
 * Claims keep up to `maxInFlight` e-mails moving, so one slow send holds up no other.
 */
export class MailWorker {
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;
  private readonly retryForMs: number;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxInFlight: number;
  private readonly now: () => Date;
  /** Outcomes recorded together share one commit. */
  private readonly writes: GroupCommit;
  private readonly inFlight = new Set<Promise<void>>();
  /** The claims being sent, id to attempt number, whose leases are renewed. */
  private readonly claims = new Map<number, number>();
  private renewTimer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** The soonest retry this worker scheduled, so it looks again then rather than at the next poll. */
  private soonestRetry = Number.POSITIVE_INFINITY;

  constructor(private readonly options: MailWorkerOptions) {
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.renewEveryMs = options.renewEveryMs ?? Math.min(RENEW_EVERY_MS, Math.floor(this.leaseMs / 3));
    this.retryForMs = options.retryForMs ?? DEFAULT_RETRY_HOURS * HOUR_MS;
    this.pollMs = options.pollMs ?? 1_000;
    this.batchSize = options.batchSize ?? 5;
    this.maxInFlight = options.maxInFlight ?? MAIL_CONCURRENCY;
    this.now = options.now ?? (() => new Date());
    this.writes = new GroupCommit(options.database.db, options.database.dialect);
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks for due rows now, as when new ones were just written. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.loop().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        const untilRetry = this.soonestRetry - this.now().getTime();
        this.soonestRetry = Number.POSITIVE_INFINITY;
        this.timer = setTimeout(() => this.wake(), Math.max(0, Math.min(this.pollMs, untilRetry)));
        this.timer.unref();
      }
    });
  }

  /** Stops claiming and waits for the e-mails in flight to be sent and recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await Promise.all(this.inFlight);
    await this.renewing;
  }

  /** Keeps renewing the claims being sent, every `renewEveryMs`, while there are any. */
  private holdClaim(row: OutboxRow): void {
    this.claims.set(row.id, row.attempts);
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => {
      if (this.renewing) return;
      this.renewing = this.renew().finally(() => {
        this.renewing = undefined;
      });
    }, this.renewEveryMs);
    this.renewTimer.unref();
  }

  private releaseClaim(row: OutboxRow): void {
    this.claims.delete(row.id);
    if (this.claims.size === 0) {
      clearInterval(this.renewTimer);
      this.renewTimer = undefined;
    }
  }

  private async renew(): Promise<void> {
    const claims = [...this.claims].map(([id, attempts]) => ({ id, attempts }));
    try {
      const leaseUntil = new Date(this.now().getTime() + this.leaseMs).toISOString();
      const renewed = await renewClaims(this.options.database.db, claims, leaseUntil);
      for (const claim of claims) {
        // Still ours after the send began but not renewed: another worker may be sending it too.
        if (!renewed.has(claim.id) && this.claims.get(claim.id) === claim.attempts) {
          this.options.logger.warn({ outboxId: claim.id }, 'e-mail claim lost while sending: its lease had run out');
        }
      }
    } catch (err) {
      // Tried again at the next tick; the lease is several ticks long.
      this.options.logger.warn({ err }, 'e-mail claims not renewed');
    }
  }

  private async loop(): Promise<void> {
    try {
      while (!this.stopped) {
        const room = this.maxInFlight - this.inFlight.size;
        // Claim in batches, not one row per finished send: each claim is a write.
        if (room < Math.min(this.batchSize, this.maxInFlight) && this.inFlight.size > 0) {
          await Promise.race(this.inFlight);
          continue;
        }
        const rows = await this.claim(Math.min(room, this.batchSize));
        if (rows.length === 0) return;
        const renderer = new MessageRenderer(this.options.database.db, this.options.settings, this.options.market, () => this.now().getTime());
        for (const row of rows) {
          const delivery: Promise<void> = this.deliver(row, renderer).finally(() => this.inFlight.delete(delivery));
          this.inFlight.add(delivery);
        }
      }
    } catch (err) {
      this.options.logger.error({ err }, 'outbox worker failed; trying again shortly');
    }
  }

  private claim(limit: number): Promise<OutboxRow[]> {
    const now = this.now();
    return claimDueRows(this.options.database.db, this.options.database.dialect, {
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + this.leaseMs).toISOString(),
      limit,
    });
  }

  /** Claims one batch of due rows and sends it all; answers how many rows it claimed. */
  async drainOnce(): Promise<number> {
    const rows = await this.claim(this.batchSize);
    const renderer = new MessageRenderer(this.options.database.db, this.options.settings, this.options.market, () => this.now().getTime());
    await Promise.all(rows.map((row) => this.deliver(row, renderer)));
    return rows.length;
  }

  private async deliver(row: OutboxRow, renderer: MessageRenderer): Promise<void> {
    this.holdClaim(row);
    try {
      await this.sendAndRecord(row, renderer);
    } finally {
      this.releaseClaim(row);
    }
  }

  /**
   * Turns a request's `supplier-leads` row into its suppliers' leads (an e-mail each, or a place in
   * a supplier's digest), in the transaction that records the row as done, so each lead is written
   * exactly once; then looks for them.
   */
  private async fanOut(row: OutboxRow): Promise<void> {
    try {
      const now = this.now().toISOString();
      const recorded = await this.writes.run(async (trx) => {
        const done = await recordOutcome(trx, { id: row.id, attempts: row.attempts }, { status: 'sent', sentAt: now, lastError: null, failingSince: null });
        if (done) {
          const { rfqId } = JSON.parse(row.payload) as { rfqId: string };
          await writeLeads(trx, this.options.database.dialect, rfqId, await findLeadsOfRfq(trx, rfqId), {
            messageIdDomain: this.options.settings.messageIdDomain,
            now,
            held: false,
          });
        }
        return done;
      });
      if (!recorded) this.options.logger.warn({ outboxId: row.id }, 'leads not fanned out: the claim had expired');
      this.wake();
    } catch (err) {
      // Left claimed: when the lease runs out the row is claimed and fanned out again.
      this.options.logger.error({ err, outboxId: row.id }, 'leads could not be fanned out');
    }
  }

  private async sendAndRecord(row: OutboxRow, renderer: MessageRenderer): Promise<void> {
    if (row.kind === 'supplier-leads') return this.fanOut(row);
    let outcome: Outcome;
    try {
      // The address may have unsubscribed after the row was written, or while it was held.
      if (
        (row.kind === 'buyer-quotes' || row.kind.startsWith('buyer-order-')) &&
        (await suppressedHashes(this.options.database.db, [addressHash(row.recipient)])).size > 0
      ) {
        throw new UnrenderableMessageError('The address asked for no more quote e-mails');
      }
      // A listed business may have asked Procura to stop after the row was written.
      if (STOPPABLE_KINDS.has(row.kind) && (await isStopped(this.options.database.db, row.recipient))) {
        throw new UnrenderableMessageError('The address asked Procura to stop its e-mails');
      }
      const [email, attachments] = await Promise.all([renderer.render(row), renderer.attachments(row)]);
      const started = performance.now();
      try {
        await this.options.transport.send({
          from: this.options.from,
          to: row.recipient,
          messageId: row.message_id,
          ...email,
          ...(attachments.length > 0 ? { attachments } : {}),
        });
        this.options.observeSend?.((performance.now() - started) / 1000, 'sent');
      } catch (err) {
        this.options.observeSend?.((performance.now() - started) / 1000, 'failed');
        throw err;
      }
      outcome = { status: 'sent', sentAt: this.now().toISOString(), lastError: null, payload: sentPayload(row), failingSince: null };
    } catch (err) {
      outcome = this.failure(row, err);
    }
    try {
      const recorded = await this.writes.run((trx) => recordOutcome(trx, { id: row.id, attempts: row.attempts }, outcome));
      if (!recorded) this.options.logger.warn({ outboxId: row.id }, 'e-mail outcome not recorded: the claim had expired');
    } catch (err) {
      // The row stays claimed; when the lease runs out it is sent again under the same Message-ID.
      this.options.logger.error({ err, outboxId: row.id }, 'e-mail outcome could not be recorded');
    }
  }

  private failure(row: OutboxRow, err: unknown): Outcome {
    const lastError = describe(err);
    const now = this.now();
    const failingSince = row.failing_since ?? now.toISOString();
    const failingForMs = now.getTime() - Date.parse(failingSince);
    const dead = err instanceof UnrenderableMessageError || (row.attempts >= this.options.maxAttempts && failingForMs >= this.retryForMs);
    this.options.logger.warn(
      { outboxId: row.id, kind: row.kind, attempt: row.attempts, dead, error: lastError },
      dead ? 'e-mail could not be sent and is dead' : 'e-mail not sent; will retry',
    );
    if (dead) return { status: 'dead', sentAt: null, lastError, failingSince };
    const retryAt = now.getTime() + retryDelayMs(row.attempts, this.options.retryBaseMs);
    this.soonestRetry = Math.min(this.soonestRetry, retryAt);
    return { status: 'pending', nextAttemptAt: new Date(retryAt).toISOString(), sentAt: null, lastError, failingSince };
  }
}
