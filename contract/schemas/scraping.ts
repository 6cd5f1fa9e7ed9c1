// Kept whole: the scraper's contract: its sessions, found items, review and directories share
// their shapes.
import { z } from 'zod';
import { singleLine } from '../../sdk/schemas/text';
import { strictQuery, wholeNumber } from './query';

/**
 * The supplier scraper's contract: crawl sessions and their real progress, the review list of
 * found suppliers and products, approvals and rejections, and the saved directory list. Staff
 * calls (role admin): not part of the published package.
 *
 * @module
 */

/**
 * The crawler's rules, shared by the fetcher that keeps them and the `/bot` page that states them.
 *
 * @example
 * SCRAPER_LIMITS.minDelaySeconds; // 1: at least a second between two requests to one host
 */
export const SCRAPER_LIMITS = {
  /** Seconds a page may take to answer. */
  timeoutSeconds: 10,
  /** Bytes of a page read at most (after decompression). */
  maxPageBytes: 2 * 1024 * 1024,
  /** Redirects followed at most, each checked again. */
  maxRedirects: 5,
  /** Pages one crawl fetches at most. */
  maxPages: 50,
  /** Seconds between two requests to one host, at least. */
  minDelaySeconds: 1,
  /** A site whose robots.txt asks for a longer Crawl-delay is not crawled. */
  maxCrawlDelaySeconds: 60,
  /** Characters of a URL. */
  maxUrl: 2048,
  /** The results preview of the scraper page: the first this many items of a session. */
  previewItems: 10,
  /** Items one review list answer holds at most, and by default. */
  maxItems: 500,
  defaultItems: 100,
} as const;

/**
 * The crawler's name in its user agent.
 *
 * @example
 * SCRAPER_BOT_NAME; // 'ProcuraBot/1.0'
 */
const SCRAPER_BOT_NAME = 'ProcuraBot/1.0';

/**
 * The user agent the crawler sends, naming the page that describes it.
 *
 * @example
 * scraperUserAgent('https://procura.co.za'); // 'ProcuraBot/1.0 (+https://procura.co.za/bot)'
 */
export function scraperUserAgent(publicUrl: string): string {
  return `${SCRAPER_BOT_NAME} (+${publicUrl.replace(/\/+$/, '')}/bot)`;
}

/**
 * What the scraper page and calls say, as the page's toasts word them; a crawl that ended adds
 * nothing by itself, so its toast says its finds wait for review rather than 'Added'.
 *
 * @example
 * toast({ title: SCRAPER_MESSAGES.started, description: SCRAPER_MESSAGES.startedText(12) });
 */
export const SCRAPER_MESSAGES = {
  enterUrl: 'Please enter a URL',
  started: 'Scraping Started',
  startedText: (sessionId: number) => `Session ${sessionId} is now running`,
  failed: 'Scraping Failed',
  complete: 'Scraping Complete',
  completeText: (suppliers: number, products: number) => `Found ${suppliers} suppliers and ${products} products`,
  demoCompleted: 'Demo Completed',
  demoCompletedText: (awaitingReview: number, found: number) =>
    awaitingReview === 0
      ? `None of the ${found} ${found === 1 ? 'find' : 'finds'} passed the checks; nothing was added`
      : `${awaitingReview} of ${found} ${found === 1 ? 'find' : 'finds'} passed the checks and ${awaitingReview === 1 ? 'waits' : 'wait'} for your review below: nothing is added until you approve it`,
  demoFailed: 'Demo Failed',
  productsCompleted: 'Product Scraping Completed',
  productsCompletedText: (products: number, websites: number) =>
    products === 0
      ? `No product from ${websites} ${websites === 1 ? 'website' : 'websites'} passed the checks; nothing was added`
      : `${products} ${products === 1 ? 'product' : 'products'} from ${websites} ${websites === 1 ? 'website' : 'websites'} passed the checks and ${products === 1 ? 'waits' : 'wait'} for your review below: nothing is added until you approve it`,
  productsFailed: 'Product Scraping Failed',
  stopped: 'Scraping Stopped',
  stoppedText: (sessionId: number, pages: number) => `Session ${sessionId} stopped after ${pages} ${pages === 1 ? 'page' : 'pages'}`,
  error: 'Error',
  urlTooLong: `A URL is at most ${SCRAPER_LIMITS.maxUrl.toLocaleString('en-US')} characters`,
} as const;

const enterUrl = { error: SCRAPER_MESSAGES.enterUrl };
const urlField = z.string(enterUrl).trim().check(singleLine('URL')).min(1, enterUrl).max(SCRAPER_LIMITS.maxUrl, { error: SCRAPER_MESSAGES.urlTooLong });

/**
 * `POST /api/scrape` and `POST /api/scraping/directories`: a URL; an empty one answers 400 with
 * 'Please enter a URL' on `url`.
 *
 * @example
 * scrapeUrlSchema.parse({ url: 'https://directory.example.co.za/cleaning' });
 */
export const scrapeUrlSchema = z.strictObject({ url: urlField });
/**
 * What a client sends to crawl a URL or save a directory.
 *
 * @example
 * const input: ScrapeUrlInput = { url: 'https://directory.example.co.za/cleaning' };
 */
export type ScrapeUrlInput = z.input<typeof scrapeUrlSchema>;

/**
 * What a crawl was started on: a typed URL, the saved directory list, approved suppliers' sites
 * for their products, or the sample directory that ships with Procura.
 *
 * @example
 * scrapeKindSchema.parse('sample');
 */
export const scrapeKindSchema = z.enum(['url', 'directories', 'products', 'sample']);
/**
 * A crawl's kind.
 *
 * @example
 * const kind: ScrapeKind = 'url';
 */
export type ScrapeKind = z.infer<typeof scrapeKindSchema>;

/**
 * Where a crawl stands: running, or ended as completed, stopped by staff, failed, or
 * interrupted (cut off by a restart).
 *
 * @example
 * scrapeStatusSchema.parse('completed');
 */
export const scrapeStatusSchema = z.enum(['running', 'completed', 'stopped', 'failed', 'interrupted']);
/**
 * A crawl's status.
 *
 * @example
 * const status: ScrapeStatus = 'running';
 */
export type ScrapeStatus = z.infer<typeof scrapeStatusSchema>;

/**
 * A crawl session (the scraping status, with the progress and finds the page shows):
 * `progress` is pages done of pages planned (0-100), `verified` the finds that passed the
 * automatic checks and were not rejected by staff (`awaitingReview` of them not yet decided,
 * `approved` added to the market), `rejected` the rest, `directories` the
 * distinct sites fetched, `duration` milliseconds so far or in all.
 *
 * @example
 * const { id, progress, found } = scrapeSessionSchema.parse(json.session);
 */
export const scrapeSessionSchema = z.object({
  id: z.number().int(),
  kind: scrapeKindSchema,
  status: scrapeStatusSchema,
  totalScraped: z.number().int(),
  verified: z.number().int(),
  awaitingReview: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  duration: z.number().int(),
  directories: z.number().int(),
  progress: z.number().int().min(0).max(100),
  found: z.object({ suppliers: z.number().int(), products: z.number().int() }),
  pagesDone: z.number().int(),
  pagesFailed: z.number().int(),
  pagesPlanned: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
/**
 * A crawl session.
 *
 * @example
 * const session: ScrapeSession = status.session!;
 */
export type ScrapeSession = z.infer<typeof scrapeSessionSchema>;

/**
 * `GET /api/scraping/status`: whether a crawl runs, and the running session or else the latest.
 *
 * @example
 * const { isRunning, session } = scrapingStatusSchema.parse(await res.json());
 */
export const scrapingStatusSchema = z.object({ isRunning: z.boolean(), session: scrapeSessionSchema.nullable() });
/**
 * The scraper's status.
 *
 * @example
 * const status: ScrapingStatus = await client.scraping.status();
 */
export type ScrapingStatus = z.infer<typeof scrapingStatusSchema>;

/**
 * The answer to a call that starts a crawl (`POST /api/scrape`, `/api/scraping/start`,
 * `/api/scraping/products`): 202 with the session, which then runs in the background.
 *
 * @example
 * const { session } = scrapeStartedSchema.parse(await res.json());
 */
export const scrapeStartedSchema = z.object({ session: scrapeSessionSchema });
/**
 * A started crawl.
 *
 * @example
 * const { session }: ScrapeStarted = await client.scraping.scrape({ url });
 */
export type ScrapeStarted = z.infer<typeof scrapeStartedSchema>;

/**
 * The answer to `POST /api/scraping/simulate`, once the sample directory's crawl has ended:
 * the session, and its results (`verified`: suppliers found that passed the checks).
 *
 * @example
 * const { results } = simulateResultSchema.parse(await res.json());
 * console.log(`Added ${results.verified} verified suppliers`);
 */
export const simulateResultSchema = z.object({
  session: scrapeSessionSchema,
  results: z.object({ verified: z.number().int(), suppliers: z.number().int(), products: z.number().int() }),
});
/**
 * The demonstration's result.
 *
 * @example
 * const { session, results }: SimulateResult = await client.scraping.simulate();
 */
export type SimulateResult = z.infer<typeof simulateResultSchema>;

/**
 * Where a found item stands: waiting for staff, approved (it became a supplier or product), or
 * rejected (by the automatic checks or by staff).
 *
 * @example
 * reviewDecisionSchema.parse('pending');
 */
const reviewDecisionSchema = z.enum(['pending', 'approved', 'rejected']);

/**
 * A found supplier or product in the review list, with the page it was found on. `failures` are
 * the automatic checks it failed (an item with any is rejected); `notes` what a reviewer should
 * know; `cityId` is null when the page's place (`cityText`) is not one of Procura's cities.
 *
 * @example
 * const item = reviewItemSchema.parse(json.item);
 */
export const reviewItemSchema = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  kind: z.enum(['supplier', 'product']),
  sourceUrl: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  cityId: z.string().nullable(),
  cityText: z.string().nullable(),
  province: z.string().nullable(),
  categoryId: z.string().nullable(),
  catalogueItemId: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  unit: z.string().nullable(),
  sku: z.string().nullable(),
  sellerName: z.string().nullable(),
  notes: z.array(z.string()),
  failures: z.array(z.string()),
  duplicateOf: z
    .object({
      reason: z.enum(['email', 'domain', 'name', 'product']),
      itemId: z.number().int().nullable(),
      supplierId: z.number().int().nullable(),
    })
    .nullable(),
  decision: reviewDecisionSchema,
  decidedAt: z.string().nullable(),
  supplierId: z.number().int().nullable(),
  foundAt: z.string(),
});
/**
 * A found supplier or product.
 *
 * @example
 * const pending: ReviewItem[] = (await client.scraping.items({ decision: 'pending' })).items;
 */
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/**
 * The query of `GET /api/scraping/items`: a session's items, or items of a decision or kind
 * across sessions, in the order they were found; `afterId` pages on, `limit` is 100 (at most 500).
 *
 * @example
 * reviewItemsQuerySchema.parse({ decision: 'pending', limit: '50' });
 */
export const reviewItemsQuerySchema = z.strictObject(
  {
    sessionId: wholeNumber('sessionId', 1).optional(),
    decision: z.enum(['pending', 'approved', 'rejected'], { error: 'decision must be pending, approved or rejected' }).optional(),
    kind: z.enum(['supplier', 'product'], { error: 'kind must be supplier or product' }).optional(),
    afterId: wholeNumber('afterId', 0).optional(),
    limit: wholeNumber('limit', 1, SCRAPER_LIMITS.maxItems).default(SCRAPER_LIMITS.defaultItems),
  },
  strictQuery,
);
/**
 * What a client asks the review list for.
 *
 * @example
 * const params: ReviewItemsParams = { sessionId: 12, limit: 10 };
 */
export type ReviewItemsParams = z.input<typeof reviewItemsQuerySchema>;

/**
 * The answer to `GET /api/scraping/items`.
 *
 * @example
 * const { items } = reviewItemListSchema.parse(await res.json());
 */
export const reviewItemListSchema = z.object({ items: z.array(reviewItemSchema) });
/**
 * A page of the review list.
 *
 * @example
 * const { items }: ReviewItemList = await client.scraping.items({ decision: 'pending' });
 */
export type ReviewItemList = z.infer<typeof reviewItemListSchema>;

/**
 * The path of an item's approval or rejection.
 *
 * @example
 * reviewItemParamsSchema.parse({ id: '12' }); // { id: 12 }
 */
export const reviewItemParamsSchema = z.object({ id: wholeNumber('id', 1) });

const optionalText = (name: string, max: number, field: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .check(singleLine(field))
    .max(max, { error: `${name} is longer than ${max} characters` })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/**
 * `POST /api/scraping/items/:id/approve`: what the page did not give, filled in by staff. A
 * supplier needs an e-mail address and one of Procura's cities (its name, or `Durban,
 * KwaZulu-Natal`); a product needs the unit its price is for and a category (an id or name).
 * Each defaults to what the page gave.
 *
 * @example
 * approveItemSchema.parse({ city: 'Johannesburg' });
 */
export const approveItemSchema = z.strictObject(
  {
    email: z
      .string({ error: 'e-mail must be text' })
      .trim()
      .max(254, { error: 'Enter a valid e-mail address' })
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.email({ error: 'Enter a valid e-mail address' }).optional()),
    city: optionalText('city', 100, 'City'),
    category: optionalText('category', 100, 'Category'),
    unit: optionalText('unit', 30, 'Unit'),
  },
  strictQuery,
);
/**
 * What a client sends with an approval.
 *
 * @example
 * const input: ApproveItemInput = { email: 'sales@bay-laundry.co.za' };
 */
export type ApproveItemInput = z.input<typeof approveItemSchema>;

/**
 * The answer to an approval or rejection: the item as it now stands (`supplierId` names the
 * supplier an approved supplier item became, or a product item was added to).
 *
 * @example
 * const { item } = reviewItemResultSchema.parse(await res.json());
 */
export const reviewItemResultSchema = z.object({ item: reviewItemSchema });
/**
 * A decided item.
 *
 * @example
 * const { item }: ReviewItemResult = await client.scraping.approve(12);
 */
export type ReviewItemResult = z.infer<typeof reviewItemResultSchema>;

/**
 * The saved directory list (`GET`, `POST`, `DELETE /api/scraping/directories`) that
 * `POST /api/scraping/start` crawls.
 *
 * @example
 * const { directories } = directoryListSchema.parse(await res.json());
 */
export const directoryListSchema = z.object({ directories: z.array(z.object({ url: z.string(), addedAt: z.string() })) });
/**
 * The saved directories.
 *
 * @example
 * const { directories }: DirectoryList = await client.scraping.directories();
 */
export type DirectoryList = z.infer<typeof directoryListSchema>;

/**
 * The query of `DELETE /api/scraping/directories`: the URL to take off the list.
 *
 * @example
 * directoryQuerySchema.parse({ url: 'https://directory.example.co.za/' });
 */
export const directoryQuerySchema = z.strictObject({ url: urlField }, strictQuery);
