import type { Scorecard } from '../../contract/schemas/scorecard';
import type { Database } from '../db/database';
import { addDays } from '../domain/calendar';
import { type ScorecardFigures, type ScoredLead, type ScoredOrder, scorecardFigures } from '../domain/scorecard';
import { validityDay } from '../domain/validity';
import { ApiError } from '../errors';
import { answeredLeadsOfSuppliersSince, findSupplierNamed, ordersOfSuppliersSince } from './track-record.repository';

/** The scorecard's window: the last 12 months of Johannesburg days, today included. */
function scorecardWindow(nowMs: number): { from: string; to: string } {
  const to = validityDay(nowMs);
  const [year, month, day] = to.split('-').map(Number) as [number, number, number];
  const yearBefore = new Date(Date.UTC(year - 1, month - 1, day)).toISOString().slice(0, 10);
  return { from: addDays(yearBefore, 1), to };
}

/** The scorecard figures of each of these suppliers, computed from their recorded orders and leads. */
async function scorecardsOf(database: Database, supplierIds: readonly number[], nowMs: number): Promise<Map<number, ScorecardFigures>> {
  const orders = new Map<number, ScoredOrder[]>(supplierIds.map((id) => [id, []]));
  const leads = new Map<number, ScoredLead[]>(supplierIds.map((id) => [id, []]));
  if (supplierIds.length > 0) {
    const { from } = scorecardWindow(nowMs);
    // A Johannesburg day starts two hours before UTC's.
    const since = new Date(Date.parse(`${from}T00:00:00+02:00`)).toISOString();
    const [orderRows, leadRows] = await Promise.all([
      ordersOfSuppliersSince(database.db, supplierIds, from),
      answeredLeadsOfSuppliersSince(database.db, supplierIds, since),
    ]);
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
  const figures = (await scorecardsOf(deps.database, [row.id], now)).get(row.id)!;
  return { supplierId: row.id, slug: row.slug, name: row.name, ...scorecardWindow(now), ...figures };
}
