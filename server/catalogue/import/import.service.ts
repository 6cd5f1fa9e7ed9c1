import type { BulkImportResult, InvalidLine, ProductImportResult, SupplierImportResult } from '../../../contract/schemas/import-calls';
import type { AuditAction } from '../../../contract/schemas/audit';
import { readBulkText } from '../../../contract/bulk-text';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../staff/audit.service';
import { marketChanged, type MarketStore } from '../market-store';
import { applyProducts, applySuppliers } from './apply';
import { checkSize, invalidLinesError, readItems, reference, type RawLine } from './lines';
import { planProducts, productPreview, type ProductPlan } from './plan-products';
import { planSuppliers, supplierPreview, type SupplierPlan } from './plan-suppliers';
import * as repo from './import.repository';

// Bulk imports of suppliers and products, the shared price-list import engine: the lines read and
// checked against the catalogue (lines.ts), planned (plan-suppliers.ts, plan-products.ts), then a
// preview (dry run) or one transaction that applies them all (apply.ts), audited. The admin
// console calls these; the scraper's approvals and the supplier workspace use the parts.

/** What an import needs: the database, this process's market snapshot and the clock. */
export interface ImportDeps {
  database: Database;
  market: MarketStore;
  clock: () => number;
}

interface Planned {
  suppliers: SupplierPlan[];
  products: ProductPlan[];
  invalid: InvalidLine[];
}

async function plan(db: Executor, lines: RawLine[]): Promise<Planned> {
  const ref = await reference(db);
  const kindless = lines.filter((l): l is Extract<RawLine, { reason: string }> => l.kind === null);
  const s = await planSuppliers(
    db,
    lines.filter((l) => l.kind === 'supplier'),
    ref,
  );
  const p = await planProducts(
    db,
    lines.filter((l) => l.kind === 'product'),
    ref,
  );
  const invalid = [...kindless.map(({ line, reason }) => ({ line, reason })), ...s.invalid, ...p.invalid].sort((a, b) => a.line - b.line);
  return { suppliers: s.plans, products: p.plans, invalid };
}

interface Counts {
  suppliers: { added: number; updated: number };
  products: { added: number; updated: number };
}

/**
 * Imports lines in one transaction: all or none. Every line is checked first; any bad line
 * answers 400 `invalid_lines` naming each. Market data changes bump the market revision in the
 * same transaction (every server process reloads), the write is audited in it too, and this
 * process's snapshot is dropped at once, so the next quote request sees the new suppliers.
 */
async function importLines(
  deps: ImportDeps,
  staffId: number,
  lines: RawLine[],
  action: Extract<AuditAction, 'suppliers.import' | 'products.import' | 'bulk.import'>,
): Promise<Counts> {
  const now = new Date(deps.clock());
  const { database } = deps;
  const counts = await database.db.transaction().execute(async (trx) => {
    await repo.lockImports(trx, database.dialect);
    const planned = await plan(trx, lines);
    if (planned.invalid.length > 0) throw invalidLinesError(planned.invalid);
    const suppliers = await applySuppliers(trx, planned.suppliers, now);
    const products = await applyProducts(trx, planned.products, now);
    await marketChanged(trx);
    const rows = lines.length;
    await recordAudit(trx, { staffId, action, rows, detail: auditDetail({ suppliers, products }) }, now.toISOString());
    return { suppliers, products };
  });
  deps.market.invalidate();
  return counts;
}

function auditDetail({ suppliers, products }: Counts): string {
  const n = (count: number) => count.toLocaleString('en-US');
  const parts: string[] = [];
  if (suppliers.added + suppliers.updated > 0) parts.push(`suppliers: ${n(suppliers.added)} added, ${n(suppliers.updated)} updated`);
  if (products.added + products.updated > 0) parts.push(`products: ${n(products.added)} added, ${n(products.updated)} updated`);
  return parts.join('; ');
}

/** `POST /api/admin/suppliers`. */
export async function importSuppliers(
  deps: ImportDeps,
  staffId: number,
  input: { suppliers: (string | Record<string, unknown>)[]; dryRun: boolean; firstLine: number },
): Promise<SupplierImportResult> {
  const lines = readItems(input.suppliers, 'supplier', input.firstLine);
  checkSize(lines);
  if (input.dryRun) {
    const planned = await plan(deps.database.db, lines);
    const lineCounts = count(planned.suppliers.map((p) => Boolean(p.existing)));
    return { dryRun: true, ...lineCounts, lines: planned.suppliers.map(supplierPreview), invalidLines: planned.invalid };
  }
  const { suppliers } = await importLines(deps, staffId, lines, 'suppliers.import');
  return { dryRun: false, ...suppliers };
}

/** `POST /api/admin/products`. */
export async function importProducts(
  deps: ImportDeps,
  staffId: number,
  input: { products: (string | Record<string, unknown>)[]; dryRun: boolean; firstLine: number },
): Promise<ProductImportResult> {
  const lines = readItems(input.products, 'product', input.firstLine);
  checkSize(lines);
  if (input.dryRun) {
    const planned = await plan(deps.database.db, lines);
    return { dryRun: true, ...count(planned.products.map((p) => p.exists)), lines: planned.products.map(productPreview), invalidLines: planned.invalid };
  }
  const { products } = await importLines(deps, staffId, lines, 'products.import');
  return { dryRun: false, ...products };
}

/**
 * `POST /api/admin/bulk-import`: mixed text, each pipe-separated line a supplier (7 fields) or a
 * product (6 fields), or a CSV whose header names one kind's columns. Suppliers are written first.
 */
export async function bulkImport(deps: ImportDeps, staffId: number, input: { data: string; dryRun: boolean }): Promise<BulkImportResult> {
  const lines: RawLine[] = readBulkText(input.data, 'mixed');
  checkSize(lines);
  if (input.dryRun) {
    const planned = await plan(deps.database.db, lines);
    const previews = [
      ...planned.suppliers.map((p) => ({ kind: 'supplier' as const, ...supplierPreview(p) })),
      ...planned.products.map((p) => ({ kind: 'product' as const, ...productPreview(p) })),
    ].sort((a, b) => a.line - b.line);
    return {
      dryRun: true,
      suppliers: count(planned.suppliers.map((p) => Boolean(p.existing))),
      products: count(planned.products.map((p) => p.exists)),
      lines: previews,
      invalidLines: planned.invalid,
    };
  }
  return { dryRun: false, ...(await importLines(deps, staffId, lines, 'bulk.import')) };
}

function count(exists: boolean[]): { added: number; updated: number } {
  const updated = exists.filter(Boolean).length;
  return { added: exists.length - updated, updated };
}
