import type { ReactNode } from 'react';
import { ACTIVITY_FIGURES, CLAIMS } from '../../lib/content';
import { formatDateTime, formatNumber } from '../../../sdk/format';
import type { SiteFigures } from '../../../sdk/schemas/site';
import { useSiteFigures } from '../../lib/site-figures';

export type Counts = SiteFigures['counts'];

/** A number counted from the database, or a placeholder while it is on its way. */
function Count({ value }: { value: number | undefined }) {
  return value === undefined ? (
    <span className="figure-pending">
      <span className="visually-hidden">Loading</span>
    </span>
  ) : (
    formatNumber(value)
  );
}

export interface Figure {
  label: string;
  value: (counts: Counts) => number;
  /** Shown only when this holds of the counts (and so not before they are known). */
  shownWhen?: (counts: Counts) => boolean;
}

/** A row of live figures, each with its label; they say when they were counted. */
export function FigureStrip({ items, label }: { items: Figure[]; label: string }) {
  const { figures, failed } = useSiteFigures();
  const shown = items.filter((item) => !item.shownWhen || (figures !== null && item.shownWhen(figures.counts)));
  return (
    <section aria-label={label}>
      <dl className="figure-strip">
        {shown.map((item) => (
          <div key={item.label} className="figure">
            <dt>{item.label}</dt>
            <dd>
              <Count value={figures ? item.value(figures.counts) : undefined} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="small muted">
        {failed ? (
          'The live figures could not be loaded. Please reload the page.'
        ) : figures ? (
          <>Counted from our database at {formatDateTime(figures.asOf)}.</>
        ) : (
          'Counting…'
        )}
      </p>
    </section>
  );
}

/** Whether an activity count is large enough to show (see ACTIVITY_FIGURES). */
export const meaningful = (n: number) => n >= ACTIVITY_FIGURES.minimum;

/** The claims no data backs, each with its own wording (contract/content.ts). */
export function Claims({ heading = 'What we expect, not what we measured' }: { heading?: ReactNode }) {
  return (
    <section aria-labelledby="claims-title">
      <h2 id="claims-title">{heading}</h2>
      <div className="benefit-grid grid-of-3">
        {Object.values(CLAIMS).map((claim) => (
          <article key={claim.label} className="card">
            <p className="big-figure">{claim.figure}</p>
            <h3>{claim.label}</h3>
            <p className="small muted">{claim.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

/** '9.5 hours' (of the suppliers with a response time recorded), or why there is no figure. */
export function responseHours(hours: number | null, suppliers: number): string {
  if (hours !== null) return `${formatNumber(hours)} hours`;
  return suppliers === 0 ? 'no suppliers yet' : 'not recorded yet';
}
