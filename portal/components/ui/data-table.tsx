import type { ReactNode } from 'react';
import { type ColumnHead, ColumnHeads } from './column-heads';
import { TableScroll } from './table-scroll';

/**
 * A table of rows in its sideways-scrolling region: `label` names the region, `caption` the table
 * for screen readers, `heads` its columns (see {@link ColumnHeads}); the rows are the children.
 * `busy` marks rows that are being replaced.
 */
export function DataTable({
  label,
  caption,
  heads,
  className,
  busy,
  children,
}: {
  label: string;
  caption?: ReactNode;
  heads: readonly (ColumnHead | null | false)[];
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className={className ? `simple-table ${className}` : 'simple-table'} aria-busy={busy}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <ColumnHeads names={heads} />
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
