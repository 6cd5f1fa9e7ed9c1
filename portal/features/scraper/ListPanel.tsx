import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-errors';
import type { Load } from '../../lib/use-load';

/** A card of the scraper page that shows a list: its heading, what it is for, and why the list could not be read. */
export function ListPanel({ id, title, intro, load, children }: { id: string; title: string; intro?: ReactNode; load: Load<unknown>; children: ReactNode }) {
  return (
    <section className="card stack" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro}
      {load.status === 'error' ? (
        <p className="field-error" role="alert">
          {errorMessage(load.error)}
        </p>
      ) : null}
      {children}
    </section>
  );
}
