import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { MailWorker } from './mail-worker';
import { outboxRows, type MessageSettings, type OutboxMessage } from './messages';
import { insertOutboxRows, pruneOutbox } from './outbox.repository';
import { smtpTransport, type MailTransport } from './transport';

/**
 * The product's one way to send e-mail: messages are written to the outbox in the transaction
 * that causes them, and the worker sends them after it commits. Without an SMTP server
 * configured, the rows are held: kept, shown in the development mailbox, sent nowhere.
 */
export class Outbox {
  readonly settings: MessageSettings;
  private readonly worker: MailWorker | undefined;
  private readonly transport: MailTransport | undefined;

  constructor(
    config: Config,
    private readonly database: Database,
    logger: Logger,
    transport: MailTransport | undefined = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : undefined,
  ) {
    this.settings = { publicUrl: config.publicUrl, messageIdDomain: config.mail.fromDomain };
    this.transport = transport;
    if (transport) {
      this.worker = new MailWorker({
        database,
        transport,
        logger: logger.child({ component: 'outbox' }),
        from: config.mail.from,
        settings: this.settings,
        maxAttempts: config.mail.maxAttempts,
        retryBaseMs: config.mail.retryBaseMs,
      });
    }
  }

  /** Whether e-mails are held in the outbox instead of sent. */
  get holding(): boolean {
    return this.worker === undefined;
  }

  /** Writes the messages in the caller's transaction. Call {@link notify} after it commits. */
  async enqueue(trx: Transaction<DB>, messages: OutboxMessage[], now: Date): Promise<void> {
    await insertOutboxRows(trx, outboxRows(messages, { messageIdDomain: this.settings.messageIdDomain, now: now.toISOString(), held: this.holding }));
  }

  /** Tells the worker new rows are waiting. */
  notify(): void {
    this.worker?.wake();
  }

  start(): void {
    this.worker?.start();
  }

  async stop(): Promise<void> {
    await this.worker?.stop();
    this.transport?.close();
  }

  /** Deletes sent, held and dead e-mails created before `before`; e-mails still to send stay. */
  async prune(before: Date): Promise<number> {
    return pruneOutbox(this.database.db, before.toISOString());
  }
}
