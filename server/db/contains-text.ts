import { type RawBuilder, sql } from 'kysely';

/**
 * `lower(column) LIKE '%text%'`: the column contains `text` in any case, with LIKE's own
 * characters (`%`, `_` and the backslash) taken literally. The same on SQLite and PostgreSQL.
 *
 * @example
 * db.selectFrom('suppliers as s').where((eb) => eb.or([containsText('s.name', q), containsText('s.email', q)]));
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
