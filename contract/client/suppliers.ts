/**
 * The suppliers' public calls: a supplier's page, by its id or its slug. No session needed.
 *
 * @module
 */
import { publicSupplierSchema, type PublicSupplier } from '../schemas/public-supplier';
import type { CallOptions, Transport } from '../../sdk/client/transport';

/**
 * The public supplier calls.
 *
 * @example
 * const supplier = await publicSupplierCalls(transport).get('cleanco-supplies');
 */
export interface PublicSupplierCalls {
  /** A supplier's public profile and scorecard (`GET /api/suppliers/:supplier`). */
  get(supplier: string | number, options?: CallOptions): Promise<PublicSupplier>;
}

/**
 * The public supplier calls over one transport.
 *
 * @example
 * const suppliers = publicSupplierCalls(createTransport({ baseUrl: location.origin }));
 */
export function publicSupplierCalls(api: Transport): PublicSupplierCalls {
  return {
    get: (supplier, opts) => api.get(publicSupplierSchema, `api/suppliers/${encodeURIComponent(String(supplier))}`, undefined, opts),
  };
}
