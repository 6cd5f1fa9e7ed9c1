import type { ReactNode } from 'react';

/** A figure in a summary grid: what it counts, the figure, and a line under it when there is one. */
export function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="card stat">
      <span className="small muted">{label}</span>
      <strong>{value}</strong>
      {note === undefined || note === null ? null : <span className="small muted">{note}</span>}
    </div>
  );
}
