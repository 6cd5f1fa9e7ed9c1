import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { MarketInput, Offer, PriceTier, Supplier } from '../domain/market';
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

/** Rows read per query: the market is read in pages, so a large one never sits in memory twice. */
const PAGE = 20_000;

/** The price list of most offers: one array for all of them, never changed. */
const NO_TIERS: PriceTier[] = Object.freeze([]) as unknown as PriceTier[];

/**
 * Reads everything the quote engine needs, in one read transaction so that it is consistent
 * (repeatable read: on PostgreSQL every statement sees the same snapshot). Suppliers (with their
 * categories and coverage) and offers are read page by page, each row turned into what the
 * engine keeps at once, so the rows of a large market are never all held together. Repeated
 * text (ids of cities, categories and items, payment terms, dates) is kept once, not per row.
 */
export async function loadMarketInput(db: Kysely<DB>, page = PAGE): Promise<MarketInput> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const revision = await readMarketRevision(trx);
      const [cities, categories, items] = await Promise.all([
        trx.selectFrom('cities').selectAll().orderBy('sort_order').execute(),
        trx.selectFrom('categories').selectAll().orderBy('sort_order').execute(),
        trx.selectFrom('catalogue_items').selectAll().orderBy('sort_order').execute(),
      ]);
      const texts = new Map<string, string>();
      const once = (text: string) => {
        const kept = texts.get(text);
        if (kept !== undefined) return kept;
        texts.set(text, text);
        return text;
      };
      for (const row of [...cities, ...categories, ...items]) once(row.id);

      const suppliers: Supplier[] = [];
      for (let after = 0; ; ) {
        const rows = await trx
          .selectFrom('suppliers')
          .select(['id', 'name', 'contact_person', 'email', 'phone', 'home_city_id', 'verified', 'rating', 'on_time_rate', 'response_time_hours', 'dispatch_days', 'payment_terms', 'validity_days', 'price_list_date'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(page)
          .execute();
        if (rows.length === 0) break;
        const last = rows[rows.length - 1]!.id;
        const [categoryRows, coverageRows] = await Promise.all([
          trx.selectFrom('supplier_categories').selectAll().where('supplier_id', '>', after).where('supplier_id', '<=', last).execute(),
          trx.selectFrom('supplier_coverage').select(['supplier_id', 'scope', 'area', 'lead_days']).where('supplier_id', '>', after).where('supplier_id', '<=', last).execute(),
        ]);
        const byId = new Map<number, Supplier>();
        for (const r of rows) {
          const supplier: Supplier = {
            id: r.id,
            name: r.name,
            contactPerson: r.contact_person,
            email: r.email,
            phone: r.phone,
            homeCityId: once(r.home_city_id),
            verified: Boolean(r.verified),
            rating: Number(r.rating),
            onTimeRate: r.on_time_rate,
            responseTimeHours: r.response_time_hours,
            dispatchDays: r.dispatch_days,
            paymentTerms: once(r.payment_terms),
            validityDays: r.validity_days,
            priceListDate: once(r.price_list_date),
            categories: new Map(),
            coverage: { cities: new Map(), provinces: new Map(), national: null },
          };
          byId.set(r.id, supplier);
          suppliers.push(supplier);
        }
        for (const r of categoryRows) {
          byId.get(r.supplier_id)?.categories.set(once(r.category_id), {
            capacityUnits: r.capacity_units,
            minimumOrderQuantity: r.minimum_order_quantity,
            priceFactor: Number(r.price_factor),
          });
        }
        for (const r of coverageRows) {
          const s = byId.get(r.supplier_id);
          if (!s) continue;
          if (r.scope === 'city') s.coverage.cities.set(once(r.area), r.lead_days);
          else if (r.scope === 'province') s.coverage.provinces.set(once(r.area), r.lead_days);
          else s.coverage.national = r.lead_days;
        }
        if (rows.length < page) break;
        after = last;
      }

      const offers: Offer[] = [];
      for (let after = 0; ; ) {
        const rows = await trx
          .selectFrom('offers')
          .select(['id', 'supplier_id', 'catalogue_item_id', 'unit_price_cents', 'minimum_order_quantity', 'tiers'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(page)
          .execute();
        for (const o of rows) {
          offers.push({
            supplierId: o.supplier_id,
            itemId: once(o.catalogue_item_id),
            unitPriceCents: o.unit_price_cents,
            minimumOrderQuantity: o.minimum_order_quantity,
            tiers: o.tiers === '[]' ? NO_TIERS : (JSON.parse(o.tiers) as PriceTier[]).sort((a, b) => a.minQuantity - b.minQuantity),
          });
        }
        if (rows.length < page) break;
        after = rows[rows.length - 1]!.id;
      }
      return {
        revision,
        cities: cities.map((c) => ({ id: c.id, name: c.name, province: once(c.province), latitude: Number(c.latitude), longitude: Number(c.longitude) })),
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
        suppliers,
        offers,
      };
    });
}
