import { centsToRand } from '../../sdk/format';
import {
  PERFORMANCE_MESSAGES,
  type AdminSupplierScorecard,
  type NotCountedReason,
  type SupplierOrderOutcome,
  type SupplierPerformance,
} from '../../contract/schemas/supplier-performance';
import type { Database } from '../db/database';
import type { MarketStore } from '../catalogue/market-store';
import { readinessOf } from '../domain/readiness';
import { promisedDay } from '../domain/calendar';
import { scorecardWindow } from '../domain/scorecard';
import { ApiError } from '../errors';
import { quoteReference } from '../lib/ids';
import { lineTotalsOfQuotes, ordersPageOfSupplier, uncountedReceiptsOfSupplier, type OrderPageKey, type SupplierOrderRow } from './track-record.repository';
import { supplierScorecard } from './track-record.service';

/** Orders on one page of a supplier's performance. */
const ORDERS_PAGE = 20;

const encodeCursor = (key: OrderPageKey) => Buffer.from(JSON.stringify([key.issuedOn, key.id])).toString('base64url');

function decodeCursor(cursor: string): OrderPageKey {
  try {
    const [issuedOn, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof issuedOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(issuedOn) && Number.isSafeInteger(id) && (id as number) > 0) {
      return { issuedOn, id: id as number };
    }
  } catch {
    // Falls through to the one answer for a cursor that is not one.
  }
  throw new ApiError(400, 'validation_error', PERFORMANCE_MESSAGES.cursor);
}

/**
 * Why an order does not count in the record, or null when it does (or will, once received): a
 * receipt keeps the reason it was recorded with; an order without one counts once confirmed.
 */
function notCountedReason(row: SupplierOrderRow): NotCountedReason | null {
  if (row.rating !== null) {
    if (Number(row.counted) === 1 && row.confirmed_on !== null) return null;
    return row.not_counted_reason ?? (row.confirmed_on === null ? 'not_confirmed' : 'own_domain');
  }
  return row.confirmed_on === null ? 'not_confirmed' : null;
}

function toOutcome(row: SupplierOrderRow, lineTotals: Map<number, Map<number, number>>): SupplierOrderOutcome {
  const lines = row.line_nos === null ? null : (JSON.parse(row.line_nos) as number[]);
  const valueCents = lines === null ? Number(row.total_cents) : lines.reduce((sum, n) => sum + (lineTotals.get(row.quote_id)?.get(n) ?? 0), 0);
  const reason = notCountedReason(row);
  return {
    purchaseOrderNumber: row.po_number,
    quoteId: quoteReference(row.quote_id),
    productName: row.product_name,
    issuedOn: row.issued_on,
    value: centsToRand(valueCents),
    status: row.cancelled_on !== null ? 'cancelled' : row.confirmed_on !== null ? 'confirmed' : 'sent',
    promisedOn: row.promised_on ?? promisedDay(row.issued_on, row.lead_max_days),
    deliveredOn: row.delivered_on,
    receipt:
      row.rating === null || row.received_on === null
        ? null
        : { receivedOn: row.received_on, inFull: Number(row.in_full) === 1, rating: Number(row.rating), onTime: Number(row.on_time) === 1 },
    counted: reason === null,
    notCountedReason: reason,
  };
}

/** The orders' outcomes, a basket order valued by its own lines. */
async function outcomesOf(db: Database['db'], rows: readonly SupplierOrderRow[]): Promise<SupplierOrderOutcome[]> {
  const baskets = [...new Set(rows.filter((r) => r.line_nos !== null).map((r) => r.quote_id))];
  const lineTotals = new Map<number, Map<number, number>>();
  for (const l of await lineTotalsOfQuotes(db, baskets)) {
    if (!lineTotals.has(l.quote_id)) lineTotals.set(l.quote_id, new Map());
    lineTotals.get(l.quote_id)!.set(l.line_no, Number(l.total_cents));
  }
  return rows.map((r) => toOutcome(r, lineTotals));
}

/** Kept-but-not-counted receipts the staff page lists. */
const NOT_COUNTED_LISTED = 100;

/**
 * `GET /api/admin/suppliers/:id/scorecard`: the supplier's performance as its workspace reads it,
 * the receipts of the scorecard's 12 months kept but not counted, each with why, and whether it is
 * ready to quote.
 */
export async function adminSupplierScorecard(
  deps: { database: Database; market: MarketStore; clock: () => number },
  supplierId: number,
  cursor: string | undefined,
): Promise<AdminSupplierScorecard> {
  const performance = await supplierPerformance(deps, supplierId, cursor);
  const rows = await uncountedReceiptsOfSupplier(deps.database.db, supplierId, performance.scorecard.from, NOT_COUNTED_LISTED);
  const readiness = readinessOf(await deps.market.current(), supplierId);
  return { ...performance, notCounted: await outcomesOf(deps.database.db, rows), readiness };
}

/**
 * A supplier's performance: its scorecard, the same as the public one, and a page of its orders
 * of the scorecard's 12 months, newest first, each with its outcome and whether it counts.
 */
export async function supplierPerformance(
  deps: { database: Database; clock: () => number },
  supplierId: number,
  cursor: string | undefined,
): Promise<SupplierPerformance> {
  const after = cursor === undefined ? null : decodeCursor(cursor);
  const scorecard = await supplierScorecard(deps, supplierId);
  const { from } = scorecardWindow(deps.clock());
  const db = deps.database.db;
  const rows = await ordersPageOfSupplier(db, supplierId, from, after, ORDERS_PAGE + 1);
  const page = rows.slice(0, ORDERS_PAGE);
  const outcomes = await outcomesOf(db, page);
  const last = page.at(-1);
  return {
    scorecard,
    orders: outcomes,
    nextCursor: rows.length > ORDERS_PAGE && last ? encodeCursor({ issuedOn: last.issued_on, id: last.id }) : null,
  };
}
