import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { MarketInput, PriceTier, Supplier } from '../domain/market';
import type { Executor } from '../db/executor';

const REVISION_KEY = 'market_revision';

/** The revision of suppliers, price lists and catalogue; every write to them bumps it. */
export async function readMarketRevision(db: Executor): Promise<string> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', REVISION_KEY).executeTakeFirst();
  return row?.value ?? '0';
}

/**
 * Marks market data as changed so that every server process reloads its snapshot. Readers only
 * compare revisions, so a new unique value serves, and two writers can never write the same one.
 */
export async function bumpMarketRevision(db: Executor): Promise<void> {
  const value = `${Date.now()}-${randomUUID()}`;
  await db
    .insertInto('meta')
    .values({ key: REVISION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Reads everything the quote engine needs, in one read transaction so that it is consistent. */
export async function loadMarketInput(db: Kysely<DB>): Promise<MarketInput> {
  return db.transaction().execute(async (trx) => {
    const revision = await readMarketRevision(trx);
    const [cities, categories, items, supplierRows, categoryRows, coverageRows, offerRows] = await Promise.all([
      trx.selectFrom('cities').selectAll().orderBy('sort_order').execute(),
      trx.selectFrom('categories').selectAll().orderBy('sort_order').execute(),
      trx.selectFrom('catalogue_items').selectAll().orderBy('sort_order').execute(),
      trx.selectFrom('suppliers').selectAll().orderBy('id').execute(),
      trx.selectFrom('supplier_categories').selectAll().execute(),
      trx.selectFrom('supplier_coverage').selectAll().execute(),
      trx.selectFrom('offers').select(['supplier_id', 'catalogue_item_id', 'unit_price_cents', 'minimum_order_quantity', 'tiers']).execute(),
    ]);
    const suppliers = new Map<number, Supplier>();
    for (const r of supplierRows) {
      suppliers.set(r.id, {
        id: r.id,
        name: r.name,
        contactPerson: r.contact_person,
        email: r.email,
        phone: r.phone,
        homeCityId: r.home_city_id,
        verified: Boolean(r.verified),
        rating: Number(r.rating),
        onTimeRate: r.on_time_rate,
        responseTimeHours: r.response_time_hours,
        dispatchDays: r.dispatch_days,
        paymentTerms: r.payment_terms,
        validityDays: r.validity_days,
        priceListDate: r.price_list_date,
        categories: new Map(),
        coverage: { cities: new Map(), provinces: new Map(), national: null },
      });
    }
    for (const r of categoryRows) {
      suppliers.get(r.supplier_id)?.categories.set(r.category_id, {
        capacityUnits: r.capacity_units,
        minimumOrderQuantity: r.minimum_order_quantity,
        priceFactor: Number(r.price_factor),
      });
    }
    for (const r of coverageRows) {
      const s = suppliers.get(r.supplier_id);
      if (!s) continue;
      if (r.scope === 'city') s.coverage.cities.set(r.area, r.lead_days);
      else if (r.scope === 'province') s.coverage.provinces.set(r.area, r.lead_days);
      else s.coverage.national = r.lead_days;
    }
    return {
      revision,
      cities: cities.map((c) => ({ id: c.id, name: c.name, province: c.province, latitude: Number(c.latitude), longitude: Number(c.longitude) })),
      categories: categories.map((c) => ({ id: c.id, name: c.name, sectorId: c.sector_id, keywords: JSON.parse(c.keywords) as string[] })),
      items: items.map((i) => ({
        id: i.id,
        name: i.name,
        description: i.description,
        unit: i.unit,
        categoryId: i.category_id,
        referencePriceCents: i.reference_price_cents,
        avgDelivery: i.avg_delivery,
        unitQuantity: i.unit_quantity,
        unitDescription: i.unit_description,
        keywords: JSON.parse(i.keywords) as string[],
        sortOrder: i.sort_order,
      })),
      suppliers: [...suppliers.values()],
      offers: offerRows.map((o) => ({
        supplierId: o.supplier_id,
        itemId: o.catalogue_item_id,
        unitPriceCents: o.unit_price_cents,
        minimumOrderQuantity: o.minimum_order_quantity,
        tiers: (JSON.parse(o.tiers) as PriceTier[]).sort((a, b) => a.minQuantity - b.minQuantity),
      })),
    };
  });
}
