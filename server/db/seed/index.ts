import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import type { Dialect } from '../database';
import { marketChanged } from '../../catalogue/market-store';
import { CATALOGUE, CATEGORIES, CITIES, SECTORS, type CatalogueItemSeed } from './data';
import { newSlugs } from '../supplier-slugs';
import { seedHistory } from './history';
import { insertChunked } from './insert';
import { catalogueVariants, generatedSuppliers, starterSuppliers, type SupplierSeed } from './suppliers';

export interface SeedOptions {
  /** Build a large generated supplier base instead of the starter one (benchmarks). */
  suppliers?: number;
  offers?: number;
  now?: Date;
}

export interface SeedSummary {
  cities: number;
  categories: number;
  catalogueItems: number;
  suppliers: number;
  offers: number;
}

/** Whether the database holds no market data yet. */
export async function isMarketEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('cities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Seeds reference data and suppliers into an empty database, in one transaction. */
export async function seedMarket(db: Kysely<DB>, dialect: Dialect, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = (options.now ?? new Date()).toISOString();
  const large = options.suppliers !== undefined;
  const items: CatalogueItemSeed[] = large ? [...CATALOGUE, ...catalogueVariants()] : CATALOGUE;
  const suppliers: SupplierSeed[] = large ? generatedSuppliers(options.suppliers!, options.offers ?? options.suppliers! * 20, items) : starterSuppliers();

  await db.transaction().execute(async (trx) => {
    await insertChunked(
      trx,
      'cities',
      CITIES.map((c, i) => ({ ...c, sort_order: i })),
    );
    await insertChunked(
      trx,
      'sectors',
      SECTORS.map((s, i) => ({ ...s, sort_order: i })),
    );
    await insertChunked(
      trx,
      'categories',
      CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, sector_id: c.sectorId, keywords: JSON.stringify(c.keywords), sort_order: i })),
    );
    await insertChunked(
      trx,
      'catalogue_items',
      items.map((it, i) => ({
        id: it.id,
        name: it.name,
        description: it.description,
        unit: it.unit,
        category_id: it.categoryId,
        reference_price_cents: it.referencePriceCents,
        avg_delivery: it.avgDelivery,
        unit_quantity: it.unitQuantity,
        unit_description: it.unitDescription,
        keywords: JSON.stringify(it.keywords),
        sort_order: i,
      })),
    );
    const slugs = newSlugs(
      suppliers.map((s) => s.name),
      new Set(),
    );
    await insertChunked(
      trx,
      'suppliers',
      suppliers.map((s, i) => ({
        id: s.id,
        name: s.name,
        slug: slugs[i]!,
        contact_person: s.contactPerson,
        email: s.email,
        phone: s.phone,
        home_city_id: s.homeCityId,
        verified: s.verified ? 1 : 0,
        response_time_hours: s.responseTimeHours,
        dispatch_days: s.dispatchDays,
        payment_terms: s.paymentTerms,
        validity_days: s.validityDays,
        price_list_date: s.priceListDate,
        minimum_order_cents: s.minimumOrderCents ?? 0,
        created_at: now,
        vat_number: s.compliance?.vatNumber ?? null,
        registered_address: s.compliance?.registeredAddress ?? null,
        bbee_level: s.compliance?.bbeeLevel ?? null,
        bbee_evidence: s.compliance?.bbeeEvidence ?? null,
        bbee_expires_on: s.compliance?.bbeeExpiresOn ?? null,
      })),
    );
    if (dialect === 'postgres') {
      await sql`select setval(pg_get_serial_sequence('suppliers', 'id'), (select max(id) from suppliers))`.execute(trx);
    }
    await insertChunked(
      trx,
      'supplier_categories',
      suppliers.flatMap((s) =>
        s.categories.map((c) => ({
          supplier_id: s.id,
          category_id: c.categoryId,
          capacity_units: c.capacityUnits,
          minimum_order_quantity: c.minimumOrderQuantity,
          price_factor: c.priceFactor,
        })),
      ),
    );
    await insertChunked(
      trx,
      'supplier_coverage',
      suppliers.flatMap((s) => s.coverage.map((c) => ({ supplier_id: s.id, scope: c.scope, area: c.area, lead_days: c.leadDays }))),
    );
    await insertChunked(
      trx,
      'offers',
      suppliers.flatMap((s) =>
        s.offers.map((o) => ({
          supplier_id: s.id,
          catalogue_item_id: o.itemId,
          unit_price_cents: o.unitPriceCents,
          minimum_order_quantity: o.minimumOrderQuantity,
          tiers: JSON.stringify(o.tiers),
        })),
      ),
    );
    // The starter suppliers' past orders, which their records are computed from.
    await seedHistory(trx, suppliers, options.now ?? new Date());
    if (dialect === 'postgres') {
      for (const table of ['quotes', 'purchase_orders']) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
      }
    }
    await marketChanged(trx);
  });
  return {
    cities: CITIES.length,
    categories: CATEGORIES.length,
    catalogueItems: items.length,
    suppliers: suppliers.length,
    offers: suppliers.reduce((n, s) => n + s.offers.length, 0),
  };
}
