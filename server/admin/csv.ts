/**
 * CSV as spreadsheets read it (RFC 4180, CRLF line ends, a UTF-8 byte-order mark so Excel reads
 * the accents), with cells that a spreadsheet would run as a formula made inert.
 */

/** A cell a spreadsheet would take for a formula (or that some read as one) starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a value starting with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe, so `=HYPERLINK(…)` in a supplier's name stays text; a cell holding a comma, a
 * quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row, ended with CRLF. */
export function csvRow(cells: (string | number | boolean | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The byte-order mark a CSV file starts with. */
export const CSV_BOM = '\uFEFF';
