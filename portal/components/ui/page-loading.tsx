import type { ReactNode } from 'react';

/**
 * A page still loading: its label read out once, a heading-sized placeholder and whatever shapes of
 * the page are given as children, so that the page does not jump when it arrives.
 */
export function PageLoading({ label = 'Loading…', children }: { label?: string; children?: ReactNode }) {
  return (
    <div className="container page" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton" style={{ height: '2rem', width: '45%' }} />
      {children}
    </div>
  );
}
