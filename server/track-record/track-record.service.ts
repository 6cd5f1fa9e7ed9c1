import type { Scorecard } from '../../contract/schemas/scorecard';
import type { Database } from '../db/database';
import type { Executor } from '../db/executor';
import { marketChanged } from '../catalogue/market-store';
import { type ScorecardFigures, type ScoredLead, type ScoredOrder, scorecardFigures, scorecardWindow } from '../domain/scorecard';
import { ApiError } from '../errors';
import { answeredLeadsOfSuppliersSince, findSupplierNamed, ordersOfSuppliersSince } from './track-record.repository';

/** The scorecard figures of each of these suppliers, computed from their recorded orders and leads. */
export async function scorecardsOf(db: Executor, supplierIds: readonly number[], nowMs: number): Promise<Map<number, ScorecardFigures>> {
  const orders = new Map<number, ScoredOrder[]>(supplierIds.map((id) => [id, []]));
  const leads = new Map<number, ScoredLead[]>(supplierIds.map((id) => [id, []]));
  if (supplierIds.length > 0) {
    const { from } = scorecardWindow(nowMs);
    // A Johannesburg day starts two hours before UTC's.
    const since = new Date(Date.parse(`${from}T00:00:00+02:00`)).toISOString();
    const [orderRows, leadRows] = await Promise.all([ordersOfSuppliersSince(db, supplierIds, from), answeredLeadsOfSuppliersSince(db, supplierIds, since)]);
    for (const o of orderRows) {
      orders.get(o.supplier_id)?.push({
        confirmed: o.confirmed_on !== null,
        receipt:
          o.rating === null
            ? null
            : { onTime: Number(o.on_time) === 1, inFull: Number(o.in_full) === 1, rating: Number(o.rating), counted: Number(o.counted) === 1 },
      });
    }
    for (const l of leadRows) {
      const answeredAt = l.firmed_at ?? l.status_changed_at;
      if (answeredAt === null) continue;
      leads.get(l.supplier_id)?.push({
        hoursToAnswer: Math.max(0, (Date.parse(answeredAt) - Date.parse(l.created_at)) / 3_600_000),
        firm:
          l.firmed_at !== null && l.indicative_total_cents !== null
            ? { indicativeCents: Number(l.indicative_total_cents), firmCents: Number(l.total_cents) }
            : null,
      });
    }
  }
  return new Map(supplierIds.map((id) => [id, scorecardFigures(orders.get(id)!, leads.get(id)!)]));
}

/** `GET /api/suppliers/:supplier/scorecard`: one supplier's scorecard, by its id or its slug. */
export async function supplierScorecard(deps: { database: Database; clock: () => number }, supplier: number | string): Promise<Scorecard> {
  const row = await findSupplierNamed(deps.database.db, supplier);
  if (!row || row.slug === null) throw new ApiError(404, 'supplier_not_found', 'Supplier not found');
  const now = deps.clock();
  const figures = (await scorecardsOf(deps.database.db, [row.id], now)).get(row.id)!;
  return { supplierId: row.id, slug: row.slug, name: row.name, ...scorecardWindow(now), ...figures };
}

/**
 * Call in the transaction that records (or corrects) a buyer's receipt of an order: every server
 * process then reloads its market, so the next quote ranks, rates and cites the supplier by it.
 */
export function receiptRecorded(db: Executor): Promise<void> {
  return marketChanged(db);
}
