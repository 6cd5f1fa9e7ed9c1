import { FetchError, realSleep, type FetchedPage, type PageFetcher } from '../fetcher';
import { INDEX_HTML, PAGE_2_HTML, PAGE_3_HTML, PRODUCTS_HTML } from './pages';

/** Where the product serves its sample directory. */
export const SAMPLE_PATH = '/scraper-sample';

export interface SamplePage {
  /** The file's name under {@link SAMPLE_PATH}. */
  path: string;
  contentType: string;
  body: string;
}

const PAGES: readonly SamplePage[] = Object.freeze([
  { path: 'index.html', contentType: 'text/html; charset=utf-8', body: INDEX_HTML },
  { path: 'page-2.html', contentType: 'text/html; charset=utf-8', body: PAGE_2_HTML },
  { path: 'page-3.html', contentType: 'text/html; charset=utf-8', body: PAGE_3_HTML },
  { path: 'products.html', contentType: 'text/html; charset=utf-8', body: PRODUCTS_HTML },
]);

/** A sample file by its path under {@link SAMPLE_PATH} ('' and '/' are the first page), or null. */
export function readSamplePage(path: string): SamplePage | null {
  const name = path.replace(/^\/+/, '') || 'index.html';
  return PAGES.find((p) => p.path === name) ?? null;
}

/** The sample directory's first page on this server. */
export function sampleStartUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${SAMPLE_PATH}/index.html`;
}

/**
 * Reads the sample directory in process, as the server would serve it under `publicUrl`, so
 * the demonstration crawl runs the same extraction, checks and storage as any crawl without the
 * server fetching itself over the network. With `minDelayMs` it keeps the pace the network
 * fetcher keeps with one host, so the demonstration proceeds as a real crawl does.
 */
export class SampleFetcher implements PageFetcher {
  private readonly base: string;
  private pages = 0;

  constructor(
    publicUrl: string,
    private readonly maxPages = 50,
    private readonly minDelayMs = 0,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void> = realSleep,
  ) {
    this.base = `${publicUrl.replace(/\/+$/, '')}${SAMPLE_PATH}/`;
  }

  async checkTarget(url: string): Promise<URL> {
    if (!url.startsWith(this.base)) throw new FetchError('blocked', `${url} is not part of the sample directory`);
    return new URL(url);
  }

  async fetchPage(url: string, signal?: AbortSignal): Promise<FetchedPage> {
    if (signal?.aborted) throw new FetchError('stopped', 'The crawl was stopped');
    const target = await this.checkTarget(url);
    target.hash = '';
    target.search = '';
    if (this.pages >= this.maxPages) throw new FetchError('page-limit', `The crawl reached its limit of ${this.maxPages} pages`);
    if (this.pages > 0 && this.minDelayMs > 0) await this.sleep(this.minDelayMs, signal);
    this.pages += 1;
    const page = readSamplePage(target.href.slice(this.base.length));
    if (!page) throw new FetchError('http-status', `${target.href} answered 404`);
    return { requestedUrl: url, url: target.href, html: page.body };
  }
}
