import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { GroupCommit } from '../db/group-commit';
import { MessageRenderer, sentPayload, UnrenderableMessageError, type MessageSettings } from './messages';
import { addressHash } from './guard';
import { suppressedHashes } from './guard.repository';
import { claimDueRows, recordOutcome, type OutboxRow } from './outbox.repository';
import { MAIL_CONCURRENCY, type MailTransport } from './transport';

export interface MailWorkerOptions {
  database: Database;
  transport: MailTransport;
  logger: Logger;
  from: string;
  settings: MessageSettings;
  /** Attempts before a row is dead. */
  maxAttempts: number;
  /** The first retry's delay; each further retry waits twice as long, up to an hour. */
  retryBaseMs: number;
  /** How long a claim holds a row; a row whose worker stopped is sent again after it. */
  leaseMs?: number;
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
}

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number, baseMs: number): number {
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
 * A row whose worker stopped between claiming and recording is claimed again when its lease
 * runs out and sent with the same Message-ID, so the receiving side can recognise a repeat.
 * Claims keep up to `maxInFlight` e-mails moving, so one slow send holds up no other.
 */
export class MailWorker {
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxInFlight: number;
  private readonly now: () => Date;
  /** Outcomes recorded together share one commit. */
  private readonly writes: GroupCommit;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** The soonest retry this worker scheduled, so it looks again then rather than at the next poll. */
  private soonestRetry = Number.POSITIVE_INFINITY;

  constructor(private readonly options: MailWorkerOptions) {
    this.leaseMs = options.leaseMs ?? 120_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.batchSize = options.batchSize ?? 5;
    this.maxInFlight = options.maxInFlight ?? MAIL_CONCURRENCY;
    this.now = options.now ?? (() => new Date());
    this.writes = new GroupCommit(options.database.db);
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
        const renderer = new MessageRenderer(this.options.database.db, this.options.settings);
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
    const renderer = new MessageRenderer(this.options.database.db, this.options.settings);
    await Promise.all(rows.map((row) => this.deliver(row, renderer)));
    return rows.length;
  }

  private async deliver(row: OutboxRow, renderer: MessageRenderer): Promise<void> {
    let outcome: Outcome;
    try {
      // The address may have unsubscribed after the row was written, or while it was held.
      if (row.kind === 'buyer-quotes' && (await suppressedHashes(this.options.database.db, [addressHash(row.recipient)])).size > 0) {
        throw new UnrenderableMessageError('The address asked for no more quote e-mails');
      }
      const email = await renderer.render(row);
      await this.options.transport.send({ from: this.options.from, to: row.recipient, messageId: row.message_id, ...email });
      outcome = { status: 'sent', sentAt: this.now().toISOString(), lastError: null, payload: sentPayload(row) };
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
    const dead = err instanceof UnrenderableMessageError || row.attempts >= this.options.maxAttempts;
    this.options.logger.warn(
      { outboxId: row.id, kind: row.kind, attempt: row.attempts, dead, error: lastError },
      dead ? 'e-mail could not be sent and is dead' : 'e-mail not sent; will retry',
    );
    if (dead) return { status: 'dead', sentAt: null, lastError };
    const retryAt = this.now().getTime() + retryDelayMs(row.attempts, this.options.retryBaseMs);
    this.soonestRetry = Math.min(this.soonestRetry, retryAt);
    return { status: 'pending', nextAttemptAt: new Date(retryAt).toISOString(), sentAt: null, lastError };
  }
}
