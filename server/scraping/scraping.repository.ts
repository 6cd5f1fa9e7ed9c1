import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../db/executor';
import type { ScrapeDecision, ScrapeItemsTable, ScrapeKind, ScrapePagesTable, ScrapeSessionsTable, ScrapeStatus } from '../db/schema';

export type SessionRow = Selectable<ScrapeSessionsTable>;
export type PageRow = Selectable<ScrapePagesTable>;
export type ItemRow = Selectable<ScrapeItemsTable>;
export type NewItem = Insertable<ScrapeItemsTable>;

/** Starts a session as the running one; the unique index refuses it while another runs. */
export async function insertRunningSession(db: Executor, values: { kind: ScrapeKind; startUrls: string[]; owner: string; now: string }): Promise<number> {
  const row = await db
    .insertInto('scrape_sessions')
    .values({
      kind: values.kind,
      status: 'running',
      running: 1,
      start_urls: JSON.stringify(values.startUrls),
      owner: values.owner,
      heartbeat_at: values.now,
      started_at: values.now,
      finished_at: null,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findRunningSession(db: Executor): Promise<SessionRow | undefined> {
  return db.selectFrom('scrape_sessions').selectAll().where('running', '=', 1).executeTakeFirst();
}

/** The running session, else the latest one. */
export async function currentSession(db: Executor): Promise<SessionRow | undefined> {
  return (await findRunningSession(db)) ?? db.selectFrom('scrape_sessions').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function getSession(db: Executor, id: number): Promise<SessionRow | undefined> {
  return db.selectFrom('scrape_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Why a session is interrupted: its server stopped, or went away, while it ran. */
export const INTERRUPTED = 'The crawl was cut off when the server stopped';

/** Marks running sessions whose runner stopped renewing them before `staleBefore` as interrupted. */
export async function interruptStaleSessions(db: Executor, staleBefore: string, now: string): Promise<number> {
  const result = await db
    .updateTable('scrape_sessions')
    .set({ status: 'interrupted', running: null, finished_at: now, error: INTERRUPTED })
    .where('running', '=', 1)
    .where('heartbeat_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function renewHeartbeat(db: Executor, id: number, owner: string, now: string): Promise<void> {
  await db.updateTable('scrape_sessions').set({ heartbeat_at: now }).where('id', '=', id).where('owner', '=', owner).where('running', '=', 1).execute();
}

/** Asks the session's runner, in whichever process it runs, to stop after the page in hand. */
export async function requestStop(db: Executor, id: number): Promise<boolean> {
  const result = await db.updateTable('scrape_sessions').set({ stop_requested: 1 }).where('id', '=', id).where('running', '=', 1).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function isStopRequested(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('scrape_sessions').select(['stop_requested', 'running']).where('id', '=', id).executeTakeFirst();
  return !row || row.stop_requested === 1 || row.running !== 1;
}

export async function finishSession(db: Executor, id: number, status: Exclude<ScrapeStatus, 'running'>, error: string | null, now: string): Promise<void> {
  await db
    .updateTable('scrape_sessions')
    .set({ status, running: null, error, finished_at: now, heartbeat_at: now })
    .where('id', '=', id)
    .where('running', '=', 1)
    .execute();
}

/** Plans pages; a URL already in the session is skipped. Returns how many were added. */
export async function insertPages(db: Executor, sessionId: number, pages: { url: string; supplierId: number | null }[]): Promise<number> {
  if (pages.length === 0) return 0;
  const rows = await db
    .insertInto('scrape_pages')
    .values(pages.map((p) => ({ session_id: sessionId, url: p.url, supplier_id: p.supplierId, status: 'pending' as const, error: null, fetched_at: null })))
    .onConflict((oc) => oc.columns(['session_id', 'url']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

export async function nextPendingPage(db: Executor, sessionId: number): Promise<PageRow | undefined> {
  return db
    .selectFrom('scrape_pages')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function countPages(db: Executor, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('scrape_pages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function pageUrls(db: Executor, sessionId: number, status: PageRow['status']): Promise<string[]> {
  const rows = await db.selectFrom('scrape_pages').select('url').where('session_id', '=', sessionId).where('status', '=', status).orderBy('id').execute();
  return rows.map((r) => r.url);
}

export async function completePage(
  db: Executor,
  pageId: number,
  values: { status: 'done' | 'failed'; error: string | null; suppliersFound: number; productsFound: number; now: string },
): Promise<void> {
  await db
    .updateTable('scrape_pages')
    .set({ status: values.status, error: values.error, suppliers_found: values.suppliersFound, products_found: values.productsFound, fetched_at: values.now })
    .where('id', '=', pageId)
    .execute();
}

/** Writes the session's page counts from its pages, so progress is what was really done. */
export async function refreshPageCounts(db: Executor, sessionId: number, now: string): Promise<void> {
  const row = await db
    .selectFrom('scrape_pages')
    .select((eb) => [
      eb.fn.countAll<number>().as('planned'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'done').then(1).else(0).end()).as('done'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'failed').then(1).else(0).end()).as('failed'),
    ])
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('scrape_sessions')
    .set({ pages_planned: Number(row.planned), pages_done: Number(row.done ?? 0), pages_failed: Number(row.failed ?? 0), heartbeat_at: now })
    .where('id', '=', sessionId)
    .execute();
}

export async function insertItems(db: Executor, items: NewItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db.insertInto('scrape_items').values(items).returning('id').execute();
  return rows.map((r) => r.id);
}

export interface ItemCounts {
  suppliers: number;
  products: number;
  /** Found and not rejected: passed the checks, approved or waiting for staff. */
  verified: number;
  /** Of those, the ones waiting for staff, and the ones approved. */
  pending: number;
  approved: number;
  rejected: number;
}

export async function itemCounts(db: Executor, sessionId: number): Promise<ItemCounts> {
  const rows = await db
    .selectFrom('scrape_items')
    .select(['kind', 'decision', (eb) => eb.fn.countAll<number>().as('n')])
    .where('session_id', '=', sessionId)
    .groupBy(['kind', 'decision'])
    .execute();
  const counts: ItemCounts = { suppliers: 0, products: 0, verified: 0, pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    if (r.kind === 'supplier') counts.suppliers += n;
    else counts.products += n;
    if (r.decision === 'rejected') counts.rejected += n;
    else counts.verified += n;
    if (r.decision === 'pending') counts.pending += n;
    else if (r.decision === 'approved') counts.approved += n;
  }
  return counts;
}

/** Suppliers a session found that were not rejected: passed the checks, approved or waiting for staff. */
export async function verifiedSupplierCount(db: Executor, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('scrape_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('session_id', '=', sessionId)
    .where('kind', '=', 'supplier')
    .where('decision', '!=', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ItemFilter {
  sessionId?: number;
  decision?: ScrapeDecision;
  kind?: 'supplier' | 'product';
  /** Items after this id (the list is in id order). */
  afterId?: number;
  limit: number;
}

export async function listItems(db: Executor, filter: ItemFilter): Promise<ItemRow[]> {
  let q = db.selectFrom('scrape_items').selectAll();
  if (filter.sessionId !== undefined) q = q.where('session_id', '=', filter.sessionId);
  if (filter.decision !== undefined) q = q.where('decision', '=', filter.decision);
  if (filter.kind !== undefined) q = q.where('kind', '=', filter.kind);
  if (filter.afterId !== undefined) q = q.where('id', '>', filter.afterId);
  return q.orderBy('id').limit(filter.limit).execute();
}

export async function getItem(db: Executor, id: number): Promise<ItemRow | undefined> {
  return db.selectFrom('scrape_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a pending item to a decision; false when it was no longer pending. */
export async function decidePendingItem(
  db: Executor,
  id: number,
  values: { decision: 'approved' | 'rejected'; by: string; now: string; supplierId?: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('scrape_items')
    .set({
      decision: values.decision,
      decided_by: values.by,
      decided_at: values.now,
      ...(values.supplierId !== undefined ? { supplier_id: values.supplierId } : {}),
    })
    .where('id', '=', id)
    .where('decision', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setItemSupplier(db: Executor, id: number, supplierId: number): Promise<void> {
  await db.updateTable('scrape_items').set({ supplier_id: supplierId }).where('id', '=', id).execute();
}

/** The approved supplier a product's seller name stands for, found by the same crawl. */
export async function approvedSupplierByNameKey(db: Executor, sessionId: number, nameKey: string): Promise<number | null> {
  const row = await db
    .selectFrom('scrape_items')
    .select('supplier_id')
    .where('session_id', '=', sessionId)
    .where('kind', '=', 'supplier')
    .where('decision', '=', 'approved')
    .where('name_key', '=', nameKey)
    .where('supplier_id', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.supplier_id ?? null;
}

/** Existing suppliers, as duplicates are recognised by. */
export async function supplierContacts(db: Executor): Promise<{ id: number; name: string; email: string }[]> {
  return db.selectFrom('suppliers').select(['id', 'name', 'email']).orderBy('id').execute();
}

/** Items not rejected, of every session, as duplicates are recognised by. */
export async function liveItemKeys(
  db: Executor,
): Promise<Pick<ItemRow, 'id' | 'kind' | 'name' | 'name_key' | 'email' | 'domain' | 'seller_name' | 'supplier_id' | 'source_url'>[]> {
  return db
    .selectFrom('scrape_items')
    .select(['id', 'kind', 'name', 'name_key', 'email', 'domain', 'seller_name', 'supplier_id', 'source_url'])
    .where('decision', '!=', 'rejected')
    .orderBy('id')
    .execute();
}

/** Websites of suppliers approved from crawls: where a product crawl looks. */
export async function approvedSupplierSites(db: Executor): Promise<{ supplierId: number; url: string }[]> {
  const rows = await db
    .selectFrom('scrape_items')
    .select(['supplier_id', 'website'])
    .where('kind', '=', 'supplier')
    .where('decision', '=', 'approved')
    .where('supplier_id', 'is not', null)
    .where('website', 'is not', null)
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  const sites: { supplierId: number; url: string }[] = [];
  for (const r of rows) {
    if (seen.has(r.website!)) continue;
    seen.add(r.website!);
    sites.push({ supplierId: r.supplier_id!, url: r.website! });
  }
  return sites;
}

export async function listDirectories(db: Executor): Promise<{ url: string; addedAt: string }[]> {
  const rows = await db.selectFrom('scrape_directories').selectAll().orderBy('added_at').orderBy('url').execute();
  return rows.map((r) => ({ url: r.url, addedAt: r.added_at }));
}

export async function addDirectory(db: Executor, url: string, now: string): Promise<void> {
  await db
    .insertInto('scrape_directories')
    .values({ url, added_at: now })
    .onConflict((oc) => oc.column('url').doNothing())
    .execute();
}

export async function removeDirectory(db: Executor, url: string): Promise<boolean> {
  const result = await db.deleteFrom('scrape_directories').where('url', '=', url).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Distinct hosts of the pages a session fetched. */
export async function hostsDone(db: Executor, sessionId: number): Promise<number> {
  const urls = await pageUrls(db, sessionId, 'done');
  return new Set(urls.map((u) => new URL(u).host)).size;
}
