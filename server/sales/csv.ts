/**
 * CSV as RFC 4180 has it: fields separated by commas, records by CRLF, a field holding a comma,
 * a quote or a line break wrapped in quotes with its quotes doubled. Written as UTF-8 with a
 * byte-order mark, which is what makes spreadsheet programs read it as UTF-8.
 */

const BOM = '\uFEFF';

// A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before
// one) is written with a leading apostrophe, which the import takes off again.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV file: the header row, then one record per row, each line ending in CRLF. */
export function writeCsv(header: string[], rows: string[][]): string {
  return BOM + [header, ...rows].map((r) => r.map(cell).join(',') + '\r\n').join('');
}

/** A value read back from a cell: the apostrophe that guarded a formula-like value taken off. */
export function cellValue(raw: string): string {
  return raw.startsWith("'") && FORMULA_START.test(raw.slice(1)) ? raw.slice(1) : raw;
}

export interface CsvRecord {
  /** The line of the file the record starts on, from 1. */
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

/**
 * Reads CSV text into records with the line each starts on. Accepts CRLF or LF line ends and a
 * missing final line end; blank lines are skipped. Throws {@link CsvSyntaxError} for a quote
 * left open or text after a closing quote.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let afterQuote = false;
  let i = 0;
  const endField = () => {
    fields.push(field);
    field = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
    fields = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === ',') {
      endField();
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else if (c === '"' && field === '' && !afterQuote) {
      quoted = true;
    } else if (afterQuote) {
      throw new CsvSyntaxError(line, `Line ${line}: text after a closing quote; a quote inside a quoted field is written twice ("")`);
    } else {
      field += c;
    }
    i++;
  }
  if (quoted) throw new CsvSyntaxError(start, `Line ${start}: a quoted field is never closed`);
  if (field !== '' || fields.length > 0 || afterQuote) endRecord();
  return records;
}
