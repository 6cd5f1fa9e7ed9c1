import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import compress from 'koa-compress';
import type { Config } from './config';
import { ping, type Database } from './db/database';
import { ApiError, errorHandler } from './errors';
import { clientAddressFrom, loopbackOnly } from './http/client-address';
import { requestContext, routeOf } from './http/request-context';
import { serializeJsonOnce } from './http/json-once';
import { securityHeaders } from './http/security-headers';
import { closeConnectionsWhenStopping, Readiness } from './http/readiness';
import { loadPortal, notFound, portalPages, serveStatic } from './http/static';
import { MarketStore } from './catalogue/market-store';
import type { StartedOffersRead } from './catalogue/offers-thread';
import { GroupCommit } from './db/group-commit';
import { catalogueRouter } from './catalogue/catalogue.router';
import { rfqRouter } from './requests/rfq/rfq.router';
import { quotesRouter } from './requests/quotes/quotes.router';
import { supplierResponsesRouter } from './requests/supplier-responses/supplier-responses.router';
import { openOutbox } from './mail-sender/sender';
import { mailboxRouter } from './mail-sender/mailbox.router';
import { unsubscribeRouter } from './mail/unsubscribe.router';
import { listedSuppliersRouter } from './listed-suppliers/listed-suppliers.router';
import { embedRouter } from './embed/embed.router';
import { partnersRouter } from './partners/partners.router';
import { dataRouter } from './data-api/data.router';
import { openApiRouter } from './openapi/openapi.router';
import { staffRouter } from './staff/staff.router';
import { supplierRouter } from './supplier/supplier.router';
import { buyerRouter } from './buyer/buyer.router';
import { buyerCompanyRouter } from './buyer/company.router';
import { supplierApplicationsRouter } from './supplier-applications/supplier-applications.router';
import { supplierLeadsRouter } from './requests/supplier-leads/supplier-leads.router';
import { trackRecordRouter } from './track-record/track-record.router';
import { supplierPageData } from './track-record/public-supplier.service';
import { siteRouter } from './site/site.router';
import { SiteFiguresStore } from './site/site.service';
import { ServerPages } from './site/server-pages';
import { adminRouter } from './admin/admin.router';
import { billingRouter } from './billing/billing.router';
import { billingDocumentsRouter } from './billing/billing-documents.router';
import { salesRouter } from './sales/sales.router';
import { sharedDashboardPage } from './sales/share-page';
import { analyticsRouter } from './analytics/analytics.router';
import { privacyRouter } from './requests/privacy/privacy.router';
import { scrapingRouter } from './scraping/scraping.router';
import { createScrapeRunner } from './scraping/scraping.service';
import { startSweeping } from './retention';
import { startReceiptReminders } from './requests/deliveries/receipt-reminders';
import { ServerMetrics } from './metrics/metrics';
import { metricsRouter } from './metrics/metrics.router';
import type { AppDeps } from './deps';

/** How long `/readyz` waits for the database before it says the process is not ready. */
const READY_PING_MS = 2_000;

export interface App {
  koa: Koa;
  deps: AppDeps;
  /** Stops background work and waits for e-mails in flight; the caller closes the database. */
  stop(): Promise<void>;
}

/** Builds the Koa application; the caller owns the database and the listening server. */
export function createApp({
  config,
  database,
  logger,
  clock = Date.now,
  readiness = new Readiness('ready'),
  offersRead,
}: {
  config: Config;
  database: Database;
  logger: Logger;
  clock?: () => number;
  /** The process's phase, which `/readyz` answers from; the caller moves it on. */
  readiness?: Readiness;
  /** The market's offers, being read since the process started (see `startOffersRead`). */
  offersRead?: StartedOffersRead | undefined;
}): App {
  const market = new MarketStore(database.db, config.marketRefreshMs, database.file, offersRead);
  const metrics = new ServerMetrics({ database, market, logger, clock });
  const deps: AppDeps = {
    config,
    database,
    logger,
    market,
    writes: new GroupCommit(database.db, database.dialect),
    outbox: openOutbox(config, database, logger, market, { observeSend: metrics.observeSend, clock }),
    scraper: createScrapeRunner({ database, logger, market, clock, config }),
    clock,
  };
  const koa = new Koa();
  koa.silent = true;
  // Errors after the answer has started (a file stream failing, a client gone) reach only here.
  koa.on('error', (err: unknown, ctx?: Koa.Context) => {
    logger.warn({ err, reqId: ctx?.state.requestId, route: ctx ? routeOf(ctx) : undefined }, 'response failed');
  });

  // The request's line is logged outside the error handler, so it carries the status answered.
  koa.use(requestContext(logger));
  koa.use(metrics.middleware());
  koa.use(closeConnectionsWhenStopping(readiness));
  koa.use(errorHandler(logger));
  koa.use(clientAddressFrom(config.trustProxyHops));
  koa.use(securityHeaders({ hsts: config.publicUrl.startsWith('https://') }));
  const compressor = compress({ threshold: 1024 });
  koa.use((ctx, next) => {
    // koa-compress sets `Content-Encoding: undefined` (a 500) when a client refuses every coding,
    // identity included; such a client gets the answer as it is, the one coding every client reads.
    if (!ctx.acceptsEncodings('br', 'gzip', 'deflate', 'identity')) ctx.compress = false;
    return compressor(ctx, next);
  });
  koa.use(serializeJsonOnce);

  const health = new Router();
  health.get('/healthz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  health.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const reason = readiness.reason;
    if (reason) throw new ApiError(503, 'not_ready', reason, undefined, { 'Retry-After': '5' });
    try {
      await ping(database.db, READY_PING_MS);
    } catch (err) {
      logger.warn({ err }, 'readiness check: the database does not answer');
      throw new ApiError(503, 'database_unavailable', 'The database does not answer', undefined, { 'Retry-After': '5' });
    }
    ctx.body = { status: 'ready' };
  });

  const portal = loadPortal(config.staticDir);
  const site = new SiteFiguresStore(deps);
  const routes = new Router();
  const routers = [
    siteRouter(deps, site, portal?.routes.map((r) => r.pattern) ?? null),
    health,
    metricsRouter(metrics, config.metricsToken),
    rfqRouter(deps),
    quotesRouter(deps),
    supplierResponsesRouter(deps),
    catalogueRouter(deps),
    embedRouter(deps),
    partnersRouter(deps),
    dataRouter(deps),
    openApiRouter(deps),
    unsubscribeRouter(deps),
    listedSuppliersRouter(deps),
    staffRouter(deps),
    supplierRouter(deps),
    buyerRouter(deps),
    buyerCompanyRouter(deps),
    supplierApplicationsRouter(deps),
    supplierLeadsRouter(deps),
    trackRecordRouter(deps),
    adminRouter(deps),
    billingRouter(deps),
    billingDocumentsRouter(deps),
    salesRouter(deps),
    analyticsRouter(deps),
    privacyRouter(deps),
    scrapingRouter(deps),
  ];
  for (const router of routers) {
    routes.use(router.routes());
  }
  koa.use(routes.routes());
  koa.use(routes.allowedMethods());
  // Every e-mail, addresses and tracking links included: only for someone at this machine, and
  // never in production. Anyone else meets the 404 page, as if it did not exist.
  if (config.env !== 'production') koa.use(loopbackOnly(mailboxRouter(deps).routes()));
  koa.use(serveStatic(config.staticDir));
  const serverPages = new ServerPages({
    staticDir: config.staticDir,
    publicUrl: config.publicUrl,
    figures: () => site.current(),
    pageData: (path) => supplierPageData(deps, path),
    logger,
  });
  koa.use(sharedDashboardPage(deps, portal));
  koa.use(portalPages(portal, serverPages));
  koa.use(notFound(portal, serverPages));

  deps.outbox.start();
  const stopSweeping = startSweeping(database, deps.outbox, clock, logger);
  const stopReminders = startReceiptReminders({ database, outbox: deps.outbox }, clock, logger);
  // A crawl this server (or one before it) was running when it stopped is marked interrupted.
  const recovered = deps.scraper.recover().then(
    (n) => {
      if (n > 0) logger.info({ sessions: n }, 'crawls cut off by a restart marked interrupted');
    },
    (err: unknown) => logger.warn({ err }, 'interrupted crawls not checked'),
  );

  return {
    koa,
    deps,
    stop: async () => {
      await recovered;
      // The running crawl, if any, stops before its next page and is marked interrupted.
      await deps.scraper.close();
      await stopSweeping();
      await stopReminders();
      await deps.outbox.stop();
    },
  };
}
