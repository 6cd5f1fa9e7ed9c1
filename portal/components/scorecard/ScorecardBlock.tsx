import type { Scorecard } from '../../../contract/schemas/scorecard';
import { SCORECARD_MIN_RECEIPTS } from '../../../contract/schemas/scorecard';
import { formatDate, formatNumber } from '../../../sdk/format';

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** A share with its count: "67 % (2 of 3)"; while the supplier is new, the count alone. */
function shareText(part: { count: number; share: number | null }, of: number): string {
  return part.share === null
    ? `${formatNumber(part.count)} of ${formatNumber(of)}`
    : `${percent(part.share)} (${formatNumber(part.count)} of ${formatNumber(of)})`;
}

/**
 * A supplier's scorecard, the same on its public page, in its workspace and on the staff's page:
 * counts always, shares and the average rating only from the third counted receipt. Until then the
 * supplier is "New on Procura", never a percentage of 1 or 2.
 */
export function ScorecardBlock({ card, headingLevel = 2 }: { card: Scorecard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const hours = card.medianResponseHours;
  return (
    <section className="card stack scorecard" aria-labelledby={`scorecard-${card.supplierId}`}>
      <Heading id={`scorecard-${card.supplierId}`}>Track record</Heading>
      <p className="small muted">
        Orders on Procura from {formatDate(card.from)} to {formatDate(card.to)}.
      </p>
      {card.new ? (
        <p>
          <span className="badge badge-primary">New on Procura</span> Fewer than {SCORECARD_MIN_RECEIPTS} buyers have recorded a delivery, so no percentage is
          shown yet.
        </p>
      ) : null}
      <dl className="scorecard-figures">
        <div>
          <dt>Orders</dt>
          <dd>{formatNumber(card.orders)}</dd>
        </div>
        <div>
          <dt>Confirmed by the supplier</dt>
          <dd>{formatNumber(card.confirmed)}</dd>
        </div>
        <div>
          <dt>Deliveries recorded by buyers</dt>
          <dd>{formatNumber(card.receipts)}</dd>
        </div>
        <div>
          <dt>On time and in full</dt>
          <dd>{shareText(card.onTimeInFull, card.receipts)}</dd>
        </div>
        <div>
          <dt>In full</dt>
          <dd>{shareText(card.inFull, card.receipts)}</dd>
        </div>
        <div>
          <dt>Buyers’ rating</dt>
          <dd>
            {card.rating.average === null
              ? `${formatNumber(card.rating.count)} ${card.rating.count === 1 ? 'rating' : 'ratings'}`
              : `${card.rating.average.toFixed(1)} of 5 (${formatNumber(card.rating.count)} ratings)`}
          </dd>
        </div>
        <div>
          <dt>Usual time to a firm price</dt>
          <dd>{hours === null ? 'No lead answered yet' : hours < 1 ? 'Under an hour' : `${formatNumber(Math.round(hours))} hours`}</dd>
        </div>
        <div>
          <dt>Firm price at or below the indicative one</dt>
          <dd>
            {card.priceKept.share === null ? formatNumber(card.priceKept.count) : `${percent(card.priceKept.share)} (${formatNumber(card.priceKept.count)})`}
          </dd>
        </div>
      </dl>
    </section>
  );
}
