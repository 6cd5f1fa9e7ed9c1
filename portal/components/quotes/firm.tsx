import { formatRand } from '../../../sdk/format';

/** What a quote's price rests on: firm once its supplier made it so, indicative from the price list until then. */
export interface PriceBasis {
  firmedAt?: string | undefined;
  unitPrice: number;
  indicativeUnitPrice?: number | undefined;
  supplierNote?: string | undefined;
}

/** *Firm* or *Indicative*, as a badge. */
export function PriceBasisBadge({ quote }: { quote: PriceBasis }) {
  return quote.firmedAt ? <span className="badge badge-success">Firm</span> : <span className="badge">Indicative</span>;
}

/** On a firm quote whose price changed, the indicative unit price it was first made at. */
export function IndicativeWas({ quote }: { quote: PriceBasis }) {
  if (!quote.firmedAt || quote.indicativeUnitPrice === undefined || quote.indicativeUnitPrice === quote.unitPrice) return null;
  return <span className="small muted"> (indicative {formatRand(quote.indicativeUnitPrice)})</span>;
}
