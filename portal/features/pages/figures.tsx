import type { ReactNode } from 'react';
import { CLAIMS } from '../../lib/content';
import { formatNumber } from '../../../sdk/format';
import type { SiteFigures } from '../../../sdk/schemas/site';
import { useSiteFigures } from '../../lib/site-figures';

export type Counts = SiteFigures['counts'];

/** A number counted from the database, or a placeholder while it is on its way. */
export function Count({ value }: { value: number | undefined }) {
  return value === undefined ? (
    <span className="figure-pending">
      <span className="visually-hidden">Loading</span>
    </span>
  ) : (
    <>{formatNumber(value)}</>
  );
}

/** A row of live figures, each with its label; they say when they were counted. */
export function FigureStrip({ items, label }: { items: { value: (counts: Counts) => number; label: string }[]; label: string }) {
  const { figures, failed } = useSiteFigures();
  return (
    <section aria-label={label}>
      <dl className="figure-strip">
        {items.map((item) => (
          <div key={item.label} className="figure">
            <dt>{item.label}</dt>
            <dd>
              <Count value={figures ? item.value(figures.counts) : undefined} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="small muted">
        {failed ? 'The live figures could not be loaded. Please reload the page.' : figures ? <>Counted from our database at {countedAt(figures.asOf)}.</> : 'Counting…'}
      </p>
    </section>
  );
}

/** '18 Nov 2026, 09:30 UTC': the same text on the server and in the browser, whatever its time zone. */
export function countedAt(iso: string): string {
  const date = new Date(iso);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** The claims no data backs, each with its own wording (sdk/content.ts). */
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

/** 'about 9.5 hours', or that no supplier serves it yet. */
export function responseHours(hours: number | null): string {
  return hours === null ? 'no suppliers yet' : `${formatNumber(hours)} hours`;
}
