/**
 * The review list of found suppliers and products: listing, rejecting and approving them, an
 * approval going through the import path so an approved find is stored as an imported one is.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '../../contract/schemas/audit';
import type { ReviewItem } from '../../contract/schemas/scraping';
import { nameKey } from './supplier-keys';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { recordAudit } from '../staff/audit.service';
import * as repo from './scraping.repository';
import type { ItemRow } from './scraping.repository';
import { reviewItem } from './views';

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

/** Rejects a pending item for a staff member and records it in the audit log, in one transaction. */
export async function rejectItemByStaff(db: Kysely<DB>, id: number, staffId: number, now: Date): Promise<ReviewItem> {
  return db.transaction().execute(async (trx) => {
    const rejected = await rejectItem(trx, id, `staff:${staffId}`, now);
    await recordAudit(trx, { staffId, action: 'scraping.reject', rows: 1, detail: `review item ${id}` }, now.toISOString());
    return rejected;
  });
}

/** Records a staff member's scraping action (a crawl started, a directory added) in the audit log. */
export async function auditScraping(db: Kysely<DB>, staffId: number, action: AuditAction, detail: string, now: Date): Promise<void> {
  await recordAudit(db, { staffId, action, rows: 1, detail }, now.toISOString());
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
 * The way approved items become market data: the catalogue import's own functions, run inside the
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
    if (!(await repo.decidePendingItem(trx, id, { ...decided, supplierId })))
      throw new ApiError(409, 'already_decided', `Review item ${id} was decided meanwhile`);
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
