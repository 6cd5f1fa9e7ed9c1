import { useEffect, useRef, useState } from 'react';
import { importItems, lineCount, PRODUCT_LINE_FIELDS, readBulkText, SUPPLIER_LINE_FIELDS, type BulkLine } from '../../../contract/bulk-text';
import { isHttpError } from '../../../sdk/client/errors';
import { formatNumber, formatRand } from '../../../sdk/format';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '../../../contract/schemas/admin';
import { invalidLinesDetailsSchema, type InvalidLine, type ProductPreviewLine, type SupplierPreviewLine } from '../../../contract/schemas/import-calls';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { DataTable } from '../../components/ui/data-table';

export type ImportKind = 'supplier' | 'product' | 'mixed';

type PreviewRow = ({ kind: 'supplier' } & SupplierPreviewLine) | ({ kind: 'product' } & ProductPreviewLine);

interface Preview {
  /** The text the preview was made of; editing the text drops it. */
  text: string;
  total: number;
  checked: number;
  rows: PreviewRow[];
  invalid: InvalidLine[];
  done: boolean;
}

/** Rows of the preview table shown; the rest are counted, not drawn, so 10,000 lines stay quick. */
const ROWS_SHOWN = 20;
/** Bad lines listed; more are counted. */
const INVALID_SHOWN = 100;

const COPY = {
  supplier: {
    label: 'Supplier lines',
    hint: `One supplier a line: ${SUPPLIER_LINE_FIELDS.join(' | ')}. Rating 1-5 or empty, checked but not kept: a supplier’s rating is earned from its buyers’ receipts. Specialties a comma list, response time such as 24h or 2d (24h if empty). Or a CSV file with a header row.`,
    example: 'Coastal Hygiene | sales@coastal-hygiene.co.za | sanitizers | Durban | 4.5 | gel, refills | 24h',
    success: ADMIN_MESSAGES.suppliersAdded,
  },
  product: {
    label: 'Product lines',
    hint: `One product a line: ${PRODUCT_LINE_FIELDS.join(' | ')}. Price in rand per unit; supplierId as the supplier list shows it. Or a CSV file with a header row.`,
    example: 'Household Bleach | 5 L containers | 18.50 | litres | cleaning-supplies | 12',
    success: ADMIN_MESSAGES.productsAdded,
  },
  mixed: {
    label: 'Supplier and product lines',
    hint: 'Suppliers and their products in one paste: a line of 7 fields is a supplier, a line of 6 a product. Suppliers are imported first; a product names its supplier by id.',
    example: 'Coastal Hygiene | sales@coastal-hygiene.co.za | sanitizers | Durban | 4.5 | gel | 24h',
    success: ADMIN_MESSAGES.importComplete,
  },
} as const;

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function summary(p: Preview): string {
  const adds = p.rows.filter((r) => r.action === 'add').length;
  const updates = p.rows.length - adds;
  const fix = p.invalid.length;
  return `${plural(p.total, 'line', 'lines')} read: ${formatNumber(adds)} to add, ${formatNumber(updates)} to update, ${formatNumber(fix)} to fix.`;
}

function SupplierCells({ r }: { r: SupplierPreviewLine }) {
  return (
    <>
      <td>{r.name}</td>
      <td className="import-address">{r.email}</td>
      <td>{r.categoryName}</td>
      <td>{r.city}</td>
      <td>{r.specialties.join(', ') || '–'}</td>
      <td>{r.responseTimeHours === null ? 'Not given' : `${r.responseTimeHours} h`}</td>
    </>
  );
}

function ProductCells({ r }: { r: ProductPreviewLine }) {
  return (
    <>
      <td>
        {r.catalogueItemName}
        {r.newItem ? <span className="badge badge-primary">new product</span> : null}
      </td>
      <td>
        {r.supplierName} <span className="muted">#{r.supplierId}</span>
      </td>
      <td>{r.categoryName}</td>
      <td>
        {formatRand(r.unitPrice)} per {r.itemUnit.replace(/s$/, '')}
        {r.unit.toLowerCase() !== r.itemUnit ? (
          <span className="small muted">
            {' '}
            ({formatRand(r.price)} per {r.unit})
          </span>
        ) : null}
      </td>
    </>
  );
}

function PreviewTable({ kind, rows }: { kind: ImportKind; rows: PreviewRow[] }) {
  const shown = rows.slice(0, ROWS_SHOWN);
  const heads =
    kind === 'supplier'
      ? ['Name', 'E-mail', 'Category', 'City', 'Specialties', 'Response']
      : kind === 'product'
        ? ['Product', 'Supplier', 'Category', 'Price']
        : ['Kind', 'Name', 'Details'];
  return (
    <>
      <DataTable
        label={`${kind === 'supplier' ? 'Supplier' : kind === 'product' ? 'Product' : 'Supplier and product'} lines as they will be imported`}
        heads={['Line', ...heads, 'Action']}
        className="import-preview"
      >
        {shown.map((r) => (
          <tr key={r.line}>
            <td>{r.line}</td>
            {kind === 'mixed' ? (
              <>
                <td>{r.kind === 'supplier' ? 'Supplier' : 'Product'}</td>
                <td>{r.kind === 'supplier' ? r.name : r.catalogueItemName}</td>
                <td>
                  {r.kind === 'supplier'
                    ? `${r.categoryName}, ${r.city}`
                    : `${formatRand(r.unitPrice)} per ${r.itemUnit.replace(/s$/, '')} from ${r.supplierName}`}
                </td>
              </>
            ) : r.kind === 'supplier' ? (
              <SupplierCells r={r} />
            ) : (
              <ProductCells r={r} />
            )}
            <td>{r.action === 'add' ? 'Add' : 'Update'}</td>
          </tr>
        ))}
      </DataTable>
      {rows.length > shown.length ? (
        <p className="small muted">
          The first {ROWS_SHOWN} of {formatNumber(rows.length)} lines are shown.
        </p>
      ) : null}
    </>
  );
}

function InvalidList({ invalid }: { invalid: InvalidLine[] }) {
  return (
    <div className="alert alert-danger">
      <div className="alert-title">{plural(invalid.length, 'line', 'lines')} to fix before importing</div>
      <ul className="plain-list">
        {invalid.slice(0, INVALID_SHOWN).map((l) => (
          <li key={l.line}>
            Line {l.line}: {l.reason}
          </li>
        ))}
      </ul>
      {invalid.length > INVALID_SHOWN ? <p className="small">and {formatNumber(invalid.length - INVALID_SHOWN)} more.</p> : null}
    </div>
  );
}

/** The lines that will be read (good or bad), and the reasons for those that cannot be read at all. */
function readLines(text: string, kind: ImportKind): { lines: BulkLine[]; local: InvalidLine[] } {
  const lines = readBulkText(text, kind);
  const local = lines.filter((l): l is Extract<BulkLine, { reason: string }> => 'reason' in l).map(({ line, reason }) => ({ line, reason }));
  return { lines, local };
}

const withValues = (lines: BulkLine[], kind: 'supplier' | 'product') => lines.filter((l) => 'values' in l && l.kind === kind);
const hasValues = (items: unknown[]) => items.some((i) => typeof i !== 'string');
const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

/**
 * Bulk import of one kind of line (the page's bulk add suppliers, bulk add products) or both:
 * paste lines or load a CSV file, preview every line (checked by the server in dry runs of 1,000
 * lines, with progress), then import them all in one transaction.
 */
export function BulkImportPanel({ kind, onImported }: { kind: ImportKind; onImported(): void }) {
  const copy = COPY[kind];
  const id = `import-${kind}`;
  const toast = useToast();
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [importing, setImporting] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  /** Takes away the last warning about the lines: it was about text that has changed or been checked again. */
  const dismissWarning = useRef<() => void>(() => {});
  const warn = (description: string) => {
    dismissWarning.current = toast({ title: ADMIN_MESSAGES.invalidFormat, description, variant: 'destructive' });
  };

  const empty = text.trim() === '';
  const current = preview && preview.text === text ? preview : null;
  const checking = current !== null && !current.done;
  const ready = current?.done && current.invalid.length === 0 && current.rows.length > 0;

  const edit = (value: string) => {
    running.current?.abort();
    dismissWarning.current();
    setText(value);
    setPreview(null);
  };

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    edit(await file.text());
  };

  const check = async () => {
    running.current?.abort();
    dismissWarning.current();
    const controller = new AbortController();
    running.current = controller;
    const source = text;
    const { lines, local } = readLines(source, kind);
    if (lines.length > ADMIN_LIMITS.maxLines) {
      warn(ADMIN_MESSAGES.tooManyLines);
      return;
    }
    let state: Preview = { text: source, total: lines.length, checked: 0, rows: [], invalid: local, done: false };
    setPreview(state);
    const last = lineCount(source);
    const admin = staffApi().admin;
    const kinds = kind === 'mixed' ? (['supplier', 'product'] as const) : ([kind] as const);
    const ofKind = { supplier: withValues(lines, 'supplier'), product: withValues(lines, 'product') };
    try {
      for (let from = 1; from <= last; from += ADMIN_LIMITS.chunkLines) {
        const to = Math.min(last, from + ADMIN_LIMITS.chunkLines - 1);
        const rows: PreviewRow[] = [];
        const invalid: InvalidLine[] = [];
        for (const k of kinds) {
          const items = importItems(ofKind[k], from, to);
          if (!hasValues(items)) continue;
          if (k === 'supplier') {
            const r = await admin.importSuppliers({ suppliers: items, dryRun: true, firstLine: from }, { signal: controller.signal });
            rows.push(...(r.lines ?? []).map((l) => ({ kind: 'supplier' as const, ...l })));
            invalid.push(...(r.invalidLines ?? []));
          } else {
            const r = await admin.importProducts({ products: items, dryRun: true, firstLine: from }, { signal: controller.signal });
            rows.push(...(r.lines ?? []).map((l) => ({ kind: 'product' as const, ...l })));
            invalid.push(...(r.invalidLines ?? []));
          }
        }
        const inChunk = lines.filter((l) => l.line >= from && l.line <= to).length;
        // Chunks come in line order, so only a chunk's own rows need sorting (a mixed chunk answers suppliers, then products).
        state = {
          ...state,
          checked: state.checked + inChunk,
          rows: state.rows.concat(rows.sort(byLine)),
          invalid: [...state.invalid, ...invalid].sort(byLine),
        };
        if (controller.signal.aborted) return;
        setPreview(state);
      }
      state = { ...state, checked: state.total, done: true };
      setPreview(state);
      if (state.invalid.length > 0) {
        warn(`${plural(state.invalid.length, 'line needs', 'lines need')} fixing; the preview names each.`);
      } else if (state.total === 0) {
        warn(ADMIN_MESSAGES.noLines);
      }
    } catch (err) {
      if (controller.signal.aborted) return;
      setPreview(null);
      toast({ title: ADMIN_MESSAGES.importFailed, description: errorMessage(err), variant: 'destructive' });
    }
  };

  const importAll = async () => {
    if (!current) return;
    setImporting(true);
    const admin = staffApi().admin;
    const { lines } = readLines(current.text, kind);
    const last = lineCount(current.text);
    try {
      if (kind === 'mixed') {
        const r = await admin.bulkImport({ data: current.text });
        const suppliers = r.suppliers.added + r.suppliers.updated;
        const products = r.products.added + r.products.updated;
        toast({
          title: ADMIN_MESSAGES.importComplete,
          description: `${plural(suppliers, 'supplier', 'suppliers')} and ${plural(products, 'product', 'products')} imported.`,
        });
      } else {
        const items = importItems(lines, 1, last);
        const r =
          kind === 'supplier' ? await admin.importSuppliers({ suppliers: items, firstLine: 1 }) : await admin.importProducts({ products: items, firstLine: 1 });
        toast({ title: copy.success, description: `${formatNumber(r.added)} added, ${formatNumber(r.updated)} updated.` });
      }
      setText('');
      setPreview(null);
      onImported();
    } catch (err) {
      if (isHttpError(err) && err.code === 'invalid_lines') {
        // Lines fine one chunk at a time can clash across chunks (one e-mail twice): now they are named.
        const parsed = invalidLinesDetailsSchema.safeParse(err.details);
        const invalid = parsed.success ? parsed.data.lines : [];
        setPreview({ ...current, invalid });
        warn(`${plural(invalid.length, 'line needs', 'lines need')} fixing; the preview names each.`);
      } else {
        toast({ title: ADMIN_MESSAGES.importFailed, description: errorMessage(err), variant: 'destructive' });
      }
    } finally {
      setImporting(false);
    }
  };

  const percent = current ? (current.total === 0 ? 100 : Math.round((current.checked / current.total) * 100)) : 0;
  return (
    <div className="form-stack">
      <div className="field">
        <label htmlFor={id}>{copy.label}</label>
        <textarea
          id={id}
          className="code"
          rows={8}
          spellCheck={false}
          value={text}
          placeholder={copy.example}
          aria-describedby={`${id}-hint`}
          onChange={(e) => edit(e.target.value)}
        />
        <p id={`${id}-hint`} className="hint">
          {copy.hint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>Or load a CSV file</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void loadFile(e.target.files?.[0])} />
      </div>
      <div className="button-row">
        <button type="button" className="button button-secondary" disabled={empty || checking || importing} onClick={() => void check()}>
          {checking ? 'Checking…' : 'Preview'}
        </button>
        <button type="button" className="button" disabled={empty || !ready || importing} onClick={() => void importAll()}>
          {importing ? 'Importing…' : current && ready ? `Import ${plural(current.rows.length, 'line', 'lines')}` : 'Import'}
        </button>
      </div>
      {!empty && !current ? <p className="small muted">Preview the lines first: nothing is written until you import, and then all lines or none.</p> : null}
      {current ? (
        <div className="stack" aria-busy={checking}>
          <div className="meter" role="progressbar" aria-label="Lines checked" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="small" role="status">
            {checking ? `Checking lines: ${formatNumber(current.checked)} of ${formatNumber(current.total)}…` : summary(current)}
          </p>
          {current.invalid.length > 0 ? <InvalidList invalid={current.invalid} /> : null}
          {current.rows.length > 0 ? <PreviewTable kind={kind} rows={current.rows} /> : null}
        </div>
      ) : null}
    </div>
  );
}
