import { minimumOrderText } from './basket';
import { useState, type ReactNode } from 'react';
import { formatPriceWithVat, formatRand, formatDate } from '../../../sdk/format';
import type { Quote } from '../../../sdk/schemas/rfq';
import { useMediaQuery } from '../../../widget/ui/use-media-query';
import { TableScroll } from '../ui/table-scroll';
import { PriceBasisBadge } from './firm';
import { QuoteStatusBadge } from './status';
import { bbeeLabel } from '../../../sdk/bbee';
import './compare.css';

/** How many quotes fit side by side: beyond three, a phone's table would be mostly scrolling. */
const MAX_COMPARED = 3;

interface Row {
  label: string;
  cell(q: Quote): ReactNode;
  /** The figure the best quote of the row has least of (or most of, with `best: 'high'`), when one is better. */
  figure?(q: Quote): number;
  best?: 'low' | 'high';
  bestLabel?: string;
  /** A figure that grows with the products quoted: a basket's quote of fewer products is not its best. */
  perProducts?: boolean;
  /** A basket's row alone. */
  basket?: boolean;
}

const ROWS: Row[] = [
  { label: 'Products quoted', cell: (q) => q.coverage?.text ?? '', basket: true },
  {
    label: 'Price excl. VAT',
    cell: (q) => formatRand(q.totalPrice),
    figure: (q) => q.totalPrice,
    best: 'low',
    bestLabel: 'Lowest',
    perProducts: true,
  },
  {
    label: 'Price basis',
    cell: (q) => (
      <>
        <PriceBasisBadge quote={q} />
        {q.firmedAt && q.indicativeTotalPrice !== undefined && q.indicativeTotalPrice !== q.totalPrice ? (
          <span className="small muted"> was {formatRand(q.indicativeTotalPrice)}</span>
        ) : null}
      </>
    ),
  },
  { label: 'VAT', cell: (q) => `${formatRand(q.vatAmount)} (${Math.round(q.vatRate * 100)}%)` },
  { label: 'Total incl. VAT', cell: (q) => formatRand(q.totalPriceInclVat) },
  {
    label: 'B-BBEE',
    cell: (q) => `${bbeeLabel(q.supplier.bbee)} (${q.supplier.bbee.recognitionPercent}%)`,
    figure: (q) => q.supplier.bbee.recognitionPercent,
    best: 'high',
    bestLabel: 'Best',
  },
  {
    label: 'Recognised spend',
    cell: (q) => formatRand(q.recognisedSpend),
    figure: (q) => q.recognisedSpend,
    best: 'high',
    bestLabel: 'Highest',
    perProducts: true,
  },
  { label: 'Lead time', cell: (q) => q.leadTime, figure: (q) => q.leadTimeDays.min, best: 'low', bestLabel: 'Fastest' },
  { label: 'Minimum order', cell: minimumOrderText },
  { label: 'Payment terms', cell: (q) => q.paymentTerms },
  { label: 'Valid until', cell: (q) => formatDate(q.validUntil) },
  { label: 'Quality score', cell: (q) => `${q.aiInsights.qualityScore}/100`, figure: (q) => q.aiInsights.qualityScore, best: 'high', bestLabel: 'Highest' },
  { label: 'Status', cell: (q) => <QuoteStatusBadge status={q.status} /> },
];

/** The id of the one quote that is best on the row, or null when quotes tie for it. */
function bestOf(row: Row, quotes: Quote[]): string | null {
  if (!row.figure) return null;
  // A withdrawn quote can no longer be had: it is best at nothing.
  const standing = quotes.filter((q) => q.status !== 'withdrawn');
  // A basket's prices compare among the quotes of the most products: one of fewer is cheaper for what it leaves out.
  const most = Math.max(...standing.map((q) => q.coverage?.covered ?? 0));
  const pool = row.perProducts ? standing.filter((q) => (q.coverage?.covered ?? 0) === most) : standing;
  if (pool.length === 0) return null;
  const figures = pool.map((q) => row.figure!(q));
  const best = row.best === 'high' ? Math.max(...figures) : Math.min(...figures);
  const winners = pool.filter((_, i) => figures[i] === best);
  return winners.length === 1 ? winners[0]!.id : null;
}

/** Below this width each term heads its own row of figures, so every chosen quote keeps a column on screen. */
export const STACKED_COMPARE_QUERY = '(max-width: 47.99rem)';

function Figures({ row, quotes, best }: { row: Row; quotes: Quote[]; best: string | null }) {
  return quotes.map((q) => (
    <td key={q.id}>
      {row.cell(q)}
      {best === q.id ? <span className="badge badge-success compare-best">{row.bestLabel}</span> : null}
    </td>
  ));
}

/**
 * The chosen quotes side by side: one column a quote, one row a term; on a phone, each term a
 * heading row above its figures.
 */
function CompareTable({ quotes }: { quotes: Quote[] }) {
  const stacked = useMediaQuery(STACKED_COMPARE_QUERY);
  const caption = `${quotes.length} quotes side by side`;
  const rows = quotes.some((q) => q.coverage) ? ROWS : ROWS.filter((r) => !r.basket);
  return (
    <TableScroll label={caption}>
      <table className={`simple-table compare-table${stacked ? ' compare-stacked' : ''}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {stacked ? null : <td />}
            {quotes.map((q) => (
              <th key={q.id} scope="col">
                {q.supplier.name}
              </th>
            ))}
          </tr>
        </thead>
        {stacked ? (
          rows.map((row) => (
            <tbody key={row.label}>
              <tr>
                <th scope="rowgroup" colSpan={quotes.length}>
                  {row.label}
                </th>
              </tr>
              <tr>
                <Figures row={row} quotes={quotes} best={bestOf(row, quotes)} />
              </tr>
            </tbody>
          ))
        ) : (
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <Figures row={row} quotes={quotes} best={bestOf(row, quotes)} />
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </TableScroll>
  );
}

/**
 * The compare control: the buyer ticks two or three quotes and sees them side by side. The
 * ticks are kept by quote id, so they hold while the quotes' statuses change around them.
 */
export function QuoteCompare({ quotes, idPrefix = 'compare' }: { quotes: Quote[]; idPrefix?: string }) {
  const [picked, setPicked] = useState<string[]>([]);
  if (quotes.length < 2) return null;
  const chosen = quotes.filter((q) => picked.includes(q.id));
  const full = chosen.length >= MAX_COMPARED;
  const toggle = (id: string, on: boolean) => setPicked((prev) => (on ? [...prev, id] : prev.filter((p) => p !== id)));
  const status =
    chosen.length === 0
      ? 'Tick two or three quotes to see them side by side.'
      : chosen.length === 1
        ? 'Tick one or two more quotes to compare.'
        : full && quotes.length > MAX_COMPARED
          ? `Comparing ${chosen.length} quotes, the most at once. Untick one to choose another.`
          : `Comparing ${chosen.length} quotes.`;
  return (
    <section className="card compare" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`}>Compare quotes</h2>
      <fieldset className="compare-picks">
        <legend className="visually-hidden">Quotes to compare</legend>
        {quotes.map((q) => {
          const on = picked.includes(q.id);
          return (
            <label key={q.id} className="compare-pick">
              <input type="checkbox" checked={on} disabled={!on && full} onChange={(e) => toggle(q.id, e.target.checked)} />
              <span>
                {q.supplier.name}{' '}
                <span className="muted">
                  · {formatPriceWithVat(q.totalPrice, q.totalPriceInclVat)} · {bbeeLabel(q.supplier.bbee)}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <p className="small muted" role="status">
        {status}
      </p>
      {chosen.length >= 2 ? <CompareTable quotes={chosen} /> : null}
    </section>
  );
}
