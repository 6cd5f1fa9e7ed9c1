import type { Logger } from 'pino';
import type { MarketStore } from './catalogue/market-store';
import type { Config } from './config';
import type { Database } from './db/database';
import type { GroupCommit } from './db/group-commit';
import type { Outbox } from './mail/outbox';
import type { ScrapeRunner } from './scraping/scraping.service';

/**
 * What every router is built from. It lives apart from `app.ts`, which imports the routers,
 * so that no router imports the module that imports it.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  market: MarketStore;
  /** Batches request writes into shared transactions. */
  writes: GroupCommit;
  /** Every e-mail the product sends goes through it. */
  outbox: Outbox;
  /** Runs the supplier scraper's crawls, one at a time across every server process. */
  scraper: ScrapeRunner;
  /** Milliseconds since the epoch; tests give their own clock. */
  clock: () => number;
}
