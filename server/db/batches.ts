/**
 * Rows per statement of a bulk write or read. A supplier row binds 21 values, so a batch stays far
 * below SQLite's 32,766 bound parameters and PostgreSQL's 65,535.
 */
const BATCH = 500;

/** `rows` in slices of at most `size`, one statement each. */
export function batches<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
