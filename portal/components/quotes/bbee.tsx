import { bbeeEvidenceText, bbeeLabel } from '../../../sdk/bbee';
import { formatDate, formatRand } from '../../../sdk/format';
import type { Quote } from '../../../sdk/schemas/rfq';

/**
 * The orders a buyer can put quotes in: Procura's ranking, price, or what the spend is worth to
 * their B-BBEE scorecard (the supplier's level, or the recognised spend).
 */
export const QUOTE_ORDERS = {
  rank: 'Procura’s ranking',
  price: 'Lowest price',
  level: 'Best B-BBEE level',
  recognised: 'Highest recognised spend',
} as const;
export type QuoteOrder = keyof typeof QUOTE_ORDERS;

/** A level's place in the order, best first: 1 to 8, then expired, non-compliant and no evidence. */
function levelRank(q: Quote): number {
  return q.supplier.bbee.status === 'valid' && q.supplier.bbee.level !== null ? q.supplier.bbee.level : 9;
}

/** The quotes in the buyer's chosen order; ties keep Procura's ranking. */
export function orderQuotes(quotes: Quote[], order: QuoteOrder): Quote[] {
  const by: Record<QuoteOrder, (a: Quote, b: Quote) => number> = {
    rank: () => 0,
    // A basket's quotes of the most products first: one of fewer is cheaper for what it leaves out.
    price: (a, b) => (b.coverage?.covered ?? 0) - (a.coverage?.covered ?? 0) || a.totalPrice - b.totalPrice,
    level: (a, b) => levelRank(a) - levelRank(b),
    recognised: (a, b) => b.recognisedSpend - a.recognisedSpend,
  };
  // A withdrawn quote can no longer be had: it ranks after every quote that can.
  const gone = (q: Quote) => (q.status === 'withdrawn' ? 1 : 0);
  return [...quotes].sort((a, b) => gone(a) - gone(b) || by[order](a, b) || a.rank - b.rank);
}

/** The select that orders the quotes. */
export function QuoteOrderSelect({ id, value, onChange }: { id: string; value: QuoteOrder; onChange(order: QuoteOrder): void }) {
  return (
    <div className="field quote-order">
      <label htmlFor={id}>Order quotes by</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as QuoteOrder)}>
        {Object.entries(QUOTE_ORDERS).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The evidence behind a level, or why it counts for nothing. */
function bbeeEvidenceNote(q: Quote): string {
  const b = q.supplier.bbee;
  if (b.status === 'valid')
    return `${b.evidence ? bbeeEvidenceText(b.evidence) : 'evidence'} valid until ${formatDate(b.expiresOn!)}: spend recognised at ${b.recognitionPercent}%`;
  if (b.status === 'expired')
    return `${b.evidence ? bbeeEvidenceText(b.evidence) : 'evidence'}${b.expiresOn ? ` expired on ${formatDate(b.expiresOn)}` : ' not on file'}: recognised at 0% until renewed`;
  if (b.status === 'non-compliant') return 'non-compliant: spend recognised at 0%';
  return 'no B-BBEE evidence on file: spend recognised at 0%';
}

/** A quote's B-BBEE level and recognised spend in one line (its price stands above it), with the evidence below. */
export function BbeeLine({ quote }: { quote: Quote }) {
  return (
    <div className="bbee-line">
      <p className="small">
        <strong>
          {bbeeLabel(quote.supplier.bbee)} · recognised {formatRand(quote.recognisedSpend)}
        </strong>
      </p>
      <p className="small muted">B-BBEE: {bbeeEvidenceNote(quote)}</p>
    </div>
  );
}

export { bbeeLabel };
