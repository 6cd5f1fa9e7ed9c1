import { useState, type ReactNode } from 'react';
import { formatQuantity } from '../../../sdk/rules';
import { formatRand } from '../../../sdk/format';
import type { Quote } from '../../../sdk/schemas/rfq';
import { formatDate } from '../../../widget/app/format';
import { TableScroll } from '../ui/table-scroll';
import { QuoteStatusBadge } from './status';

/** How many quotes fit side by side: beyond three, a phone's table would be mostly scrolling. */
export const MAX_COMPARED = 3;

interface Row {
  label: string;
  cell(q: Quote): ReactNode;
  /** The figure the best quote of the row has least of (or most of, with `best: 'high'`), when one is better. */
  figure?(q: Quote): number;
  best?: 'low' | 'high';
  bestLabel?: string;
}

const ROWS: Row[] = [
  { label: 'Price excl. VAT', cell: (q) => formatRand(q.totalPrice), figure: (q) => q.totalPrice, best: 'low', bestLabel: 'Lowest' },
  { label: 'VAT', cell: (q) => `${formatRand(q.vatAmount)} (${Math.round(q.vatRate * 100)}%)` },
  { label: 'Total incl. VAT', cell: (q) => formatRand(q.totalPriceInclVat) },
  { label: 'Lead time', cell: (q) => q.leadTime, figure: (q) => q.leadTimeDays.min, best: 'low', bestLabel: 'Fastest' },
  { label: 'Minimum order', cell: (q) => formatQuantity(q.minimumOrderQuantity, q.unit) },
  { label: 'Payment terms', cell: (q) => q.paymentTerms },
  { label: 'Valid until', cell: (q) => formatDate(q.validUntil) },
  { label: 'Quality score', cell: (q) => `${q.aiInsights.qualityScore}/100`, figure: (q) => q.aiInsights.qualityScore, best: 'high', bestLabel: 'Highest' },
  { label: 'Status', cell: (q) => <QuoteStatusBadge status={q.status} /> },
];

/** The id of the one quote that is best on the row, or null when quotes tie for it. */
function bestOf(row: Row, quotes: Quote[]): string | null {
  if (!row.figure) return null;
  const figures = quotes.map((q) => row.figure!(q));
  const best = row.best === 'high' ? Math.max(...figures) : Math.min(...figures);
  const winners = quotes.filter((_, i) => figures[i] === best);
  return winners.length === 1 ? winners[0]!.id : null;
}

/** The chosen quotes side by side: one column a quote, one row a term. */
export function CompareTable({ quotes }: { quotes: Quote[] }) {
  const caption = `${quotes.length} quotes side by side`;
  return (
    <TableScroll label={caption}>
      <table className="simple-table compare-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <td />
            {quotes.map((q) => (
              <th key={q.id} scope="col">
                {q.supplier.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const best = bestOf(row, quotes);
            return (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {quotes.map((q) => (
                  <td key={q.id}>
                    {row.cell(q)}
                    {best === q.id ? <span className="badge badge-success compare-best">{row.bestLabel}</span> : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
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
                {q.supplier.name} <span className="muted">({formatRand(q.totalPriceInclVat)} incl. VAT)</span>
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
