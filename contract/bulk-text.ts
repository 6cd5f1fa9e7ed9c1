/**
 * Reads the text staff paste into the admin console's bulk boxes (or a CSV file's contents):
 * pipe-separated lines (`name | email | category | …`), or CSV with a header row naming the
 * columns. Blank lines are ignored, and every line keeps the number a person sees beside it in
 * the text box, counted from 1. No schema library: the admin page and the server share it.
 *
 * @module
 */

import { parseCsv } from './csv';

/**
 * The fields of a supplier line, in the order a pipe-separated line gives them.
 *
 * @example
 * SUPPLIER_LINE_FIELDS.join(' | '); // 'name | email | category | location | rating | specialties | responseTime'
 */
export const SUPPLIER_LINE_FIELDS = ['name', 'email', 'category', 'location', 'rating', 'specialties', 'responseTime'] as const;

/**
 * The optional fields a supplier line may give after its seven: VAT number, registered address
 * and B-BBEE level, evidence and expiry. A pipe-separated supplier line has all twelve or the
 * first seven; a CSV header names those it gives.
 *
 * @example
 * SUPPLIER_COMPLIANCE_FIELDS.join(' | '); // 'vatNumber | registeredAddress | bbeeLevel | bbeeEvidence | bbeeExpiresOn'
 */
const SUPPLIER_COMPLIANCE_FIELDS = ['vatNumber', 'registeredAddress', 'bbeeLevel', 'bbeeEvidence', 'bbeeExpiresOn'] as const;

/** Every field a supplier line can give, in the order a full pipe-separated line gives them. */
const SUPPLIER_ALL_FIELDS = [...SUPPLIER_LINE_FIELDS, ...SUPPLIER_COMPLIANCE_FIELDS] as const;

/**
 * The fields of a product line, in the order a pipe-separated line gives them.
 *
 * @example
 * PRODUCT_LINE_FIELDS.length; // 6
 */
export const PRODUCT_LINE_FIELDS = ['name', 'description', 'price', 'unit', 'category', 'supplierId'] as const;

/**
 * What a line holds: a supplier or a product.
 *
 * @example
 * const kind: BulkKind = fields.length === SUPPLIER_LINE_FIELDS.length ? 'supplier' : 'product';
 */
export type BulkKind = 'supplier' | 'product';

/**
 * A CSV header must name these columns (in any order; other columns are ignored).
 *
 * @example
 * REQUIRED_COLUMNS.product; // ['name', 'price', 'unit', 'category', 'supplierId']
 */
const REQUIRED_COLUMNS: Record<BulkKind, readonly string[]> = {
  supplier: ['name', 'email', 'category', 'location'],
  product: ['name', 'price', 'unit', 'category', 'supplierId'],
};

/**
 * One record of the text: the line it starts on and its fields, trimmed. A quoted CSV field may
 * run over several lines; the record is then numbered by its first.
 *
 * @example
 * const record: BulkRecord = { line: 3, fields: ['Acme', 'sales@acme.example', 'sanitizers', 'Durban', '4.5', '', '24h'] };
 */
export interface BulkRecord {
  line: number;
  fields: string[];
}

/**
 * The text, split: its format, the header row when it has one, and every non-blank record.
 *
 * @example
 * const { format, records }: BulkText = parseBulkText(text);
 */
export interface BulkText {
  format: 'pipe' | 'csv';
  /** The header row: its line, and the field each column holds (null for a column no import reads). */
  header: { line: number; columns: (string | null)[] } | null;
  records: BulkRecord[];
}

/** Every field either kind of line has, keyed by its name folded to letters and digits. */
const KNOWN_COLUMNS = new Map<string, string>([...SUPPLIER_ALL_FIELDS, ...PRODUCT_LINE_FIELDS].map((f) => [fold(f), f] as const));

function fold(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The lines of a text, without line endings; a leading byte-order mark is dropped. */
function textLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
}

function splitPipe(line: string): string[] {
  return line.split('|').map((f) => f.trim());
}

/** A header row's columns, or null when the row is data: it names `name` and at least one more field. */
function headerColumns(cells: string[]): (string | null)[] | null {
  const columns = cells.map((c) => KNOWN_COLUMNS.get(fold(c)) ?? null);
  const known = columns.filter((c) => c !== null);
  return known.includes('name') && known.length >= 2 ? columns : null;
}

/**
 * Splits pasted text into records. The first non-blank line decides the format: with a `|` it is
 * pipe-separated (a first line naming the fields, `name | email | …`, is skipped as a header);
 * without one, a first line naming the fields (`name,email,category,…`) makes it CSV with that
 * header; anything else is read as pipe-separated lines.
 *
 * @example
 * parseBulkText('\nAcme | sales@acme.example | sanitizers | Durban | 4.5 | gel, refills | 24h\n').records;
 * // [{ line: 2, fields: ['Acme', 'sales@acme.example', 'sanitizers', 'Durban', '4.5', 'gel, refills', '24h'] }]
 */
export function parseBulkText(text: string): BulkText {
  const lines = textLines(text);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first === -1) return { format: 'pipe', header: null, records: [] };
  const firstLine = lines[first]!;
  if (!firstLine.includes('|')) {
    const records = parseCsv(text, { pasted: true });
    const columns = records.length > 0 ? headerColumns(records[0]!.fields) : null;
    if (columns) return { format: 'csv', header: { line: records[0]!.line, columns }, records: records.slice(1) };
  }
  const records: BulkRecord[] = [];
  let header: BulkText['header'] = null;
  lines.forEach((l, i) => {
    if (l.trim() === '') return;
    const fields = splitPipe(l);
    if (i === first) {
      const columns = headerColumns(fields);
      if (columns) {
        header = { line: i + 1, columns };
        return;
      }
    }
    records.push({ line: i + 1, fields });
  });
  return { format: 'pipe', header, records };
}

/**
 * A line read into named values, or the reason it cannot be.
 *
 * @example
 * const read: BulkLine = { line: 4, kind: 'product', values: { name: 'Bleach', description: '', price: '18.50', unit: 'litres', category: 'cleaning-supplies', supplierId: '12' } };
 */
export type BulkLine = { line: number; kind: BulkKind; values: Record<string, string> } | { line: number; kind: BulkKind | null; reason: string };

function fieldsOf(kind: BulkKind): readonly string[] {
  return kind === 'supplier' ? SUPPLIER_LINE_FIELDS : PRODUCT_LINE_FIELDS;
}

/** The fields a pipe-separated line of `kind` with `count` fields gives, or null when no line of it has that many. */
function pipeFields(kind: BulkKind, count: number): readonly string[] | null {
  if (kind === 'supplier')
    return count === SUPPLIER_LINE_FIELDS.length ? SUPPLIER_LINE_FIELDS : count === SUPPLIER_ALL_FIELDS.length ? SUPPLIER_ALL_FIELDS : null;
  return count === PRODUCT_LINE_FIELDS.length ? PRODUCT_LINE_FIELDS : null;
}

function describeFields(kind: BulkKind): string {
  const base = `${fieldsOf(kind).length} fields (${fieldsOf(kind).join(' | ')})`;
  return kind === 'supplier' ? `${base} or ${SUPPLIER_ALL_FIELDS.length} (with ${SUPPLIER_COMPLIANCE_FIELDS.join(' | ')})` : base;
}

/**
 * The reason a pipe-separated line has the wrong number of fields.
 *
 * @example
 * fieldCountReason('supplier', 3); // 'Expected 7 fields (name | email | category | location | rating | specialties | responseTime) or 12 (with vatNumber | registeredAddress | bbeeLevel | bbeeEvidence | bbeeExpiresOn), found 3'
 */
function fieldCountReason(kind: BulkKind | 'mixed', found: number): string {
  if (kind === 'mixed') {
    return `Expected ${SUPPLIER_LINE_FIELDS.length} or ${SUPPLIER_ALL_FIELDS.length} fields (a supplier) or ${PRODUCT_LINE_FIELDS.length} (a product), found ${found}`;
  }
  return `Expected ${describeFields(kind)}, found ${found}`;
}

/**
 * Reads one pipe-separated line as a supplier or product (or, for `mixed`, as a supplier when
 * it has 7 fields and a product when it has 6). Null for a blank line, which is ignored.
 *
 * @example
 * readPipeLine('Bleach | 5 L | 18.50 | litres | cleaning-supplies | 12', 'product', 9);
 * // { line: 9, kind: 'product', values: { name: 'Bleach', description: '5 L', price: '18.50', unit: 'litres', category: 'cleaning-supplies', supplierId: '12' } }
 */
export function readPipeLine(text: string, kind: BulkKind | 'mixed', line: number): BulkLine | null {
  if (text.trim() === '') return null;
  return recordToLine({ line, fields: splitPipe(text) }, kind, null);
}

function kindOfHeader(columns: (string | null)[]): BulkKind | null {
  if (
    columns.includes('email') ||
    columns.includes('location') ||
    columns.includes('responseTime') ||
    SUPPLIER_COMPLIANCE_FIELDS.some((f) => columns.includes(f))
  )
    return 'supplier';
  if (columns.includes('price') || columns.includes('supplierId')) return 'product';
  return null;
}

function recordToLine(record: BulkRecord, kind: BulkKind | 'mixed', columns: (string | null)[] | null): BulkLine {
  const { line, fields } = record;
  if (columns) {
    const headerKind = kindOfHeader(columns)!;
    if (fields.length !== columns.length) {
      return { line, kind: headerKind, reason: `Expected ${columns.length} fields as in the header row, found ${fields.length}` };
    }
    const values: Record<string, string> = Object.fromEntries(fieldsOf(headerKind).map((f) => [f, '']));
    const optional: readonly string[] = headerKind === 'supplier' ? SUPPLIER_COMPLIANCE_FIELDS : [];
    columns.forEach((c, i) => {
      if (c !== null && (c in values || optional.includes(c))) values[c] = fields[i]!;
    });
    return { line, kind: headerKind, values };
  }
  const lineKind: BulkKind | null =
    kind === 'mixed'
      ? pipeFields('supplier', fields.length)
        ? 'supplier'
        : pipeFields('product', fields.length)
          ? 'product'
          : null
      : pipeFields(kind, fields.length)
        ? kind
        : null;
  if (!lineKind) return { line, kind: kind === 'mixed' ? null : kind, reason: fieldCountReason(kind, fields.length) };
  return { line, kind: lineKind, values: Object.fromEntries(pipeFields(lineKind, fields.length)!.map((f, i) => [f, fields[i]!])) };
}

/** Why a header row cannot be used for `kind`, or null when it can. */
function headerReason(columns: (string | null)[], kind: BulkKind | 'mixed'): string | null {
  const headerKind = kindOfHeader(columns);
  if (!headerKind) return 'The header row names no supplier or product columns';
  if (kind !== 'mixed' && headerKind !== kind) return `The header row names ${headerKind} columns, not ${kind} ones`;
  const missing = REQUIRED_COLUMNS[headerKind].filter((c) => !columns.includes(c));
  if (missing.length > 0) return `The header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;
  return null;
}

/**
 * Every non-blank line of pasted text, read as `kind` (or, for `mixed`, each line as a supplier or
 * a product by its number of fields): named values, or the reason the line cannot be read. A CSV
 * header row maps its columns to fields; a header that cannot serve is itself a bad line.
 *
 * @example
 * readBulkText('name,price,unit,category,supplierId\n"Bleach, 5 L",18.50,litres,cleaning-supplies,12', 'product');
 * // [{ line: 2, kind: 'product', values: { name: 'Bleach, 5 L', description: '', price: '18.50', unit: 'litres', category: 'cleaning-supplies', supplierId: '12' } }]
 */
export function readBulkText(text: string, kind: BulkKind | 'mixed'): BulkLine[] {
  const parsed = parseBulkText(text);
  const header = parsed.header;
  if (header) {
    const reason = headerReason(header.columns, kind);
    if (reason) return [{ line: header.line, kind: null, reason }];
  }
  // A pipe-separated header only names the fields; the lines still give them in their order.
  const columns = parsed.format === 'csv' ? header!.columns : null;
  return parsed.records.map((r) => recordToLine(r, kind, columns));
}

/** A supplier's own price-list line: a product line without the supplier, which is the one signed in. */
const PRICE_LIST_FIELDS = PRODUCT_LINE_FIELDS.filter((f) => f !== 'supplierId');
const PRICE_LIST_COLUMNS = ['name', 'price', 'unit', 'category'] as const;

/**
 * A supplier's own price list, read as product lines of `supplierId`: pipe-separated lines
 * `name | description | price | unit | category`, or a CSV whose header names `name`, `price`,
 * `unit` and `category` (`description` optional; a `supplierId` column is not read).
 *
 * @example
 * readPriceList('Household Bleach | 5 L | 18.50 | litres | Cleaning Supplies', 12);
 * // [{ line: 1, kind: 'product', values: { name: 'Household Bleach', description: '5 L', price: '18.50', unit: 'litres', category: 'Cleaning Supplies', supplierId: '12' } }]
 */
export function readPriceList(text: string, supplierId: number): BulkLine[] {
  const parsed = parseBulkText(text);
  const supplier = { supplierId: String(supplierId) };
  const header = parsed.header;
  if (header) {
    const missing = PRICE_LIST_COLUMNS.filter((c) => !header.columns.includes(c));
    if (missing.length > 0)
      return [{ line: header.line, kind: null, reason: `The header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` }];
  }
  const columns = parsed.format === 'csv' ? header!.columns : null;
  return parsed.records.map(({ line, fields }): BulkLine => {
    if (columns) {
      if (fields.length !== columns.length)
        return { line, kind: 'product', reason: `Expected ${columns.length} fields as in the header row, found ${fields.length}` };
      const values: Record<string, string> = Object.fromEntries(PRICE_LIST_FIELDS.map((f) => [f, '']));
      columns.forEach((c, i) => {
        if (c !== null && c in values) values[c] = fields[i]!;
      });
      return { line, kind: 'product', values: { ...values, ...supplier } };
    }
    if (fields.length !== PRICE_LIST_FIELDS.length) {
      return { line, kind: 'product', reason: `Expected ${PRICE_LIST_FIELDS.length} fields (${PRICE_LIST_FIELDS.join(' | ')}), found ${fields.length}` };
    }
    return { line, kind: 'product', values: { ...Object.fromEntries(PRICE_LIST_FIELDS.map((f, i) => [f, fields[i]!])), ...supplier } };
  });
}

/**
 * Whether a pipe-separated line is a header naming the fields (`name | email | …`), which an
 * import skips.
 *
 * @example
 * isHeaderLine('Name | Email | Category | Location | Rating | Specialties | Response time'); // true
 */
export function isHeaderLine(text: string): boolean {
  return headerColumns(splitPipe(text)) !== null;
}

/**
 * The items an import call sends for the lines `from`..`to` (1-based, inclusive) of the text:
 * item `i` stands for line `from + i`, so the API's line numbers are the text box's. A line read
 * into values becomes an object of them; every other line (blank, a header, the rest of a quoted
 * CSV field, a line that could not be read) becomes `''`, which the API ignores.
 *
 * @example
 * const lines = readBulkText(text, 'supplier');
 * await admin.importSuppliers({ suppliers: importItems(lines, 1, 1000), firstLine: 1, dryRun: true });
 */
export function importItems(lines: BulkLine[], from: number, to: number): (string | Record<string, string>)[] {
  const items: (string | Record<string, string>)[] = new Array(Math.max(0, to - from + 1)).fill('');
  for (const l of lines) {
    if (l.line >= from && l.line <= to && 'values' in l) items[l.line - from] = l.values;
  }
  return items;
}

/**
 * The number of lines a text box shows for `text`.
 *
 * @example
 * lineCount('a\nb\n'); // 3
 */
export function lineCount(text: string): number {
  return textLines(text).length;
}
