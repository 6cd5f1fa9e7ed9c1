/**
 * The supplier scorecard (docs/quoting.md, "The track record"): computed from the orders, receipts
 * and answered leads Procura recorded, for the engine, the pages and the data API alike. Pure: the
 * rows come in, the figures go out.
 */
import { SCORECARD_MIN_RECEIPTS, type Scorecard } from '../../contract/schemas/scorecard';

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
  const average = counted.reduce((sum, r) => sum + r.rating, 0) / counted.length;
  return {
    orders: orders.length,
    confirmed: orders.filter((o) => o.confirmed).length,
    receipts: counted.length,
    onTimeInFull: share(counted.filter((r) => r.onTime && r.inFull).length, counted.length, shown),
    inFull: share(counted.filter((r) => r.inFull).length, counted.length, shown),
    rating: { average: shown ? Math.round(average * 10) / 10 : null, count: counted.length },
    medianResponseHours: median(leads.map((l) => l.hoursToAnswer)),
    priceKept: share(firm.filter((f) => f.firmCents <= f.indicativeCents).length, firm.length, shown),
    new: !shown,
  };
}
