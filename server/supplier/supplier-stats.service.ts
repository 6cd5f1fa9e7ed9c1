import type { SupplierStats } from '../../contract/schemas/supplier-workspace';
import type { Database } from '../db/database';
import { validityDay } from '../domain/validity';
import { quotesOfSupplierSince } from './supplier-stats.repository';
import type { SupplierMember } from './supplier-users.service';

/** How many months the figures cover, this one included. */
const MONTHS = 12;
/** How many products the figures name, most quoted first. */
const PRODUCTS = 20;

type Quote = Awaited<ReturnType<typeof quotesOfSupplierSince>>[number];
type Figures = SupplierStats['totals'];

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const m = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 10) / 10;
}

/** The figures of a group of quotes. */
function figuresOf(quotes: readonly Quote[]): Figures {
  const firmHours = quotes.filter((q) => q.firmed_at !== null).map((q) => (Date.parse(q.firmed_at!) - Date.parse(q.created_at)) / 3_600_000);
  const accepted = quotes.filter((q) => q.accepted_at !== null).length;
  return {
    received: quotes.length,
    firmed: firmHours.length,
    declined: quotes.filter((q) => q.status === 'withdrawn' && q.accepted_at === null).length,
    accepted,
    confirmed: quotes.filter((q) => q.status === 'confirmed').length,
    winRatePercent: quotes.length === 0 ? null : Math.round((accepted / quotes.length) * 100),
    medianHoursToFirm: median(firmHours),
  };
}

/** The `count` months (YYYY-MM) up to the one of `day`, oldest first. */
function monthsTo(day: string, count: number): string[] {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - count + i, 1)).toISOString().slice(0, 7));
}

/**
 * `GET /api/supplier/stats`: the supplier's leads over the last 12 months (Johannesburg months),
 * counted from its stored quotes: received, made firm, declined, accepted, confirmed, the win rate
 * and the median time to a firm price; in all, by month and by product. Demo requests do not count.
 */
export async function supplierStats(deps: { database: Database; clock: () => number }, member: SupplierMember): Promise<SupplierStats> {
  const months = monthsTo(validityDay(deps.clock()), MONTHS);
  const since = `${months[0]}-01`;
  // A Johannesburg day starts two hours before UTC's.
  const quotes = await quotesOfSupplierSince(deps.database.db, member.supplierId, new Date(Date.parse(`${since}T00:00:00+02:00`)).toISOString());
  // Each quote is put in its month and its product's group once.
  const byMonth = new Map<string, Quote[]>(months.map((m) => [m, []]));
  const byProduct = new Map<string, Quote[]>();
  for (const q of quotes) {
    byMonth.get(validityDay(Date.parse(q.created_at)).slice(0, 7))?.push(q);
    const group = byProduct.get(q.product_name);
    if (group) group.push(q);
    else byProduct.set(q.product_name, [q]);
  }
  return {
    since,
    totals: figuresOf(quotes),
    byMonth: months.map((m) => ({ month: m, ...figuresOf(byMonth.get(m)!) })),
    byProduct: [...byProduct.entries()]
      .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
      .slice(0, PRODUCTS)
      .map(([productName, qs]) => ({ productName, ...figuresOf(qs) })),
  };
}
