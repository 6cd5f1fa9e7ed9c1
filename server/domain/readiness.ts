import { hasDeliveryArea, type MarketSnapshot } from './market';

/**
 * Whether a supplier is quoted: once it has at least one price-list item in stock (quotable on
 * the snapshot's day) and somewhere it delivers. Until then it is quoted for nothing, and its
 * workspace and staff show which of the two it still lacks.
 */
export interface Readiness {
  inStockItem: boolean;
  deliveryArea: boolean;
  readyToQuote: boolean;
}

/** A supplier's readiness as the snapshot reads it; a supplier it does not hold has neither. */
export function readinessOf(market: MarketSnapshot, supplierId: number): Readiness {
  const supplier = market.suppliersById.get(supplierId);
  const inStockItem = supplier !== undefined && market.stockedSupplierIds.has(supplierId);
  const deliveryArea = supplier !== undefined && hasDeliveryArea(supplier);
  return { inStockItem, deliveryArea, readyToQuote: inStockItem && deliveryArea };
}
