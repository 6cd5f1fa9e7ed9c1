/**
 * The admin console's calls: bulk imports of suppliers and products, the supplier and product
 * lists, a supplier's standing, the audit log and the e-mail outbox's depth. They need a signed-in staff session with the
 * admin role (the session cookie goes with every call from the portal's own pages); they are not
 * part of the published package.
 *
 * @module
 */
import {
  adminProductPageSchema,
  adminSupplierPageSchema,
  adminSupplierSchema,
  type AdminListParams,
  type AdminProductPage,
  type AdminSupplier,
  type AdminSupplierPage,
  type SupplierStandingInput,
} from '../schemas/admin';
import { auditLogSchema, type AuditLog } from '../schemas/audit';
import {
  bulkImportResultSchema,
  productImportResultSchema,
  supplierImportResultSchema,
  type BulkImportInput,
  type BulkImportResult,
  type ProductImportInput,
  type ProductImportResult,
  type SupplierImportInput,
  type SupplierImportResult,
} from '../schemas/import-calls';
import { outboxDepthSchema, type OutboxDepth } from '../schemas/outbox';
import { adminSupplierScorecardSchema, type AdminSupplierScorecard } from '../schemas/supplier-performance';
import type { CallOptions, Transport } from '../../sdk/client/transport';

/**
 * The admin calls, from {@link adminCalls}.
 *
 * @example
 * const admin: AdminCalls = adminCalls(createTransport({ baseUrl: location.origin }));
 * const { total } = await admin.suppliers({ q: 'durban' });
 */
export interface AdminCalls {
  /** Imports supplier lines (`POST /api/admin/suppliers`); with `dryRun`, answers how each line reads and writes nothing. */
  importSuppliers(input: SupplierImportInput, options?: CallOptions): Promise<SupplierImportResult>;
  /** Imports product lines (`POST /api/admin/products`); with `dryRun`, answers how each line reads and writes nothing. */
  importProducts(input: ProductImportInput, options?: CallOptions): Promise<ProductImportResult>;
  /** Imports mixed text of supplier and product lines (`POST /api/admin/bulk-import`). */
  bulkImport(input: BulkImportInput, options?: CallOptions): Promise<BulkImportResult>;
  /** A page of suppliers, newest first (`GET /api/admin/suppliers`). */
  suppliers(params?: AdminListParams, options?: CallOptions): Promise<AdminSupplierPage>;
  /** A page of products, newest first (`GET /api/admin/products`). */
  products(params?: AdminListParams, options?: CallOptions): Promise<AdminProductPage>;
  /** Changes a supplier's standing (`PATCH /api/admin/suppliers/:id`); answers the supplier. */
  setStanding(supplierId: number, input: SupplierStandingInput, options?: CallOptions): Promise<AdminSupplier>;
  /** A supplier's scorecard, a page of its orders with their outcomes, and the receipts kept but not counted (`GET /api/admin/suppliers/:id/scorecard`). */
  scorecard(supplierId: number, cursor?: string | null, options?: CallOptions): Promise<AdminSupplierScorecard>;
  /** The latest staff writes, newest first (`GET /api/admin/audit`). */
  audit(limit?: number, options?: CallOptions): Promise<AuditLog>;
  /** E-mails in the outbox by state, and how long the oldest one still to send has waited (`GET /api/admin/outbox`). */
  outbox(options?: CallOptions): Promise<OutboxDepth>;
}

/**
 * The paths of the CSV exports, for links (the browser sends the session cookie with them).
 *
 * @example
 * <a href={ADMIN_EXPORTS.suppliers} download>Export suppliers (CSV)</a>
 */
export const ADMIN_EXPORTS = { suppliers: '/api/admin/suppliers.csv', products: '/api/admin/products.csv' } as const;

/**
 * The admin calls over a transport. Imports are sent once, never retried: a repeat after a
 * lost answer would import again (harmless, as an import updates by e-mail and by product, but
 * the audit log would show it twice).
 *
 * @example
 * const admin = adminCalls(createTransport({ baseUrl: location.origin, timeout: 60_000 }));
 * const { added } = await admin.importSuppliers({ suppliers: ['Coastal Hygiene | sales@coastal.example | sanitizers | Durban | 4.5 | gel | 24h'] });
 */
export function adminCalls(api: Transport): AdminCalls {
  return {
    importSuppliers: (input, opts) => api.post(supplierImportResultSchema, 'api/admin/suppliers', input, null, opts),
    importProducts: (input, opts) => api.post(productImportResultSchema, 'api/admin/products', input, null, opts),
    bulkImport: (input, opts) => api.post(bulkImportResultSchema, 'api/admin/bulk-import', input, null, opts),
    suppliers: (params, opts) => api.get(adminSupplierPageSchema, 'api/admin/suppliers', params, opts),
    products: (params, opts) => api.get(adminProductPageSchema, 'api/admin/products', params, opts),
    setStanding: (supplierId, input, opts) => api.patch(adminSupplierSchema, `api/admin/suppliers/${encodeURIComponent(String(supplierId))}`, input, opts),
    scorecard: (supplierId, cursor, opts) =>
      api.get(adminSupplierScorecardSchema, `api/admin/suppliers/${encodeURIComponent(String(supplierId))}/scorecard`, cursor ? { cursor } : undefined, opts),
    audit: (limit, opts) => api.get(auditLogSchema, 'api/admin/audit', { limit }, opts),
    outbox: (opts) => api.get(outboxDepthSchema, 'api/admin/outbox', undefined, opts),
  };
}
