import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import compress from 'koa-compress';
import type { Config } from './config';
import { ping, type Database } from './db/database';
import { errorHandler } from './errors';
import { requestContext } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { loadPortal, notFound, portalPages, serveStatic } from './http/static';
import { MarketStore } from './catalogue/market-store';
import { GroupCommit } from './db/group-commit';
import { catalogueRouter } from './catalogue/catalogue.router';
import { rfqRouter } from './rfq/rfq.router';
import { quotesRouter } from './quotes/quotes.router';
import { Outbox } from './mail/outbox';
import { mailboxRouter } from './mail/mailbox.router';
import { unsubscribeRouter } from './mail/unsubscribe.router';
import { embedRouter } from './embed/embed.router';
import { partnersRouter } from './partners/partners.router';
import { dataRouter } from './data/data.router';
import { openApiRouter } from './openapi/openapi.router';
import { startSweeping } from './retention';
import type { AppDeps } from './deps';


export interface App {
  koa: Koa;
  deps: AppDeps;
  /** Stops background work and waits for e-mails in flight; the caller closes the database. */
  stop(): Promise<void>;
}

/** Builds the Koa application; the caller owns the database and the listening server. */
export function createApp({ config, database, logger, clock = Date.now }: { config: Config; database: Database; logger: Logger; clock?: () => number }): App {
  const deps: AppDeps = {
    config,
    database,
    logger,
    market: new MarketStore(database.db, config.marketRefreshMs),
    writes: new GroupCommit(database.db),
    outbox: new Outbox(config, database, logger),
    clock,
  };
  const koa = new Koa({ proxy: config.trustProxy });
  koa.silent = true;
  // Errors after the answer has started (a file stream failing, a client gone) reach only here.
  koa.on('error', (err: unknown, ctx?: Koa.Context) => {
    logger.warn({ err, reqId: ctx?.state.requestId, path: ctx?.path }, 'response failed');
  });

  koa.use(errorHandler(logger));
  koa.use(requestContext(logger));
  koa.use(securityHeaders({ hsts: config.publicUrl.startsWith('https://') }));
  koa.use(compress({ threshold: 1024 }));

  const health = new Router();
  health.get('/healthz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  health.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    await ping(database.db);
    ctx.body = { status: 'ready' };
  });

  const routes = new Router();
  const routers = [health, rfqRouter(deps), quotesRouter(deps), catalogueRouter(deps), embedRouter(deps), partnersRouter(deps), dataRouter(deps), openApiRouter(deps), unsubscribeRouter(deps)];
  if (config.env !== 'production') routers.push(mailboxRouter(deps));
  for (const router of routers) {
    routes.use(router.routes());
  }
  koa.use(routes.routes());
  koa.use(routes.allowedMethods());
  koa.use(serveStatic(config.staticDir));
  const portal = loadPortal(config.staticDir);
  koa.use(portalPages(portal));
  koa.use(notFound(portal));

  deps.outbox.start();
  const stopSweeping = startSweeping(database, deps.outbox, clock, logger);

  return {
    koa,
    deps,
    stop: async () => {
      await stopSweeping();
      await deps.outbox.stop();
    },
  };
}
