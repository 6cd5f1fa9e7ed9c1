import { centsToRand } from '../../../sdk/format';
import type { BasketSplit, Quote, QuoteLine, RfqLine } from '../../../sdk/schemas/rfq';
import type { Selectable } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { QuoteLinesTable } from '../../db/schema';
import { splitOf, type BasketOption, type BasketSplitDraft } from '../../domain/basket';
import { isPastValidity } from '../../domain/validity';
import { formatLeadTime } from '../../domain/pricing';
import { quoteReference } from '../../lib/ids';
import { LruCache } from '../../lib/lru';
import type { QuoteRow } from '../quotes/quotes.repository';
import { findQuoteLines, findRfqLines } from './rfq.repository';

/** The id a line goes by in the API: `L1` is the first. */
function lineId(lineNo: number): string {
  return `L${lineNo + 1}`;
}

/** The line number an API line id names: `L1` is 0. */
export function lineNoOf(lineId: string): number {
  return Number(lineId.slice(1)) - 1;
}

/** A stored line of a quote, as the API and the split read it: its row, with its supplier's minimum order. */
export type StoredQuoteLine = Omit<Selectable<QuoteLinesTable>, 'rfq_id'> & { minimum_order_cents: number };

/** A stored basket line. */
export interface StoredRfqLine {
  line_no: number;
  product_name: string;
  quantity: number;
  unit: string;
}

export function toApiLine(l: StoredRfqLine): RfqLine {
  return { lineId: lineId(l.line_no), productName: l.product_name, quantity: l.quantity, unit: l.unit };
}

function toApiQuoteLine(l: StoredQuoteLine, line: StoredRfqLine): QuoteLine {
  return {
    lineId: lineId(l.line_no),
    productName: line.product_name,
    quantity: line.quantity,
    unit: line.unit,
    pricingBasis: l.pricing_basis,
    listUnitPrice: centsToRand(Number(l.list_unit_price_cents)),
    unitPrice: centsToRand(Number(l.unit_price_cents)),
    discountPercent: Number(l.discount_percent),
    totalPrice: centsToRand(Number(l.total_cents)),
    minimumOrderQuantity: l.minimum_order_quantity,
    leadTime: formatLeadTime({ min: l.lead_min_days, max: l.lead_max_days }),
    status: l.status,
    // A firmed line says so, beside the indicative price it replaced; a line withdrawn before an order says why.
    ...(l.firmed_at ? { firmedAt: l.firmed_at, indicativeUnitPrice: centsToRand(Number(l.indicative_unit_price_cents ?? l.unit_price_cents)) } : {}),
    ...(l.status === 'withdrawn' && l.withdrawal_reason !== null ? { withdrawalReason: l.withdrawal_reason } : {}),
  };
}

/** A basket quote as the API shows it: the quote, its lines, its coverage and its minimum order. */
export function withLines(quote: Quote, lines: readonly StoredQuoteLine[], basket: readonly StoredRfqLine[]): Quote {
  // A line its supplier withdrew is no longer quoted.
  const covered = lines.filter((l) => l.status !== 'withdrawn').length;
  const total = basket.length;
  return {
    ...quote,
    lines: lines.map((l) => toApiQuoteLine(l, basket[l.line_no]!)),
    coverage: { covered, total, text: `${covered} of ${total} ${total === 1 ? 'line' : 'lines'}` },
    minimumOrder: centsToRand(Number(lines[0]?.minimum_order_cents ?? 0)),
  };
}

function toApiOption(o: BasketOption, quoteIdOfRank: (rank: number) => string): BasketSplit['split'] {
  return {
    lines: o.lines.map((rank, n) => ({ lineId: lineId(n), quoteId: rank === null ? null : quoteIdOfRank(rank) })),
    covered: o.covered,
    totalPrice: centsToRand(o.totalCents),
    vatAmount: centsToRand(o.vatCents),
    totalPriceInclVat: centsToRand(o.totalInclVatCents),
    deliveries: o.deliveries,
    suppliers: o.suppliers.map((s) => ({ quoteId: quoteIdOfRank(s.rank), lineIds: s.lines.map(lineId), totalPrice: centsToRand(s.totalCents) })),
  };
}

/** The split of a basket as the API shows it. */
export function toApiSplit(s: BasketSplitDraft, quoteIdOfRank: (rank: number) => string): BasketSplit {
  return {
    split: toApiOption(s.split, quoteIdOfRank),
    single: s.single ? toApiOption(s.single, quoteIdOfRank) : null,
    saving: s.savingCents === null ? null : centsToRand(s.savingCents),
    extraDeliveries: s.extraDeliveries,
    message: s.message,
  };
}

/**
 * Stored quotes as a request's status reads them: for a basket (its quotes in the API's shape,
 * in the same order), whether each still offers a line.
 */
export function withOfferedLines<Q extends { quote: QuoteRow }>(rows: readonly Q[], basketQuotes: readonly Quote[] | undefined) {
  return rows.map((r, i) => ({ ...r.quote, offersLines: basketQuotes?.[i]?.lines?.some((l) => l.status === 'offered') ?? false }));
}

/** A stored quote as the split reads it. */
type SplitSource = Pick<QuoteRow, 'id' | 'rank' | 'status' | 'valid_until'>;

/**
 * Splits already worked out, by everything they are worked out from: a basket read again in the
 * same state (the tracking and results pages, their e-mails) costs no new search, which for a
 * long basket whose minimum orders bind runs to tens of thousands of steps.
 */
const splits = new LruCache<BasketSplitDraft>({ maxEntries: 1_000, ttlMs: 60 * 60_000 });

/**
 * The split of what a stored basket can still order on `day`: the lines no supplier was awarded,
 * priced by the quotes the buyer can still accept (offered and valid, or ordered from and still
 * offering a line; a declined one the buyer turned down). Before any award it covers the whole
 * basket; once every line is awarded, none.
 */
export function openSplit(
  quotes: readonly SplitSource[],
  lines: readonly StoredQuoteLine[],
  lineCount: number,
  vatRate: number,
  day: string,
): BasketSplitDraft {
  // A supplier already ordered from may still offer a line (a second order).
  const open = quotes
    .filter((q) => (q.status === 'offered' || q.status === 'accepted' || q.status === 'confirmed') && !isPastValidity(q.valid_until, day))
    .map((q) => {
      const own = lines.filter((l) => l.quote_id === q.id);
      const offered = own.filter((l) => l.status === 'offered');
      return {
        rank: q.rank,
        minimumOrderCents: Number(own[0]?.minimum_order_cents ?? 0),
        totalCents: offered.reduce((sum, l) => sum + Number(l.total_cents), 0),
        covered: offered.length,
        lines: offered.map((l) => ({ line: l.line_no, totalCents: Number(l.total_cents) })),
      };
    })
    .filter((q) => q.covered > 0);
  const ordered = new Set(lines.filter((l) => l.status === 'accepted').map((l) => l.line_no)).size;
  const key = JSON.stringify([open, lineCount, vatRate, ordered]);
  const known = splits.get(key);
  if (known) return known;
  const split = splitOf(open, lineCount, vatRate, lineCount - ordered);
  splits.set(key, split);
  return split;
}

/** A basket's quotes with the lines each supplies (for its e-mails, which need no split). */
export async function quotesWithLines(db: Database['db'], rfqId: string, quotes: readonly { quote: QuoteRow }[], apiQuotes: Quote[]): Promise<Quote[]> {
  const [lines, quoteLines] = await Promise.all([findRfqLines(db, rfqId), findQuoteLines(db, rfqId)]);
  const stored = quoteLines as StoredQuoteLine[];
  return apiQuotes.map((q, i) =>
    withLines(
      q,
      stored.filter((l) => l.quote_id === quotes[i]!.quote.id),
      lines,
    ),
  );
}

/** A stored basket's lines, its quotes' lines and the split, for `GET /api/rfq/:rfqId`. */
export async function basketParts(
  deps: { database: Database; config: Pick<Config, 'vatRate'> },
  rfqId: string,
  quotes: readonly { quote: QuoteRow }[],
  apiQuotes: Quote[],
  day: string,
): Promise<{ lines: RfqLine[]; quotes: Quote[]; split: BasketSplit }> {
  const { db } = deps.database;
  const [lines, quoteLines] = await Promise.all([findRfqLines(db, rfqId), findQuoteLines(db, rfqId)]);
  const stored = quoteLines as StoredQuoteLine[];
  const byRank = new Map(quotes.map(({ quote }) => [quote.rank, quoteReference(quote.id)]));
  return {
    lines: lines.map(toApiLine),
    quotes: apiQuotes.map((q, i) =>
      withLines(
        q,
        stored.filter((l) => l.quote_id === quotes[i]!.quote.id),
        lines,
      ),
    ),
    split: toApiSplit(
      openSplit(
        quotes.map(({ quote }) => quote),
        stored,
        lines.length,
        deps.config.vatRate,
        day,
      ),
      (rank) => byRank.get(rank)!,
    ),
  };
}
