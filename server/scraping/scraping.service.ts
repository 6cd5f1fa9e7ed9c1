/**
 * The crawl runner: starts crawls, runs them page by page in the background and reports their
 * progress. The review list's decisions are in review.service.ts, the saved directory list in
 * directories.service.ts, the API's view of a session or find in views.ts, and what each find
 * writes in found-items.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DB, ScrapeKind, ScrapeStatus } from '../db/schema';
import type { MarketSnapshot } from '../domain/market';
import { ApiError, invalidFields } from '../errors';
import { extractPage } from './extract';
import { prepareProduct, prepareSupplier } from './candidates';
import { FETCH_LIMITS, FetchError, PoliteFetcher, scraperUserAgent, type PageFetcher } from './fetcher';
import { SampleFetcher, sampleStartUrl } from './sample';
import * as repo from './scraping.repository';
import type { SessionRow } from './scraping.repository';
import type { ScrapingStatus, ScrapeSession, SimulateResult } from '../../contract/schemas/scraping';
import { DuplicateIndex, productItem, productKey, supplierItem } from './found-items';
import { sessionView } from './views';

/** What the crawl service runs on. */
export interface ScrapingDeps {
  database: Database;
  logger: Logger;
  market: { current(): Promise<MarketSnapshot> };
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** A fresh fetcher for one crawl: the network fetcher, or the sample directory for 'sample'. */
  fetcherFor(kind: ScrapeKind): PageFetcher;
  /** The server's public address: where the sample directory is served. */
  publicUrl: string;
  /** A running session whose heartbeat is older than this was cut off by a restart. */
  leaseMs?: number;
}

/** A page to crawl, and for a product crawl the approved supplier whose site it is. */
export interface CrawlTarget {
  url: string;
  supplierId?: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

interface LocalRun {
  sessionId: number;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Starts, runs and reports crawls. One crawl runs at a time across every server process (the
 * database refuses a second running session); the runner works in the background page by page,
 * writing each page's finds and the session's counts in one transaction, so the status any
 * process reads is the crawl's real progress. A stop is asked through the database and seen
 * before the next page; a session whose runner disappeared is marked interrupted.
 */
export class ScrapeRunner {
  /** This process's runner, named on the sessions it runs. */
  readonly owner = randomUUID();
  private readonly leaseMs: number;
  private local: LocalRun | null = null;
  private closing = false;

  constructor(private readonly deps: ScrapingDeps) {
    this.leaseMs = deps.leaseMs ?? 60_000;
  }

  private get db(): Kysely<DB> {
    return this.deps.database.db;
  }

  private now(): string {
    return iso(this.deps.clock());
  }

  /** Marks sessions cut off by a restart (or a runner that stopped renewing them) as interrupted. */
  async recover(): Promise<number> {
    const now = this.deps.clock();
    return repo.interruptStaleSessions(this.db, iso(now - this.leaseMs), iso(now));
  }

  /** Starts a crawl of the URL a person typed. */
  async startUrl(url: string): Promise<ScrapeSession> {
    if (url.trim() === '') throw invalidFields({ url: 'Please enter a URL' });
    return this.start('url', [{ url: url.trim() }]);
  }

  /** Starts a crawl of the saved directory list. */
  async startDirectories(): Promise<ScrapeSession> {
    const directories = await repo.listDirectories(this.db);
    if (directories.length === 0) throw new ApiError(400, 'no_directories', 'No directory URLs are saved: add one to crawl the list');
    return this.start(
      'directories',
      directories.map((d) => ({ url: d.url })),
    );
  }

  /** Starts a crawl of the websites of suppliers approved from earlier crawls, for their products. */
  async startProducts(): Promise<ScrapeSession> {
    const sites = await repo.approvedSupplierSites(this.db);
    if (sites.length === 0) throw new ApiError(400, 'no_supplier_sites', 'No approved supplier has a website to crawl for products');
    return this.start(
      'products',
      sites.map((s) => ({ url: s.url, supplierId: s.supplierId })),
    );
  }

  /** Starts the demonstration: the same pipeline over the sample directory the product ships. */
  async startSample(): Promise<ScrapeSession> {
    return this.start('sample', [{ url: sampleStartUrl(this.deps.publicUrl) }]);
  }

  /** Starts a session on the targets and runs it in the background; answers at once. */
  async start(kind: ScrapeKind, targets: CrawlTarget[]): Promise<ScrapeSession> {
    if (this.closing) throw new ApiError(503, 'shutting_down', 'The server is shutting down');
    const fetcher = this.deps.fetcherFor(kind);
    const checked: CrawlTarget[] = [];
    for (const target of targets.slice(0, FETCH_LIMITS.maxPages)) {
      try {
        const url = await fetcher.checkTarget(target.url);
        checked.push({ url: url.href, supplierId: target.supplierId ?? null });
      } catch (err) {
        if (!(err instanceof FetchError)) throw err;
        if (kind === 'url' || targets.length === 1) throw new ApiError(400, 'url_refused', err.message);
        this.deps.logger.info({ code: err.code }, 'crawl target refused');
      }
    }
    if (checked.length === 0) throw new ApiError(400, 'url_refused', 'None of the saved addresses can be crawled');
    await this.recover();
    const now = this.now();
    let sessionId: number;
    try {
      sessionId = await this.db.transaction().execute(async (trx) => {
        const id = await repo.insertRunningSession(trx, { kind, startUrls: checked.map((t) => t.url), owner: this.owner, now });
        await repo.insertPages(
          trx,
          id,
          checked.map((t) => ({ url: t.url, supplierId: t.supplierId ?? null })),
        );
        await repo.refreshPageCounts(trx, id, now);
        return id;
      });
    } catch (err) {
      const running = await repo.findRunningSession(this.db);
      if (running) throw new ApiError(409, 'crawl_running', `Session ${running.id} is still running: stop it or wait until it ends`);
      throw err;
    }
    const controller = new AbortController();
    const done = this.run(sessionId, kind, fetcher, controller.signal).finally(() => {
      if (this.local?.sessionId === sessionId) this.local = null;
    });
    this.local = { sessionId, controller, done };
    this.deps.logger.info({ sessionId, kind, pages: checked.length }, 'crawl started');
    return (await this.sessionById(sessionId))!;
  }

  /**
   * Runs the demonstration to its end: the sample directory's session, and its results
   * (`verified`: the suppliers found that passed the checks).
   */
  async simulate(): Promise<SimulateResult> {
    const started = await this.startSample();
    await this.idle();
    const session = (await this.sessionById(started.id))!;
    const verified = await repo.verifiedSupplierCount(this.db, started.id);
    return { session, results: { verified, suppliers: session.found.suppliers, products: session.found.products } };
  }

  /** Asks the running crawl to stop; it stops before its next page (at once in this process). */
  async stop(): Promise<ScrapeSession> {
    const running = await repo.findRunningSession(this.db);
    if (!running) throw new ApiError(409, 'not_running', 'No crawl is running');
    await repo.requestStop(this.db, running.id);
    if (this.local?.sessionId === running.id) {
      this.local.controller.abort();
      await this.local.done;
    }
    return (await this.sessionById(running.id))!;
  }

  /** `{ isRunning, session }`: the running session, else the latest one. */
  async status(): Promise<ScrapingStatus> {
    await this.recover();
    const row = await repo.currentSession(this.db);
    if (!row) return { isRunning: false, session: null };
    return { isRunning: row.status === 'running', session: await this.view(row) };
  }

  async sessionById(id: number): Promise<ScrapeSession | null> {
    const row = await repo.getSession(this.db, id);
    return row ? this.view(row) : null;
  }

  private async view(row: SessionRow): Promise<ScrapeSession> {
    const [counts, directories] = await Promise.all([repo.itemCounts(this.db, row.id), repo.hostsDone(this.db, row.id)]);
    return sessionView(row, counts, directories, this.deps.clock());
  }

  /** Resolves when this process's crawl, if any, has finished. */
  async idle(): Promise<void> {
    await this.local?.done;
  }

  /** Stops this process's crawl for a shutdown; the session is marked interrupted. */
  async close(): Promise<void> {
    this.closing = true;
    this.local?.controller.abort();
    await this.idle();
  }

  private async run(sessionId: number, kind: ScrapeKind, fetcher: PageFetcher, signal: AbortSignal): Promise<void> {
    const log = this.deps.logger.child({ sessionId });
    const heartbeat = setInterval(
      () => {
        repo.renewHeartbeat(this.db, sessionId, this.owner, this.now()).catch((err: unknown) => log.warn({ err }, 'crawl heartbeat failed'));
      },
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    let outcome: Exclude<ScrapeStatus, 'running'> = 'completed';
    let error: string | null = null;
    try {
      const market = await this.deps.market.current();
      const duplicates = await DuplicateIndex.load(this.db);
      for (;;) {
        if (signal.aborted || (await repo.isStopRequested(this.db, sessionId))) {
          outcome = this.closing ? 'interrupted' : 'stopped';
          if (this.closing) error = repo.INTERRUPTED;
          break;
        }
        const page = await repo.nextPendingPage(this.db, sessionId);
        if (!page) break;
        let fetched: Awaited<ReturnType<typeof fetcher.fetchPage>>;
        try {
          fetched = await fetcher.fetchPage(page.url, signal);
        } catch (err) {
          if (err instanceof FetchError && err.code === 'stopped') continue; // seen at the top of the loop
          const message = err instanceof FetchError ? err.message : 'The page could not be fetched';
          if (!(err instanceof FetchError)) log.warn({ err }, 'page fetch failed');
          await this.db.transaction().execute(async (trx) => {
            await repo.completePage(trx, page.id, { status: 'failed', error: message, suppliersFound: 0, productsFound: 0, now: this.now() });
            await repo.refreshPageCounts(trx, sessionId, this.now());
          });
          continue;
        }
        const findings = extractPage(fetched.html, fetched.url);
        const host = new URL(fetched.url).host;
        await this.db.transaction().execute(async (trx) => {
          const now = this.now();
          let suppliers = 0;
          let products = 0;
          for (const found of findings.suppliers) {
            const candidate = prepareSupplier(found, market, host);
            const duplicate = duplicates.supplier(candidate);
            const details = { address: found.address, keywords: candidate.keywords, types: found.types, source: found.source };
            const [id] = await repo.insertItems(trx, [supplierItem(sessionId, fetched.url, candidate, duplicate, now, details)]);
            if (!duplicate && candidate.failures.length === 0) duplicates.addSupplier(candidate, id!);
            suppliers += 1;
          }
          for (const found of findings.products) {
            const candidate = prepareProduct(found, market);
            const key = productKey(candidate.nameKey, page.supplier_id, candidate.sellerName, fetched.url);
            const duplicate = duplicates.product(key);
            const [id] = await repo.insertItems(trx, [productItem(sessionId, fetched.url, candidate, page.supplier_id, duplicate, now)]);
            if (!duplicate && candidate.failures.length === 0) duplicates.addProduct(key, candidate.name, id!);
            products += 1;
          }
          await repo.completePage(trx, page.id, { status: 'done', error: null, suppliersFound: suppliers, productsFound: products, now });
          const room = FETCH_LIMITS.maxPages - (await repo.countPages(trx, sessionId));
          const next = kind === 'products' ? [...findings.nextPages, ...findings.productLinks] : findings.nextPages;
          if (room > 0)
            await repo.insertPages(
              trx,
              sessionId,
              next.slice(0, room).map((url) => ({ url, supplierId: page.supplier_id })),
            );
          await repo.refreshPageCounts(trx, sessionId, now);
        });
      }
    } catch (err) {
      outcome = 'failed';
      error = 'The crawl stopped on an unexpected error';
      log.error({ err }, 'crawl failed');
    } finally {
      clearInterval(heartbeat);
      await repo.finishSession(this.db, sessionId, outcome, error, this.now()).catch((err: unknown) => log.error({ err }, 'crawl end not recorded'));
      log.info({ outcome }, 'crawl ended');
    }
  }
}

/**
 * The server's crawl runner: the network fetcher with the product's user agent and
 * `SCRAPER_ALLOW_HOSTS` for every crawl, the sample directory in process for the demonstration,
 * read at the pace the network fetcher keeps with one host.
 */
export function createScrapeRunner(deps: Omit<ScrapingDeps, 'fetcherFor' | 'publicUrl'> & { config: Config }): ScrapeRunner {
  const { config, ...rest } = deps;
  return new ScrapeRunner({
    ...rest,
    publicUrl: config.publicUrl,
    fetcherFor: (kind) =>
      kind === 'sample'
        ? new SampleFetcher(config.publicUrl, FETCH_LIMITS.maxPages, FETCH_LIMITS.minDelayMs)
        : new PoliteFetcher({ userAgent: scraperUserAgent(config.publicUrl), allowHosts: config.scraper.allowHosts }),
  });
}
