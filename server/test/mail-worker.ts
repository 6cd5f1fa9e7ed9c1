import pino from 'pino';
import type { TestServer } from './harness';

/** What a test's mail worker is given beside its database and transport: the server's settings and market, a sender, no logs, and quick retries. */
export const testWorkerBasics = (server: TestServer) => ({
  logger: pino({ level: 'silent' }),
  from: 'Procura <quotes@procura.test>',
  settings: server.app.deps.outbox.settings,
  market: server.app.deps.market,
  maxAttempts: 5,
  retryBaseMs: 10,
});
