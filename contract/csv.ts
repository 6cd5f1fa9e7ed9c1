/**
 * CSV as spreadsheets read it: RFC 4180 (fields separated by commas, records by CRLF, a field
 * holding a comma, a quote or a line break wrapped in quotes with its quotes doubled), written as
 * UTF-8 with a byte-order mark, which is what makes spreadsheet programs read the accents. The one
 * writer and the one reader of the product: the admin lists and the prospects export write with
 * it, the prospects import and the admin console's pasted text read with it.
 *
 * @module
 */

/** The byte-order mark a CSV file starts with. */
export const CSV_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula starts with one of these (a tab or carriage return
 * is one some programs skip before a formula). Such a cell is written with a leading apostrophe,
 * so `=HYPERLINK(…)` in a supplier's name stays text, and {@link cellValue} takes it off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** What a cell may be given as; null is an empty cell. */
export type CsvValue = string | number | boolean | null;

/**
 * One cell: a text starting with = + - @ (or a tab or carriage return) gets a leading apostrophe;
 * a cell holding a comma, a quote or a line break is quoted, its quotes doubled. Numbers are
 * written as they are: a negative amount is a number to a spreadsheet, not a formula.
 *
 * @example
 * csvCell('=1+1'); // "'=1+1"
 * csvCell('Acme, Ltd'); // '"Acme, Ltd"'
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One row, ended with CRLF.
 *
 * @example
 * csvRow(['Acme', 4.5, null]); // 'Acme,4.5,\r\n'
 */
export function csvRow(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A whole CSV file: the byte-order mark, the header row, then one row per record.
 *
 * @example
 * writeCsv(['name'], [['Acme']]); // '\uFEFFname\r\nAcme\r\n'
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + [header, ...rows].map(csvRow).join('');
}

/**
 * A value read back from a cell: the apostrophe that guarded a formula-like value taken off.
 *
 * @example
 * cellValue("'=1+1"); // '=1+1'
 * cellValue("'kept"); // "'kept"
 */
export function cellValue(raw: string): string {
  return raw.startsWith("'") && FORMULA_START.test(raw.slice(1)) ? raw.slice(1) : raw;
}

/** One record: the line of the text it starts on (from 1) and its fields. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Why a file is not CSV, and where. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** How strictly {@link parseCsv} reads. */
export interface CsvReadOptions {
  /**
   * Text a person typed or pasted rather than a file a program wrote: unquoted fields are trimmed,
   * white space around a quoted field is ignored, a record of empty fields is skipped, and
   * nothing is refused (a quote left open runs to the end; text after a closing quote is kept),
   * since each record is checked on its own afterwards.
   */
  pasted?: boolean;
}

/**
 * Reads CSV text into records, each numbered by the line it starts on, counting CRLF, LF and a
 * lone CR as one line end each. Accepts a byte-order mark and a missing final line end; blank
 * lines are skipped. Unless `pasted`, throws {@link CsvSyntaxError} for a quote left open or text
 * after a closing quote.
 *
 * @example
 * parseCsv('a,b\r\n"x, y",z'); // [{ line: 1, fields: ['a', 'b'] }, { line: 2, fields: ['x, y', 'z'] }]
 */
export function parseCsv(input: string, options: CsvReadOptions = {}): CsvRecord[] {
  const pasted = options.pasted === true;
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let afterQuote = false;
  const endField = () => {
    fields.push(pasted && !afterQuote ? field.trim() : field);
    field = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    const blank = pasted ? fields.every((f) => f === '') : fields.length === 1 && fields[0] === '';
    if (!blank) records.push({ line: start, fields });
    fields = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        field += c;
      }
      continue;
    }
    if (c === ',') {
      endField();
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else if (c === '"' && !afterQuote && (pasted ? field.trim() === '' : field === '')) {
      quoted = true;
      field = '';
    } else if (afterQuote) {
      if (!pasted) throw new CsvSyntaxError(line, `Line ${line}: text after a closing quote; a quote inside a quoted field is written twice ("")`);
      if (!/\s/.test(c)) field += c;
    } else {
      field += c;
    }
  }
  if (quoted && !pasted) throw new CsvSyntaxError(start, `Line ${start}: a quoted field is never closed`);
  if (field !== '' || fields.length > 0 || afterQuote || quoted) endRecord();
  return records;
}
