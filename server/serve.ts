// The server as it starts, serves and stops; `main.ts` starts it once the market's offers are being read.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { limitedServer } from './http/client-error';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './logger';
import type { Logger } from 'pino';
import { createApp, type App } from './app';
import type { StartedOffersRead } from './catalogue/offers-thread';
import { createDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { isMarketEmpty, seedMarket } from './db/seed';
import { recordServedAddress } from './served-address';
import { Readiness, startingHandler } from './http/readiness';
import { connectionDrainer } from './http/drain';

/** A signal's whole shutdown, requests and e-mails in flight included, ends within this. */
const SHUTDOWN_MS = 10_000;
/** Requests in flight get this long to finish; what is left of SHUTDOWN_MS goes to e-mails in flight. */
const DRAIN_REQUESTS_MS = 6_000;

/**
 * Opens the database, brings the schema up to date, seeds an empty one when asked to, and records the address served;
 * answers whether the schema or the market changed on the way.
 */
async function prepareDatabase(config: Config, logger: Logger): Promise<{ database: Database; changed: boolean }> {
  const database = createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  try {
    const applied = await migrateToLatest(database);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const seeded = config.seedOnEmpty && (await isMarketEmpty(database.db));
    if (seeded) {
      const summary = await seedMarket(database.db, database.dialect);
      logger.info(summary, 'empty database seeded with the starter market');
    }
    await recordServedAddress(database.db, config.publicUrl);
    return { database, changed: applied.length > 0 || seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}

function describeDatabase(config: Config): string {
  return config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : 'PostgreSQL';
}

function listen(server: Server, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Starts the server: its socket first, answering that it is starting, then the database and the
 * market. `offersRead` is a reading of the market's offers begun as the process started; it is
 * not used when the schema or the market changed since.
 */
export async function serve(offersRead?: StartedOffersRead): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const readiness = new Readiness('starting');

  // The socket is open while migrations run, so /readyz can say the process is not ready yet.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = startingHandler(readiness);
  const server = limitedServer((req, res) => handle(req, res));
  const connections = connectionDrainer(server);

  let database: Database | undefined;
  let app: App | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    readiness.phase = 'stopping';
    logger.info({ signal }, 'shutting down: finishing requests and e-mails in flight');
    const forced = setTimeout(() => {
      logger.error('shutdown took too long; exiting with work unfinished');
      process.exit(1);
    }, SHUTDOWN_MS);
    forced.unref();
    try {
      await connections.drain(started + DRAIN_REQUESTS_MS);
      // Before start-up finished, the database is opened (and closed) by the start-up itself.
      if (!app) process.exit(0);
      await app.stop();
      await database?.close();
      logger.info({ ms: Date.now() - started }, 'stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await listen(server, config);
  const prepared = await prepareDatabase(config, logger);
  database = prepared.database;
  if (stopping) return;
  // A migration or a seed changed what the reading started with the process saw: it is stopped, and the market read afresh.
  if (prepared.changed) offersRead?.cancel();
  app = createApp({ config, database, logger, readiness, offersRead: prepared.changed ? undefined : offersRead });
  await app.deps.market.current();
  if (stopping) return;
  handle = app.koa.callback();
  readiness.phase = 'ready';

  logger.info({ url: config.publicUrl, database: describeDatabase(config) }, `Procura is serving on ${config.publicUrl}`);
  if (!app.deps.outbox.holding) return;
  if (config.env === 'production') {
    logger.warn(
      'MAIL_DISABLED=true and no SMTP_URL: e-mails are kept in the outbox and sent nowhere; `cli.js outbox-resend --held` sends them once SMTP_URL is set',
    );
  } else {
    logger.info(`SMTP_URL is not set: e-mails are kept in the outbox and sent nowhere; read them at ${config.publicUrl}/dev/mailbox`);
  }
}
