/** A column's heading: its text, or `{ hidden }` for a column named to screen readers only (a column of buttons). */
export type ColumnHead = string | { hidden: string };

/**
 * A table's head: one row of column headings, in order. A falsy entry is a column this table leaves out, so that a
 * caller can write `shared ? null : 'Contact'` in place.
 */
export function ColumnHeads({ names }: { names: readonly (ColumnHead | null | false)[] }) {
  return (
    <thead>
      <tr>
        {names.map((name, i) =>
          !name ? null : typeof name === 'string' ? (
            <th key={i} scope="col">
              {name}
            </th>
          ) : (
            <th key={i} scope="col">
              <span className="visually-hidden">{name.hidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
