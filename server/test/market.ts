import type { Kysely } from 'kysely';
import { marketChanged } from '../catalogue/market-store';
import type { DB } from '../db/schema';
import { buildMarket, SmallMap, type MarketInput, type MarketSnapshot, type Supplier } from '../domain/market';
import { CATALOGUE, CATEGORIES, CITIES } from '../db/seed/data';
import { starterSuppliers, type PastOrder, type SupplierSeed } from '../db/seed/suppliers';
import { earnedRecord } from '../domain/scorecard';

/**
 * A history of `count` received orders, `onTimeInFull` of them on time and in full, rated so that
 * the buyers' average is `average` (to one decimal).
 */
export function pastOrdersOf(count: number, onTimeInFull: number, average = 4.5): PastOrder[] {
  const total = Math.round(average * count);
  return Array.from({ length: count }, (_, i) => ({
    daysAgo: 30,
    leadMaxDays: 3,
    onTime: i < onTimeInFull,
    inFull: true,
    // Ratings that sum to `total`: the lower whole number, one more for the first of them.
    rating: Math.floor(total / count) + (i < total % count ? 1 : 0),
  }));
}

/** The engine's view of a seeded supplier. */
export function toSupplier(s: SupplierSeed): Supplier {
  return {
    id: s.id,
    name: s.name,
    contactPerson: s.contactPerson,
    email: s.email,
    leadDigestMinutes: 0,
    phone: s.phone,
    homeCityId: s.homeCityId,
    verified: s.verified,
    record: earnedRecord(
      s.history.length,
      s.history.filter((o) => o.onTime && o.inFull).length,
      s.history.reduce((sum, o) => sum + o.rating, 0),
    ),
    responseTimeHours: s.responseTimeHours,
    dispatchDays: s.dispatchDays,
    paymentTerms: s.paymentTerms,
    validityDays: s.validityDays,
    priceListDate: s.priceListDate,
    minimumOrderCents: s.minimumOrderCents ?? 0,
    compliance: s.compliance ?? null,
    categories: new SmallMap(
      s.categories.map((c) => [c.categoryId, { capacityUnits: c.capacityUnits, minimumOrderQuantity: c.minimumOrderQuantity, priceFactor: c.priceFactor }]),
    ),
    coverage: {
      cities: new SmallMap(s.coverage.filter((c) => c.scope === 'city').map((c) => [c.area, c.leadDays] as const)),
      provinces: new SmallMap(s.coverage.filter((c) => c.scope === 'province').map((c) => [c.area, c.leadDays] as const)),
      national: s.coverage.find((c) => c.scope === 'national')?.leadDays ?? null,
    },
  };
}

/** A market snapshot of the given suppliers (default: the starter base) over the shipped reference data (or another catalogue). */
export function marketOf(suppliers: SupplierSeed[] = starterSuppliers(), catalogue = CATALOGUE): MarketSnapshot {
  const input: MarketInput = {
    revision: 'test',
    cities: CITIES,
    categories: CATEGORIES.map((c) => ({ id: c.id, name: c.name, sectorId: c.sectorId, keywords: c.keywords })),
    items: catalogue.map((i, n) => ({ ...i, sortOrder: n })),
    suppliers: suppliers.map(toSupplier),
    offers: suppliers.flatMap((s) =>
      s.offers.map((o) => ({
        supplierId: s.id,
        itemId: o.itemId,
        unitPriceCents: o.unitPriceCents,
        minimumOrderQuantity: o.minimumOrderQuantity,
        tiers: o.tiers,
      })),
    ),
  };
  return buildMarket(input);
}

let nextId = 1000;

/** A supplier seed with sensible defaults, for hand-built markets. */
export function supplierSeed(overrides: Partial<SupplierSeed> = {}): SupplierSeed {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Test Supplier ${id}`,
    contactPerson: 'Thandi Nkosi',
    email: `sales@supplier-${id}.example`,
    phone: '+27 31 555 0100',
    homeCityId: 'durban',
    verified: true,
    history: pastOrdersOf(20, 19),
    responseTimeHours: 4,
    dispatchDays: 1,
    paymentTerms: 'Net 30',
    validityDays: 14,
    priceListDate: '2026-11-01',
    categories: [{ categoryId: 'sanitizers', capacityUnits: 5000, minimumOrderQuantity: 1, priceFactor: 1 }],
    coverage: [
      { scope: 'city', area: 'durban', leadDays: 0 },
      { scope: 'province', area: 'KwaZulu-Natal', leadDays: 1 },
    ],
    offers: [{ itemId: 'hand-sanitizer-70', unitPriceCents: 8500, minimumOrderQuantity: 5, tiers: [] }],
    ...overrides,
  };
}

/**
 * Removes the seed's history of past orders, with the market's records read from it, for a test
 * whose figures count only the requests it makes.
 */
export async function withoutSeedHistory(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('order_receipts').execute();
  await db.deleteFrom('purchase_orders').execute();
  await db.updateTable('rfqs').set({ awarded_quote_id: null }).execute();
  await db.deleteFrom('quotes').execute();
  await db.deleteFrom('rfqs').execute();
  await marketChanged(db);
}
