import type { Logger } from 'pino';
import type { MarketStore } from '../catalogue/market-store';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { MessageSettings } from '../mail/messages';
import { Outbox } from '../mail/outbox';
import { MailWorker, type SendObserver } from './mail-worker';
import { smtpTransport, type MailTransport } from './transport';

/**
 * The outbox the services write to, with the worker that sends its rows over `transport`, or over
 * SMTP when one is configured. With neither, it holds them for the development mailbox.
 */
export function openOutbox(
  config: Config,
  database: Database,
  logger: Logger,
  market: Pick<MarketStore, 'current'>,
  options: { transport?: MailTransport; observeSend?: SendObserver; clock?: () => number } = {},
): Outbox {
  const settings: MessageSettings = { publicUrl: config.publicUrl, messageIdDomain: config.mail.fromDomain };
  const transport = options.transport ?? (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : undefined);
  if (!transport) return new Outbox(settings, database, undefined);
  const clock = options.clock;
  const worker = new MailWorker({
    database,
    transport,
    logger: logger.child({ component: 'outbox' }),
    from: config.mail.from,
    settings,
    market,
    maxAttempts: config.mail.maxAttempts,
    retryBaseMs: config.mail.retryBaseMs,
    retryForMs: config.mail.retryHours * 60 * 60 * 1000,
    ...(options.observeSend ? { observeSend: options.observeSend } : {}),
    ...(clock ? { now: () => new Date(clock()) } : {}),
  });
  return new Outbox(settings, database, {
    wake: () => worker.wake(),
    start: () => worker.start(),
    stop: async () => {
      await worker.stop();
      transport.close();
    },
  });
}
