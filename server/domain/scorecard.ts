/**
 * The supplier scorecard (docs/quoting.md, "The earned record"): computed from the orders, receipts
 * and answered leads Procura recorded, for the engine, the pages and the data API alike. Pure: the
 * rows come in, the figures go out.
 */
import { SCORECARD_MIN_RECEIPTS, type Scorecard } from '../../contract/schemas/scorecard';
import { addDays, johannesburgDay } from './calendar';
import type { SupplierRecord } from './market';

/** The scorecard's window: the last 12 months of Johannesburg days, today included. */
export function scorecardWindow(nowMs: number): { from: string; to: string } {
  const to = johannesburgDay(nowMs);
  return { from: scorecardFrom(to), to };
}

/** The same day `years` years on (back, when negative); 29 February becomes 1 March. */
function yearAfter(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, date)).toISOString().slice(0, 10);
}

/** The first day of a window that ends on `to`. */
export function scorecardFrom(to: string): string {
  return addDays(yearAfter(to, -1), 1);
}

/** The first day an order issued on `issuedOn` is no longer in the window. */
export function leavesWindowOn(issuedOn: string): string {
  return yearAfter(issuedOn, 1);
}

/** A supplier's record from the counts of its counted receipts: new until 3 count. */
export function earnedRecord(receipts: number, onTimeInFull: number, ratingSum: number): SupplierRecord {
  const shown = receipts >= SCORECARD_MIN_RECEIPTS;
  return {
    receipts,
    onTimeInFull,
    ratingAverage: shown ? Math.round((ratingSum / receipts) * 10) / 10 : null,
    ratingCount: receipts,
    new: !shown,
  };
}

/** A record that says nothing yet: no order received on Procura. */
export const NO_RECORD: SupplierRecord = Object.freeze(earnedRecord(0, 0, 0));

/** The share (0 to 1) of counted receipts on time and in full; null while the supplier is new. */
export function onTimeInFullShare(record: SupplierRecord): number | null {
  return record.new ? null : record.onTimeInFull / record.receipts;
}

/** What a buyer reads of a supplier with no record to speak of. */
export const NEW_ON_PROCURA = 'New on Procura';

/** The rating as a buyer reads it: "4.6 from 12 buyers", or "New on Procura" before 3 ratings. */
export function ratingText(record: SupplierRecord): string {
  return record.ratingAverage === null ? NEW_ON_PROCURA : `${record.ratingAverage.toFixed(1)} from ${record.ratingCount} buyers`;
}

/**
 * The record in words, as recommendations and e-mails cite it: "Delivered on time and in full for 9
 * of 10 orders on Procura in the last 12 months", or "New on Procura" before 3 receipts count.
 */
export function recordText(record: SupplierRecord): string {
  return record.new
    ? NEW_ON_PROCURA
    : `Delivered on time and in full for ${record.onTimeInFull} of ${record.receipts} ${record.receipts === 1 ? 'order' : 'orders'} on Procura in the last 12 months`;
}

/** An order as the scorecard reads it, with the buyer's receipt once recorded. */
export interface ScoredOrder {
  confirmed: boolean;
  receipt: {
    onTime: boolean;
    inFull: boolean;
    rating: number;
    /** False for a receipt from the supplier's own e-mail domain. */
    counted: boolean;
  } | null;
}

/** A lead the supplier answered (made firm or withdrew), with the indicative and firm totals. */
export interface ScoredLead {
  hoursToAnswer: number;
  /** Set when the answer was a firm price. */
  firm: { indicativeCents: number; firmCents: number } | null;
}

export type ScorecardFigures = Omit<Scorecard, 'supplierId' | 'slug' | 'name' | 'from' | 'to'>;

function share(count: number, of: number, shown: boolean): { count: number; share: number | null } {
  return { count, share: shown && of > 0 ? Math.round((count / of) * 1000) / 1000 : null };
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const m = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 10) / 10;
}

/**
 * The figures of one supplier's orders and answered leads in the window. Only a receipt of an
 * order the supplier confirmed, from a buyer outside its own e-mail domain, counts; while fewer
 * than 3 count the supplier is new and every share and the average are null.
 */
export function scorecardFigures(orders: readonly ScoredOrder[], leads: readonly ScoredLead[]): ScorecardFigures {
  const counted = orders.filter((o) => o.confirmed && o.receipt?.counted).map((o) => o.receipt!);
  const shown = counted.length >= SCORECARD_MIN_RECEIPTS;
  const firm = leads.flatMap((l) => (l.firm ? [l.firm] : []));
  const onTimeInFull = counted.filter((r) => r.onTime && r.inFull).length;
  const record = earnedRecord(
    counted.length,
    onTimeInFull,
    counted.reduce((sum, r) => sum + r.rating, 0),
  );
  return {
    orders: orders.length,
    confirmed: orders.filter((o) => o.confirmed).length,
    receipts: counted.length,
    onTimeInFull: share(onTimeInFull, counted.length, shown),
    inFull: share(counted.filter((r) => r.inFull).length, counted.length, shown),
    rating: { average: record.ratingAverage, count: record.ratingCount },
    medianResponseHours: median(leads.map((l) => l.hoursToAnswer)),
    priceKept: share(firm.filter((f) => f.firmCents <= f.indicativeCents).length, firm.length, shown),
    new: !shown,
  };
}
