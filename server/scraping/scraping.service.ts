import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DB, DuplicateReason, ScrapeDecision, ScrapeKind, ScrapeStatus } from '../db/schema';
import type { MarketSnapshot } from '../domain/market';
import { ApiError, invalidFields } from '../errors';
import { businessDomain, extractPage, nameKey, prepareProduct, prepareSupplier, type ProductCandidate, type SupplierCandidate } from './extract';
import { FETCH_LIMITS, FetchError, PoliteFetcher, scraperUserAgent, type PageFetcher } from './fetcher';
import { SampleFetcher, sampleStartUrl } from './sample';
import * as repo from './scraping.repository';
import type { ItemRow, NewItem, SessionRow } from './scraping.repository';

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

/** A session as the status call shows it (spec section 3, with the progress and finds the page shows). */
export interface SessionView {
  id: number;
  kind: ScrapeKind;
  state: ScrapeStatus;
  /** Suppliers and products found. */
  totalScraped: number;
  /** Found and not rejected: passed the automatic checks, waiting for staff or approved. */
  verified: number;
  /** Rejected by the automatic checks (duplicates, no contact, no price) or by staff. */
  rejected: number;
  /** Milliseconds from start to finish, or to now while running. */
  duration: number;
  /** Distinct sites fetched. */
  directories: number;
  /** Pages done of pages planned, 0-100. */
  progress: number;
  found: { suppliers: number; products: number };
  pagesDone: number;
  pagesFailed: number;
  pagesPlanned: number;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

/** The demonstration's answer: its session and what it found. */
export interface SimulateResult {
  session: SessionView;
  results: { verified: number; suppliers: number; products: number };
}

export interface ScrapingStatus {
  isRunning: boolean;
  session: SessionView | null;
}

/** A found supplier or product in the review list. */
export interface ReviewItem {
  id: number;
  sessionId: number;
  kind: 'supplier' | 'product';
  sourceUrl: string;
  name: string;
  description: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  cityId: string | null;
  /** The place as the page wrote it. */
  cityText: string | null;
  province: string | null;
  categoryId: string | null;
  catalogueItemId: string | null;
  priceCents: number | null;
  currency: string | null;
  unit: string | null;
  sku: string | null;
  sellerName: string | null;
  notes: string[];
  /** The automatic checks it failed; an item with any is rejected. */
  failures: string[];
  duplicateOf: { reason: DuplicateReason; itemId: number | null; supplierId: number | null } | null;
  decision: ScrapeDecision;
  decidedAt: string | null;
  /** The supplier it became (a supplier item) or belongs to (a product item). */
  supplierId: number | null;
  foundAt: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function sessionView(row: SessionRow, counts: repo.ItemCounts, directories: number, now: number): SessionView {
  const finished = row.status !== 'running';
  const pagesFinished = row.pages_done + row.pages_failed;
  const progress = finished ? (row.status === 'completed' ? 100 : percent(pagesFinished, row.pages_planned)) : Math.min(99, percent(pagesFinished, row.pages_planned));
  const end = row.finished_at ? Date.parse(row.finished_at) : now;
  return {
    id: row.id,
    kind: row.kind,
    state: row.status,
    totalScraped: counts.suppliers + counts.products,
    verified: counts.verified,
    rejected: counts.rejected,
    duration: Math.max(0, end - Date.parse(row.started_at)),
    directories,
    progress,
    found: { suppliers: counts.suppliers, products: counts.products },
    pagesDone: row.pages_done,
    pagesFailed: row.pages_failed,
    pagesPlanned: row.pages_planned,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    error: row.error,
  };
}

const percent = (part: number, whole: number) => (whole <= 0 ? 0 : Math.round((part / whole) * 100));

export function reviewItem(row: ItemRow): ReviewItem {
  return {
    id: row.id,
    sessionId: row.session_id,
    kind: row.kind,
    sourceUrl: row.source_url,
    name: row.name,
    description: row.description,
    email: row.email,
    phone: row.phone,
    website: row.website,
    cityId: row.city_id,
    cityText: row.city_text,
    province: row.province,
    categoryId: row.category_id,
    catalogueItemId: row.catalogue_item_id,
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    currency: row.currency,
    unit: row.unit,
    sku: row.sku,
    sellerName: row.seller_name,
    notes: JSON.parse(row.notes) as string[],
    failures: JSON.parse(row.failures) as string[],
    duplicateOf: row.duplicate_reason
      ? { reason: row.duplicate_reason, itemId: row.duplicate_of_item_id, supplierId: row.duplicate_of_supplier_id }
      : null,
    decision: row.decision,
    decidedAt: row.decided_at,
    supplierId: row.supplier_id,
    foundAt: row.created_at,
  };
}

interface DuplicateRef {
  itemId: number | null;
  supplierId: number | null;
  name: string;
}

interface Duplicate extends DuplicateRef {
  reason: DuplicateReason;
}

const REASON_WORDS: Record<Exclude<DuplicateReason, 'product'>, string> = { email: 'e-mail address', domain: 'website domain', name: 'name' };

function duplicateMessage(d: Duplicate): string {
  const what = d.reason === 'product' ? 'product' : REASON_WORDS[d.reason];
  return d.itemId === null ? `Same ${what} as the supplier ${d.name} (#${d.supplierId})` : `Same ${what} as ${d.name}, found earlier (review item #${d.itemId})`;
}

/**
 * The suppliers and products already known (existing suppliers, and found items not rejected),
 * by the keys duplicates share: e-mail, business domain, normalised name; for products, the
 * product's name under its seller.
 */
class DuplicateIndex {
  private readonly emails = new Map<string, DuplicateRef>();
  private readonly domains = new Map<string, DuplicateRef>();
  private readonly names = new Map<string, DuplicateRef>();
  private readonly products = new Map<string, DuplicateRef>();

  static async load(db: Kysely<DB>): Promise<DuplicateIndex> {
    const index = new DuplicateIndex();
    for (const s of await repo.supplierContacts(db)) {
      const ref = { itemId: null, supplierId: s.id, name: s.name };
      const email = s.email.trim().toLowerCase();
      index.remember(email, businessDomain(null, email), nameKey(s.name), ref);
    }
    for (const item of await repo.liveItemKeys(db)) {
      const ref = { itemId: item.id, supplierId: null, name: item.name };
      if (item.kind === 'supplier') index.remember(item.email, item.domain, item.name_key, ref);
      else index.products.set(productKey(item.name_key, item.supplier_id, item.seller_name, item.source_url), ref);
    }
    return index;
  }

  private remember(email: string | null, domain: string | null, name: string, ref: DuplicateRef) {
    if (email && !this.emails.has(email)) this.emails.set(email, ref);
    if (domain && !this.domains.has(domain)) this.domains.set(domain, ref);
    if (name && !this.names.has(name)) this.names.set(name, ref);
  }

  supplier(c: SupplierCandidate): Duplicate | null {
    const byEmail = c.email ? this.emails.get(c.email) : undefined;
    if (byEmail) return { reason: 'email', ...byEmail };
    const byDomain = c.domain ? this.domains.get(c.domain) : undefined;
    if (byDomain) return { reason: 'domain', ...byDomain };
    const byName = c.nameKey ? this.names.get(c.nameKey) : undefined;
    if (byName) return { reason: 'name', ...byName };
    return null;
  }

  addSupplier(c: SupplierCandidate, itemId: number) {
    this.remember(c.email, c.domain, c.nameKey, { itemId, supplierId: null, name: c.name });
  }

  product(key: string): Duplicate | null {
    const ref = this.products.get(key);
    return ref ? { reason: 'product', ...ref } : null;
  }

  addProduct(key: string, name: string, itemId: number) {
    if (!this.products.has(key)) this.products.set(key, { itemId, supplierId: null, name });
  }
}

/** Products are the same when their names match under one seller: the supplier, the named seller, or the site. */
function productKey(name: string, supplierId: number | null, sellerName: string | null, sourceUrl: string): string {
  const seller = supplierId !== null ? `supplier:${supplierId}` : sellerName ? `seller:${nameKey(sellerName)}` : `site:${new URL(sourceUrl).host}`;
  return `${seller}|${name}`;
}

function baseItem(sessionId: number, sourceUrl: string, now: string, failures: string[]): Pick<NewItem, 'session_id' | 'source_url' | 'decision' | 'decided_by' | 'decided_at' | 'created_at' | 'failures'> {
  const rejected = failures.length > 0;
  return {
    session_id: sessionId,
    source_url: sourceUrl,
    failures: JSON.stringify(failures),
    decision: rejected ? 'rejected' : 'pending',
    decided_by: rejected ? 'checks' : null,
    decided_at: rejected ? now : null,
    created_at: now,
  };
}

function supplierItem(sessionId: number, sourceUrl: string, c: SupplierCandidate, duplicate: Duplicate | null, now: string, details: object): NewItem {
  const failures = duplicate ? [...c.failures, duplicateMessage(duplicate)] : c.failures;
  return {
    ...baseItem(sessionId, sourceUrl, now, failures),
    kind: 'supplier',
    name: c.name,
    name_key: c.nameKey,
    description: c.description,
    email: c.email,
    phone: c.phone,
    website: c.website,
    domain: c.domain,
    city_id: c.cityId,
    city_text: c.cityText,
    province: c.province,
    category_id: c.categoryId,
    catalogue_item_id: null,
    price_cents: null,
    currency: null,
    unit: null,
    sku: null,
    seller_name: null,
    details: JSON.stringify(details),
    notes: JSON.stringify(c.notes),
    duplicate_of_item_id: duplicate?.itemId ?? null,
    duplicate_of_supplier_id: duplicate?.supplierId ?? null,
    duplicate_reason: duplicate?.reason ?? null,
    supplier_id: null,
  };
}

function productItem(sessionId: number, sourceUrl: string, c: ProductCandidate, supplierId: number | null, duplicate: Duplicate | null, now: string): NewItem {
  const failures = duplicate ? [...c.failures, duplicateMessage(duplicate)] : c.failures;
  return {
    ...baseItem(sessionId, sourceUrl, now, failures),
    kind: 'product',
    name: c.name,
    name_key: c.nameKey,
    description: c.description,
    email: null,
    phone: null,
    website: c.url,
    domain: null,
    city_id: null,
    city_text: null,
    province: null,
    category_id: c.categoryId,
    catalogue_item_id: c.catalogueItemId,
    price_cents: c.priceCents,
    currency: c.currency,
    unit: c.unit,
    sku: c.sku,
    seller_name: c.sellerName,
    details: JSON.stringify({}),
    notes: JSON.stringify(c.notes),
    duplicate_of_item_id: duplicate?.itemId ?? null,
    duplicate_of_supplier_id: duplicate?.supplierId ?? null,
    duplicate_reason: duplicate?.reason ?? null,
    supplier_id: supplierId,
  };
}

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
  async startUrl(url: string): Promise<SessionView> {
    if (url.trim() === '') throw invalidFields({ url: 'Please enter a URL' });
    return this.start('url', [{ url: url.trim() }]);
  }

  /** Starts a crawl of the saved directory list. */
  async startDirectories(): Promise<SessionView> {
    const directories = await repo.listDirectories(this.db);
    if (directories.length === 0) throw new ApiError(400, 'no_directories', 'No directory URLs are saved: add one to crawl the list');
    return this.start('directories', directories.map((d) => ({ url: d.url })));
  }

  /** Starts a crawl of the websites of suppliers approved from earlier crawls, for their products. */
  async startProducts(): Promise<SessionView> {
    const sites = await repo.approvedSupplierSites(this.db);
    if (sites.length === 0) throw new ApiError(400, 'no_supplier_sites', 'No approved supplier has a website to crawl for products');
    return this.start('products', sites.map((s) => ({ url: s.url, supplierId: s.supplierId })));
  }

  /** Starts the demonstration: the same pipeline over the sample directory the product ships. */
  async startSample(): Promise<SessionView> {
    return this.start('sample', [{ url: sampleStartUrl(this.deps.publicUrl) }]);
  }

  /** Starts a session on the targets and runs it in the background; answers at once. */
  async start(kind: ScrapeKind, targets: CrawlTarget[]): Promise<SessionView> {
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
        await repo.insertPages(trx, id, checked.map((t) => ({ url: t.url, supplierId: t.supplierId ?? null })));
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
  async stop(): Promise<SessionView> {
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

  async sessionById(id: number): Promise<SessionView | null> {
    const row = await repo.getSession(this.db, id);
    return row ? this.view(row) : null;
  }

  private async view(row: SessionRow): Promise<SessionView> {
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
    const heartbeat = setInterval(() => {
      repo.renewHeartbeat(this.db, sessionId, this.owner, this.now()).catch((err: unknown) => log.warn({ err }, 'crawl heartbeat failed'));
    }, Math.max(1000, Math.floor(this.leaseMs / 3)));
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
        let fetched;
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
          if (room > 0) await repo.insertPages(trx, sessionId, next.slice(0, room).map((url) => ({ url, supplierId: page.supplier_id })));
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

/** The review list: found suppliers and products, filtered, in the order they were found. */
export async function listReviewItems(db: Kysely<DB>, filter: Partial<repo.ItemFilter> = {}): Promise<ReviewItem[]> {
  const rows = await repo.listItems(db, { ...filter, limit: Math.min(Math.max(filter.limit ?? 100, 1), 500) });
  return rows.map(reviewItem);
}

async function pendingItem(db: Kysely<DB> | Transaction<DB>, id: number): Promise<ItemRow> {
  const item = await repo.getItem(db, id);
  if (!item) throw new ApiError(404, 'not_found', `No review item ${id}`);
  if (item.decision !== 'pending') throw new ApiError(409, 'already_decided', `Review item ${id} was already ${item.decision}`);
  return item;
}

/** Rejects a pending item; `by` names who decided. */
export async function rejectItem(db: Kysely<DB>, id: number, by: string, now: Date): Promise<ReviewItem> {
  await pendingItem(db, id);
  if (!(await repo.decidePendingItem(db, id, { decision: 'rejected', by, now: now.toISOString() }))) {
    throw new ApiError(409, 'already_decided', `Review item ${id} was decided meanwhile`);
  }
  return reviewItem((await repo.getItem(db, id))!);
}

/** What an approved supplier item hands to the supplier import. */
export interface SupplierImport {
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  description: string | null;
  cityId: string | null;
  cityText: string | null;
  province: string | null;
  categoryId: string | null;
  sourceUrl: string;
}

/** What an approved product item hands to the product import. */
export interface ProductImport {
  supplierId: number;
  name: string;
  description: string | null;
  priceCents: number;
  unit: string | null;
  sku: string | null;
  categoryId: string | null;
  catalogueItemId: string | null;
  sourceUrl: string;
}

/**
 * The way approved items become market data: the admin import's own functions, run inside the
 * approval's transaction so that an item is approved exactly when its supplier or product exists.
 */
export interface ImportPath {
  createSupplier(trx: Transaction<DB>, supplier: SupplierImport): Promise<{ id: number }>;
  createProduct(trx: Transaction<DB>, product: ProductImport): Promise<void>;
}

/**
 * Approves a pending item through the import path: a supplier item becomes a supplier; a
 * product item is added to its supplier's list, which must exist (a product crawl's supplier,
 * or its seller approved from the same crawl).
 */
export async function approveItem(db: Kysely<DB>, id: number, importPath: ImportPath, by: string, now: Date): Promise<ReviewItem> {
  await db.transaction().execute(async (trx) => {
    const item = await pendingItem(trx, id);
    const decided = { decision: 'approved' as const, by, now: now.toISOString() };
    if (item.kind === 'supplier') {
      if (!(await repo.decidePendingItem(trx, id, decided))) throw new ApiError(409, 'already_decided', `Review item ${id} was decided meanwhile`);
      const created = await importPath.createSupplier(trx, {
        name: item.name,
        email: item.email,
        phone: item.phone,
        website: item.website,
        description: item.description,
        cityId: item.city_id,
        cityText: item.city_text,
        province: item.province,
        categoryId: item.category_id,
        sourceUrl: item.source_url,
      });
      await repo.setItemSupplier(trx, id, created.id);
      return;
    }
    const supplierId = item.supplier_id ?? (item.seller_name ? await repo.approvedSupplierByNameKey(trx, item.session_id, nameKey(item.seller_name)) : null);
    if (supplierId === null) throw new ApiError(409, 'supplier_not_approved', `Approve the supplier of ${item.name} first`);
    if (!(await repo.decidePendingItem(trx, id, { ...decided, supplierId }))) throw new ApiError(409, 'already_decided', `Review item ${id} was decided meanwhile`);
    await importPath.createProduct(trx, {
      supplierId,
      name: item.name,
      description: item.description,
      priceCents: Number(item.price_cents),
      unit: item.unit,
      sku: item.sku,
      categoryId: item.category_id,
      catalogueItemId: item.catalogue_item_id,
      sourceUrl: item.source_url,
    });
  });
  return reviewItem((await repo.getItem(db, id))!);
}

/** The saved directory list. */
export async function listDirectories(db: Kysely<DB>): Promise<{ url: string; addedAt: string }[]> {
  return repo.listDirectories(db);
}

/** Saves a directory URL for the list crawl, once it passes the fetcher's checks. */
export async function addDirectory(db: Kysely<DB>, fetcher: PageFetcher, url: string, now: Date): Promise<{ url: string; addedAt: string }[]> {
  if (url.trim() === '') throw invalidFields({ url: 'Please enter a URL' });
  let checked: URL;
  try {
    checked = await fetcher.checkTarget(url);
  } catch (err) {
    if (err instanceof FetchError) throw new ApiError(400, 'url_refused', err.message);
    throw err;
  }
  await repo.addDirectory(db, checked.href, now.toISOString());
  return repo.listDirectories(db);
}

export async function removeDirectory(db: Kysely<DB>, url: string): Promise<{ url: string; addedAt: string }[]> {
  if (!(await repo.removeDirectory(db, url))) throw new ApiError(404, 'not_found', 'That directory is not in the list');
  return repo.listDirectories(db);
}
