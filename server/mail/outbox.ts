import type { SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { outboxRows, type MessageSettings, type OutboxMessage } from './messages';
export type { OutboxRow } from './outbox.repository';
import {
  countOutbox,
  findOutboxRow,
  insertOutboxRows,
  insertOutboxRowsFrom,
  listOutbox,
  outboxDepth,
  pruneOutbox,
  type NewOutboxRow,
  type OutboxRow,
} from './outbox.repository';
import type { Executor } from '../db/executor';
import type { OutboxDepth } from '../../contract/schemas/outbox';
import { writeLeads, type LeadRecipient } from './leads';

/** What sends the outbox's rows once their transaction commits: the mail sender's worker (server/mail-sender/). */
export interface OutboxSender {
  /** Tells it new rows are waiting. */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The product's one way to send e-mail: messages are written to the outbox in the transaction
 * that causes them, and the sender sends them after it commits. Without one (no SMTP server
 * configured), the rows are held: kept, shown in the development mailbox, sent nowhere.
 */
export class Outbox {
  constructor(
    readonly settings: MessageSettings,
    private readonly database: Database,
    private readonly sender: OutboxSender | undefined,
  ) {}

  /** Whether e-mails are held in the outbox instead of sent. */
  get holding(): boolean {
    return this.sender === undefined;
  }

  /** Writes the messages in the caller's transaction. Call {@link notify} after it commits. */
  async enqueue(trx: Transaction<DB>, messages: OutboxMessage[], now: Date): Promise<void> {
    await insertOutboxRows(trx, this.rowsOf(messages, now));
  }

  /**
   * Writes the messages in the caller's transaction once for each row `source` selects: when it
   * finds none, nothing is written, by the same statements. For an answer that must take the same
   * steps whether or not it e-mails (a sign-in link asked for an unknown address).
   */
  async enqueueWhere<TB extends keyof DB>(
    trx: Transaction<DB>,
    messages: OutboxMessage[],
    now: Date,
    source: SelectQueryBuilder<DB, TB, object>,
  ): Promise<void> {
    await insertOutboxRowsFrom(trx, this.rowsOf(messages, now), source);
  }

  /**
   * The outbox rows of `messages`, for a caller that inserts them with rows of its own. Held, a
   * request's leads are left out: nothing fans them out, so the caller writes them
   * ({@link writeLeadsNow}) once its quotes have ids, where the development mailbox shows them.
   */
  rowsOf(messages: OutboxMessage[], now: Date): NewOutboxRow[] {
    const kept = this.holding ? messages.filter((m) => m.kind !== 'supplier-leads') : messages;
    return outboxRows(kept, { messageIdDomain: this.settings.messageIdDomain, now: now.toISOString(), held: this.holding });
  }

  /** Writes a request's leads in the caller's transaction, as the worker does when it fans them out: for holding, where no worker runs. */
  async writeLeadsNow(trx: Transaction<DB>, rfqId: string, leads: LeadRecipient[], now: Date): Promise<void> {
    await writeLeads(trx, this.database.dialect, rfqId, leads, { messageIdDomain: this.settings.messageIdDomain, now: now.toISOString(), held: this.holding });
  }

  /** Tells the sender new rows are waiting. */
  notify(): void {
    this.sender?.wake();
  }

  start(): void {
    this.sender?.start();
  }

  async stop(): Promise<void> {
    await this.sender?.stop();
  }

  /**
   * Deletes sent, held and dead e-mails created before `before`; e-mails still to send stay.
   * `db` is the connection to do it on, when the caller holds one.
   */
  async prune(before: Date, db: Executor = this.database.db): Promise<number> {
    return pruneOutbox(db, before.toISOString());
  }
}

/**
 * The outbox's depth as staff and the metrics read it: e-mails by state, and the age in whole
 * seconds of the oldest one not yet sent (null when none waits).
 */
export async function readOutboxDepth(db: Executor, nowMs: number): Promise<Omit<OutboxDepth, 'mailbox'>> {
  const { byStatus, oldestWaitingAt } = await outboxDepth(db, new Date(nowMs).toISOString());
  return {
    depth: byStatus,
    oldestPendingSeconds: oldestWaitingAt === null ? null : Math.max(0, Math.floor((nowMs - Date.parse(oldestWaitingAt)) / 1000)),
  };
}

/** The latest `limit` e-mails of the outbox, newest first, and how many it holds in each status: the development mailbox's list. */
export async function outboxPage(db: Executor, limit: number): Promise<{ rows: OutboxRow[]; counts: Awaited<ReturnType<typeof countOutbox>> }> {
  const [rows, counts] = await Promise.all([listOutbox(db, { limit }), countOutbox(db)]);
  return { rows, counts };
}

/** One e-mail of the outbox by its id, for the development mailbox. */
export function outboxMessage(db: Executor, id: number): Promise<OutboxRow | undefined> {
  return findOutboxRow(db, id);
}
