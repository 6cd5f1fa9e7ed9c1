import type { Kysely } from 'kysely';
import { ADMIN_MESSAGES, type AdminProduct, type AdminProductPage, type AdminSupplier, type AdminSupplierPage } from '../../contract/schemas/admin';
import type { AuditLog } from '../../contract/schemas/audit';
import { centsToRand } from '../../sdk/format';
import type { MarketStore } from '../catalogue/market-store';
import { marketChanged } from '../catalogue/market-store';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { latestAudit, recordAudit } from '../staff/audit.service';
import { CSV_BOM, csvRow } from '../../contract/csv';
import * as repo from './admin.repository';
import { stopsOf } from '../listed-suppliers/listed-suppliers.service';
import { readinessOf } from '../domain/readiness';
import type { ScorecardFigures } from '../domain/scorecard';
import { scorecardsOf } from '../track-record/track-record.service';

// The admin console's lists and exports of suppliers and products, a supplier's standing and the
// audit log; its imports are the catalogue's import engine (`catalogue/import/`).

/** What the admin console needs: the database, this process's market snapshot and the clock. */
export interface AdminDeps {
  database: Database;
  market: MarketStore;
  clock: () => number;
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The earned share on time and in full, in percent; null while the supplier is new on Procura. */
function onTimePercent(card: ScorecardFigures | undefined): number | null {
  return !card || card.onTimeInFull.share === null ? null : Math.round(card.onTimeInFull.share * 100);
}

/** A supplier as the list shows it: its figures are its scorecard's, earned from recorded orders. */
function toAdminSupplier(
  r: repo.SupplierListRow,
  categories: string[],
  card: ScorecardFigures | undefined,
  mailStoppedAt: string | null = null,
): Omit<AdminSupplier, 'readiness'> {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    city: r.city,
    categories,
    verified: Boolean(r.verified),
    orders: card?.orders ?? 0,
    receipts: card?.receipts ?? 0,
    rating: card ? card.rating : { average: null, count: 0 },
    onTimeRate: onTimePercent(card),
    specialties: parseList(r.specialties),
    responseTimeHours: r.response_time_hours,
    products: Number(r.products),
    priceListDate: r.price_list_date,
    createdAt: r.created_at,
    vatNumber: r.vat_number,
    registeredAddress: r.registered_address,
    bbeeLevel: r.bbee_level,
    bbeeEvidence: r.bbee_evidence === 'certificate' || r.bbee_evidence === 'affidavit' ? r.bbee_evidence : null,
    bbeeExpiresOn: r.bbee_expires_on,
    mailStoppedAt,
  };
}

function toAdminProduct(r: repo.ProductListRow): AdminProduct {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: centsToRand(r.unit_price_cents),
    unit: r.unit,
    category: r.category_id,
    categoryName: r.category_name,
    catalogueItemId: r.catalogue_item_id,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
  };
}

interface ListQuery {
  page: number;
  pageSize: number;
  q?: string;
}

/** `GET /api/admin/suppliers`: a page, newest first, each supplier with whether it is ready to quote. */
export async function listSuppliers(deps: Pick<AdminDeps, 'database' | 'market'>, { page, pageSize, q }: ListQuery): Promise<AdminSupplierPage> {
  const { db } = deps.database;
  const { rows, total } = await repo.supplierPage(db, { q: q || undefined, limit: pageSize, offset: (page - 1) * pageSize });
  const ids = rows.map((r) => r.id);
  const [categories, records, stops, market] = await Promise.all([
    repo.supplierCategoryNames(db, ids),
    scorecardsOf(db, ids, Date.now()),
    stopsOf(
      db,
      rows.map((r) => r.email),
    ),
    deps.market.current(),
  ]);
  return {
    page,
    pageSize,
    total,
    suppliers: rows.map((r) => ({
      ...toAdminSupplier(r, categories.get(r.id) ?? [], records.get(r.id), stops.get(r.email) ?? null),
      readiness: readinessOf(market, r.id),
    })),
  };
}

/** `GET /api/admin/products`: a page, newest first. */
export async function listProducts(db: Kysely<DB>, { page, pageSize, q }: ListQuery): Promise<AdminProductPage> {
  const { rows, total } = await repo.productPage(db, { q: q || undefined, limit: pageSize, offset: (page - 1) * pageSize });
  return { page, pageSize, total, products: rows.map(toAdminProduct) };
}

const EXPORT_BATCH = 1_000;

/**
 * Every supplier as CSV, a thousand rows at a time: the import's columns first (categories by
 * name, `; `-separated; the rating the buyers' earned average, blank while fewer than 3 rated;
 * response time in hours), then id, verification, the scorecard's orders, counted receipts and
 * ratings, the on-time-in-full rate (blank while new), product count and price list date.
 */
export async function* suppliersCsv(db: Kysely<DB>): AsyncGenerator<string> {
  yield CSV_BOM +
    csvRow([
      'name',
      'email',
      'category',
      'location',
      'rating',
      'specialties',
      'responseTime',
      'id',
      'verified',
      'orders',
      'receipts',
      'ratingCount',
      'onTimeRate',
      'products',
      'priceListDate',
    ]);
  for (let after = 0; ; ) {
    const rows = await repo.suppliersAfter(db, after, EXPORT_BATCH);
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const [categories, records] = await Promise.all([repo.supplierCategoryNames(db, ids), scorecardsOf(db, ids, Date.now())]);
    let chunk = '';
    for (const r of rows) {
      const s = toAdminSupplier(r, categories.get(r.id) ?? [], records.get(r.id));
      chunk += csvRow([
        s.name,
        s.email,
        s.categories.join('; '),
        s.city,
        s.rating.average,
        s.specialties.join(', '),
        s.responseTimeHours === null ? '' : `${s.responseTimeHours}h`,
        s.id,
        s.verified ? 'yes' : 'no',
        s.orders,
        s.receipts,
        s.rating.count,
        s.onTimeRate,
        s.products,
        s.priceListDate,
      ]);
    }
    yield chunk;
    after = rows.at(-1)!.id;
  }
}

/** Every product (offer) as CSV, in the import's columns (so the file imports again), then id and supplier name. */
export async function* productsCsv(db: Kysely<DB>): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(['name', 'description', 'price', 'unit', 'category', 'supplierId', 'id', 'supplierName']);
  for (let after = 0; ; ) {
    const rows = await repo.productsAfter(db, after, EXPORT_BATCH);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      const p = toAdminProduct(r);
      chunk += csvRow([p.name, p.description, (r.unit_price_cents / 100).toFixed(2), p.unit, p.category, p.supplierId, p.id, p.supplierName]);
    }
    yield chunk;
    after = rows.at(-1)!.id;
  }
}

/** `PATCH /api/admin/suppliers/:id`: verification and what is on file for tax and B-BBEE, audited, and quoted from at once. A rating is earned, never set here. */
export async function setSupplierStanding(deps: AdminDeps, staffId: number, supplierId: number, standing: repo.StandingChange): Promise<AdminSupplier> {
  const now = new Date(deps.clock()).toISOString();
  const row = await deps.database.db.transaction().execute(async (trx) => {
    if (!(await repo.updateStanding(trx, supplierId, standing))) throw new ApiError(404, 'supplier_not_found', ADMIN_MESSAGES.supplierNotFound);
    await marketChanged(trx);
    const parts = [
      ...(standing.verified === undefined ? [] : [standing.verified ? 'verified' : 'not verified']),
      ...(standing.vatNumber === undefined ? [] : [standing.vatNumber === null ? 'VAT number cleared' : 'VAT number set']),
      ...(standing.registeredAddress === undefined ? [] : [standing.registeredAddress === null ? 'address cleared' : 'address set']),
      ...(standing.bbeeLevel === undefined
        ? []
        : [
            standing.bbeeLevel === null
              ? 'no B-BBEE evidence on file'
              : standing.bbeeLevel === 0
                ? 'B-BBEE non-compliant'
                : `B-BBEE level ${standing.bbeeLevel} (${standing.bbeeEvidence}, to ${standing.bbeeExpiresOn})`,
          ]),
    ];
    await recordAudit(trx, { staffId, action: 'suppliers.standing', rows: 1, detail: `supplier ${supplierId}: ${parts.join(', ')}` }, now);
    return (await repo.supplierListRow(trx, supplierId))!;
  });
  deps.market.invalidate();
  const [categories, records, stops, market] = await Promise.all([
    repo.supplierCategoryNames(deps.database.db, [supplierId]),
    scorecardsOf(deps.database.db, [supplierId], deps.clock()),
    stopsOf(deps.database.db, [row.email]),
    deps.market.current(),
  ]);
  return {
    ...toAdminSupplier(row, categories.get(supplierId) ?? [], records.get(supplierId), stops.get(row.email) ?? null),
    readiness: readinessOf(market, supplierId),
  };
}

/** Who the log names for a write made on the command line, which has no staff member. */
const COMMAND_LINE_NAME = 'The command line';

/** An audit note that begins with the supplier it is about, by id (`supplier 34: verified`). */
const SUPPLIER_NOTE = /^supplier (\d+)\b/;

/**
 * `GET /api/admin/audit`: the latest staff writes, by name (no e-mail addresses). A note names its
 * supplier by id, so it follows a renamed supplier; the log reads it with the supplier's name.
 */
export async function auditLog(db: Kysely<DB>, limit: number): Promise<AuditLog> {
  const rows = await latestAudit(db, limit);
  const ids = [...new Set(rows.flatMap((r) => SUPPLIER_NOTE.exec(r.detail)?.[1] ?? []).map(Number))];
  const names = await repo.supplierNames(db, ids);
  const detail = (note: string) => note.replace(SUPPLIER_NOTE, (whole, id: string) => names.get(Number(id)) ?? whole);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action,
      rows: r.rows,
      detail: detail(r.detail),
      staffName: r.name ?? COMMAND_LINE_NAME,
      createdAt: r.created_at,
    })),
  };
}
