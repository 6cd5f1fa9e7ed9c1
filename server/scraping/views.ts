/**
 * How a crawl session and a found item read in the API: the rows of scrape_sessions and
 * scrape_items mapped to the contract's ScrapeSession and ReviewItem, which the portal reads.
 */
import type { ReviewItem, ScrapeSession } from '../../contract/schemas/scraping';
import type * as repo from './scraping.repository';
import type { ItemRow, SessionRow } from './scraping.repository';

/** A session as the status call shows it, with the progress and finds the page shows. */
export function sessionView(row: SessionRow, counts: repo.ItemCounts, directories: number, now: number): ScrapeSession {
  const finished = row.status !== 'running';
  const pagesFinished = row.pages_done + row.pages_failed;
  const progress = finished
    ? row.status === 'completed'
      ? 100
      : percent(pagesFinished, row.pages_planned)
    : Math.min(99, percent(pagesFinished, row.pages_planned));
  const end = row.finished_at ? Date.parse(row.finished_at) : now;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    totalScraped: counts.suppliers + counts.products,
    verified: counts.verified,
    awaitingReview: counts.pending,
    approved: counts.approved,
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

/** A found supplier or product as the review list shows it. */
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
    duplicateOf: row.duplicate_reason ? { reason: row.duplicate_reason, itemId: row.duplicate_of_item_id, supplierId: row.duplicate_of_supplier_id } : null,
    decision: row.decision,
    decidedAt: row.decided_at,
    supplierId: row.supplier_id,
    foundAt: row.created_at,
  };
}
