import { createServer } from 'node:http';
import { answerClientError } from './http/client-error';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { prepareDatabase } from './start';
import { createApp } from './app';

function describeDatabase(config: Config): string {
  return config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : 'PostgreSQL';
}

async function main() {
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
  const database = await prepareDatabase(config, logger);
  const app = createApp({ config, database, logger });
  await app.deps.market.current();

  const server = createServer(app.koa.callback()).on('clientError', answerClientError);
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host, () => {
    logger.info({ url: config.publicUrl, database: describeDatabase(config) }, `Procura is serving on ${config.publicUrl}`);
    if (!app.deps.outbox.holding) return;
    if (config.env === 'production') {
      logger.warn('MAIL_DISABLED=true and no SMTP_URL: e-mails are kept in the outbox and sent nowhere; `cli.js outbox-resend --held` sends them once SMTP_URL is set');
    } else {
      logger.info(`SMTP_URL is not set: e-mails are kept in the outbox and sent nowhere; read them at ${config.publicUrl}/dev/mailbox`);
    }
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      app
        .stop()
        .then(() => database.close())
        .then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Procura could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
