import { SCRAPER_MESSAGES as M, type ScrapeKind, type ScrapeSession, type ScrapeStatus } from '../../../contract/schemas/scraping';
import { formatNumber } from '../../../sdk/format';
import type { ToastInput } from '../../components/ui/toast';

export const KIND_LABELS: Record<ScrapeKind, string> = {
  url: 'Crawl of a URL',
  directories: 'Crawl of the saved directories',
  products: 'Crawl of supplier websites for products',
  sample: 'Demo on the sample directory',
};

export const STATUS_LABELS: Record<ScrapeStatus, string> = {
  running: 'Running',
  completed: 'Completed',
  stopped: 'Stopped',
  failed: 'Failed',
  interrupted: 'Interrupted',
};

/** '2.4 s', '1 min 5 s' */
export function durationText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** One line on a session's pages and finds: '2 of 3 pages · 5 suppliers and 1 product found'. */
export function sessionLine(s: ScrapeSession): string {
  const pages = `${formatNumber(s.pagesDone + s.pagesFailed)} of ${plural(s.pagesPlanned, 'page', 'pages')}`;
  const failed = s.pagesFailed > 0 ? ` (${formatNumber(s.pagesFailed)} not read)` : '';
  return `${pages}${failed} · ${plural(s.found.suppliers, 'supplier', 'suppliers')} and ${plural(s.found.products, 'product', 'products')} found`;
}

/**
 * The toast for a crawl the page watched end, as the page words it, except that a crawl adds
 * nothing by itself: a product crawl's toast counts its finds waiting for review and the sites it read.
 */
export function endToast(s: ScrapeSession): ToastInput {
  const failure = s.kind === 'products' ? M.productsFailed : s.kind === 'sample' ? M.demoFailed : M.failed;
  switch (s.status) {
    case 'completed':
      return s.kind === 'products'
        ? { title: M.productsCompleted, description: M.productsCompletedText(s.awaitingReview, s.directories) }
        : { title: M.complete, description: M.completeText(s.found.suppliers, s.found.products) };
    case 'stopped':
      return { title: M.stopped, description: M.stoppedText(s.id, s.pagesDone + s.pagesFailed) };
    default:
      return { title: failure, description: s.error ?? STATUS_LABELS[s.status], variant: 'destructive' };
  }
}
