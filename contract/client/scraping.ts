/**
 * The supplier scraper's calls: start, watch and stop crawls, review what they found, and keep
 * the saved directory list. They need a signed-in staff session with the admin role (the
 * session cookie goes with every call from the portal's own pages); they are not part of the
 * published package.
 *
 * @module
 */
import {
  directoryListSchema,
  reviewItemListSchema,
  reviewItemResultSchema,
  scrapeStartedSchema,
  scrapingStatusSchema,
  simulateResultSchema,
  type ApproveItemInput,
  type DirectoryList,
  type ReviewItemList,
  type ReviewItemResult,
  type ReviewItemsParams,
  type ScrapeStarted,
  type ScrapeUrlInput,
  type ScrapingStatus,
  type SimulateResult,
} from '../schemas/scraping';
import type { CallOptions, Transport } from '../../sdk/client/transport';

/**
 * The scraper calls, from {@link scrapingCalls}.
 *
 * @example
 * const scraping: ScrapingCalls = scrapingCalls(createTransport({ baseUrl: location.origin }));
 * const { isRunning, session } = await scraping.status();
 */
export interface ScrapingCalls {
  /** Whether a crawl runs, with its real progress (`GET /api/scraping/status`). */
  status(options?: CallOptions): Promise<ScrapingStatus>;
  /** Starts a crawl of a URL (`POST /api/scrape`); answers at once with the session. */
  scrape(input: ScrapeUrlInput, options?: CallOptions): Promise<ScrapeStarted>;
  /** Starts a crawl of the saved directory list (`POST /api/scraping/start`). */
  start(options?: CallOptions): Promise<ScrapeStarted>;
  /** Starts a crawl of approved suppliers' websites for their products (`POST /api/scraping/products`). */
  products(options?: CallOptions): Promise<ScrapeStarted>;
  /** Crawls the sample directory that ships with Procura and answers when it has ended (`POST /api/scraping/simulate`). */
  simulate(options?: CallOptions): Promise<SimulateResult>;
  /** Stops the running crawl before its next page (`POST /api/scraping/stop`). */
  stop(options?: CallOptions): Promise<ScrapeStarted>;
  /** The review list: found suppliers and products (`GET /api/scraping/items`). */
  items(params?: ReviewItemsParams, options?: CallOptions): Promise<ReviewItemList>;
  /** Approves a found item (`POST /api/scraping/items/:id/approve`): it becomes a supplier, or a product on its supplier's list. */
  approve(itemId: number, input?: ApproveItemInput, options?: CallOptions): Promise<ReviewItemResult>;
  /** Rejects a found item (`POST /api/scraping/items/:id/reject`). */
  reject(itemId: number, options?: CallOptions): Promise<ReviewItemResult>;
  /** The saved directory list (`GET /api/scraping/directories`). */
  directories(options?: CallOptions): Promise<DirectoryList>;
  /** Saves a directory URL once it passes the crawler's checks (`POST /api/scraping/directories`). */
  addDirectory(input: ScrapeUrlInput, options?: CallOptions): Promise<DirectoryList>;
  /** Takes a URL off the list (`DELETE /api/scraping/directories?url=`). */
  removeDirectory(url: string, options?: CallOptions): Promise<DirectoryList>;
}

/**
 * The scraper calls over a transport. Nothing is retried: a repeated start would meet the
 * running crawl (409), a repeated decision the decided item (409).
 *
 * @example
 * const scraping = scrapingCalls(createTransport({ baseUrl: location.origin, retry: 0 }));
 * const { session } = await scraping.scrape({ url: 'https://directory.example.co.za/cleaning' });
 */
export function scrapingCalls(api: Transport): ScrapingCalls {
  const item = (id: number, action: 'approve' | 'reject') => `api/scraping/items/${encodeURIComponent(String(id))}/${action}`;
  return {
    status: (opts) => api.get(scrapingStatusSchema, 'api/scraping/status', undefined, opts),
    scrape: (input, opts) => api.post(scrapeStartedSchema, 'api/scrape', input, null, opts),
    start: (opts) => api.post(scrapeStartedSchema, 'api/scraping/start', undefined, null, opts),
    products: (opts) => api.post(scrapeStartedSchema, 'api/scraping/products', undefined, null, opts),
    simulate: (opts) => api.post(simulateResultSchema, 'api/scraping/simulate', undefined, null, opts),
    stop: (opts) => api.post(scrapeStartedSchema, 'api/scraping/stop', undefined, null, opts),
    items: (params, opts) => api.get(reviewItemListSchema, 'api/scraping/items', params, opts),
    approve: (id, input, opts) => api.post(reviewItemResultSchema, item(id, 'approve'), input ?? {}, null, opts),
    reject: (id, opts) => api.post(reviewItemResultSchema, item(id, 'reject'), undefined, null, opts),
    directories: (opts) => api.get(directoryListSchema, 'api/scraping/directories', undefined, opts),
    addDirectory: (input, opts) => api.post(directoryListSchema, 'api/scraping/directories', input, null, opts),
    removeDirectory: (url, opts) => api.delete(directoryListSchema, `api/scraping/directories?url=${encodeURIComponent(url)}`, opts),
  };
}
