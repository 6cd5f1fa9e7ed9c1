import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import { SCORECARD_MIN_RECEIPTS } from '../../contract/schemas/scorecard';

// Requests from the widget demo (`demo = 1`) are no market data: every query here leaves them out.
// A basket (`line_count > 0`) is published line by line in the records, and counted line by line
// in the figures: its own row names only its first line's category, and its count of lines as
// its quantity, which no figure reads.

/** The first day of the week (Monday), month or quarter of an ISO timestamp column, as YYYY-MM-DD. */
function periodStart(dialect: Dialect, period: 'week' | 'month' | 'quarter', column: string): RawBuilder<string> {
  const c = sql.ref(column);
  if (dialect === 'postgres') {
    return sql<string>`to_char(date_trunc(${sql.lit(period)}, cast(${c} as timestamp)), 'YYYY-MM-DD')`;
  }
  if (period === 'week') return sql<string>`date(${c}, '-' || ((cast(strftime('%w', ${c}) as integer) + 6) % 7) || ' days')`;
  if (period === 'month') return sql<string>`substr(${c}, 1, 7) || '-01'`;
  return sql<string>`substr(${c}, 1, 5) || printf('%02d', ((cast(substr(${c}, 6, 2) as integer) - 1) / 3) * 3 + 1) || '-01'`;
}

const regionSlug = sql<string>`lower(replace(cities.province, ' ', '-'))`;

// The figures count what buyers asked for product by product: a single-product request, or each
// line of a basket with its own category and quantity (`rfq_lines`, joined as `l`). A request
// counts once in a group however many of its lines fall in it.
const productCategory = sql<string>`coalesce(l.category_id, rfqs.category_id)`;
const productQuantity = sql<number>`coalesce(l.quantity, rfqs.quantity)`;
const requestCount = sql<number>`count(distinct rfqs.id)`;

/** Requests with a product in the category: a single product of it, or a basket with a line of it. */
const hasProductIn = (categoryId: string) =>
  sql<boolean>`((rfqs.line_count = 0 and rfqs.category_id = ${categoryId}) or exists (select 1 from rfq_lines c where c.rfq_id = rfqs.id and c.category_id = ${categoryId}))`;

/** The products asked for since `from`, none of the widget demo's. */
const productsAskedFor = (db: Kysely<DB>, from: string) =>
  db.selectFrom('rfqs').leftJoin('rfq_lines as l', 'l.rfq_id', 'rfqs.id').where('rfqs.created_at', '>=', from).where('rfqs.demo', '=', 0);

/**
 * Every price quoted, product by product, with its request's time and place: a single-product
 * request's quotes, and each line a basket's quote prices (its own unit price and lead time).
 * `firm` is 1 once the supplier made the quote firm. None of the widget demo's.
 */
function pricesQuoted(db: Kysely<DB>, from?: string) {
  const firm = sql<number>`case when q.firmed_at is null then 0 else 1 end`;
  let single = db
    .selectFrom('quotes as q')
    .innerJoin('rfqs as r', 'r.id', 'q.rfq_id')
    .select(['r.created_at', 'r.category_id', 'r.city_id', 'q.rfq_id', 'q.supplier_id', 'q.unit_price_cents', 'q.lead_min_days', firm.as('firm')])
    .where('r.demo', '=', 0)
    .where('r.line_count', '=', 0);
  let lines = db
    .selectFrom('quote_lines as ql')
    .innerJoin('quotes as q', 'q.id', 'ql.quote_id')
    .innerJoin('rfq_lines as l', (j) => j.onRef('l.rfq_id', '=', 'ql.rfq_id').onRef('l.line_no', '=', 'ql.line_no'))
    .innerJoin('rfqs as r', 'r.id', 'ql.rfq_id')
    .select(['r.created_at', 'l.category_id', 'r.city_id', 'q.rfq_id', 'q.supplier_id', 'ql.unit_price_cents', 'ql.lead_min_days', firm.as('firm')])
    .where('r.demo', '=', 0);
  if (from) {
    single = single.where('r.created_at', '>=', from);
    lines = lines.where('r.created_at', '>=', from);
  }
  return single.unionAll(lines).as('p');
}

/** RFQ counts and average quantity per period and category. */
export async function demandByPeriod(
  db: Kysely<DB>,
  dialect: Dialect,
  q: { period: 'week' | 'month' | 'quarter'; from: string; categoryId?: string; region?: string },
) {
  const period = periodStart(dialect, q.period, 'rfqs.created_at');
  let query = productsAskedFor(db, q.from)
    .leftJoin('cities', 'cities.id', 'rfqs.city_id')
    .select([
      period.as('period_start'),
      productCategory.as('category_id'),
      requestCount.as('rfq_count'),
      sql<number>`avg(${productQuantity})`.as('avg_quantity'),
    ])
    .groupBy([period, productCategory]);
  if (q.categoryId) query = query.where(productCategory, '=', q.categoryId);
  if (q.region) query = query.where(regionSlug, '=', q.region);
  return query.execute();
}

/** Quoted unit prices (rand) and distinct quoting suppliers per period and category. */
export async function quotesByPeriod(
  db: Kysely<DB>,
  dialect: Dialect,
  q: { period: 'week' | 'month' | 'quarter'; from: string; categoryId?: string; region?: string },
) {
  const period = periodStart(dialect, q.period, 'p.created_at');
  let query = db
    .selectFrom(pricesQuoted(db, q.from))
    .leftJoin('cities', 'cities.id', 'p.city_id')
    .select([
      period.as('period_start'),
      'p.category_id',
      sql<number>`avg(p.unit_price_cents)`.as('avg_unit_price_cents'),
      sql<number>`count(distinct p.supplier_id)`.as('supplier_count'),
    ])
    .groupBy([period, 'p.category_id']);
  if (q.categoryId) query = query.where('p.category_id', '=', q.categoryId);
  if (q.region) query = query.where(regionSlug, '=', q.region);
  return query.execute();
}

/** How many quotes priced a product: a single-product request's quotes, or the basket quotes that price the line. */
const quotesOfProduct = sql<number>`case when l.rfq_id is null then rfqs.matched_count else (select count(*) from quote_lines ql where ql.rfq_id = l.rfq_id and ql.line_no = l.line_no) end`;

/** Per category over a span: RFQs, average quantity and quotes per product asked for. */
export async function demandByCategory(db: Kysely<DB>, q: { from: string; categoryId?: string }) {
  let query = productsAskedFor(db, q.from)
    .select([
      productCategory.as('category_id'),
      requestCount.as('rfq_count'),
      sql<number>`avg(${productQuantity})`.as('avg_quantity'),
      sql<number>`avg(${quotesOfProduct})`.as('avg_quotes'),
    ])
    .groupBy(productCategory);
  if (q.categoryId) query = query.where(productCategory, '=', q.categoryId);
  return query.execute();
}

/** Per category over a span: distinct quoting suppliers, and the quotes and how many of them were made firm. */
export async function quotingSuppliersByCategory(db: Kysely<DB>, q: { from: string; categoryId?: string }) {
  let query = db
    .selectFrom(pricesQuoted(db, q.from))
    .select([
      'p.category_id',
      sql<number>`count(distinct p.supplier_id)`.as('supplier_count'),
      sql<number>`count(*)`.as('quote_count'),
      sql<number>`sum(p.firm)`.as('firm_count'),
    ])
    .groupBy('p.category_id');
  if (q.categoryId) query = query.where('p.category_id', '=', q.categoryId);
  return query.execute();
}

/** Per category and city over a span: RFQ counts. */
export async function demandByCategoryAndCity(db: Kysely<DB>, q: { from: string; categoryId?: string }) {
  let query = productsAskedFor(db, q.from)
    .select([productCategory.as('category_id'), 'rfqs.city_id', requestCount.as('rfq_count')])
    .where('rfqs.city_id', 'is not', null)
    .groupBy([productCategory, 'rfqs.city_id']);
  if (q.categoryId) query = query.where(productCategory, '=', q.categoryId);
  return query.execute();
}

/**
 * Each supplier's earned figures from `from` (the scorecard's window, docs/quoting.md): the buyers'
 * average rating and the percent on time and in full, over the counted receipts of orders it
 * confirmed; only a supplier with at least 3 has a row, so a new one is in no average.
 */
function earnedFigures(db: Kysely<DB>, from: string) {
  return db
    .selectFrom('order_receipts as r')
    .innerJoin('purchase_orders as po', 'po.id', 'r.purchase_order_id')
    .select([
      'r.supplier_id',
      sql<number>`avg(r.rating * 1.0)`.as('rating'),
      sql<number>`100.0 * sum(case when r.on_time = 1 and r.in_full = 1 then 1 else 0 end) / count(*)`.as('on_time'),
    ])
    .where('r.counted', '=', 1)
    .where('po.confirmed_on', 'is not', null)
    .where('po.issued_on', '>=', from)
    .groupBy('r.supplier_id')
    .having(sql`count(*)`, '>=', SCORECARD_MIN_RECEIPTS)
    .as('e');
}

/**
 * Per category and supplier home region: supplier counts and averages of the earned figures,
 * optionally of suppliers whose buyers' average is at least `minRating`.
 */
export async function suppliersByCategoryAndRegion(db: Kysely<DB>, q: { from: string; categoryId?: string; region?: string; minRating?: number }) {
  let query = db
    .selectFrom('suppliers')
    .innerJoin('supplier_categories', 'supplier_categories.supplier_id', 'suppliers.id')
    .leftJoin(earnedFigures(db, q.from), 'e.supplier_id', 'suppliers.id')
    .innerJoin('cities', 'cities.id', 'suppliers.home_city_id')
    .select([
      'supplier_categories.category_id',
      regionSlug.as('region'),
      sql<number>`count(distinct suppliers.id)`.as('supplier_count'),
      sql<number>`sum(suppliers.verified)`.as('verified_count'),
      sql<number | null>`avg(e.rating)`.as('avg_rating'),
      sql<number>`avg(suppliers.response_time_hours)`.as('avg_response_hours'),
      sql<number | null>`avg(e.on_time)`.as('avg_on_time_rate'),
    ])
    .groupBy(['supplier_categories.category_id', regionSlug]);
  if (q.categoryId) query = query.where('supplier_categories.category_id', '=', q.categoryId);
  if (q.region) query = query.where(regionSlug, '=', q.region);
  if (q.minRating !== undefined) query = query.where('e.rating', '>=', q.minRating);
  return query.execute();
}

/** Per category and delivery region: quotes (and those made firm), quoting suppliers, RFQs and averages (none of the widget demo's). */
export async function quotesByCategoryAndRegion(db: Kysely<DB>, q: { from: string; categoryId?: string; region?: string; minRating?: number }) {
  let query = db
    .selectFrom(pricesQuoted(db))
    .innerJoin('cities', 'cities.id', 'p.city_id')
    .leftJoin(earnedFigures(db, q.from), 'e.supplier_id', 'p.supplier_id')
    .select([
      'p.category_id',
      regionSlug.as('region'),
      sql<number>`count(*)`.as('response_count'),
      sql<number>`sum(p.firm)`.as('firm_count'),
      sql<number>`count(distinct p.supplier_id)`.as('supplier_count'),
      sql<number>`count(distinct p.rfq_id)`.as('rfq_count'),
      sql<number>`avg(p.unit_price_cents)`.as('avg_unit_price_cents'),
      sql<number>`avg(p.lead_min_days)`.as('avg_delivery_days'),
      sql<number | null>`avg(e.rating)`.as('avg_rating'),
    ])
    .groupBy(['p.category_id', regionSlug]);
  if (q.categoryId) query = query.where('p.category_id', '=', q.categoryId);
  if (q.region) query = query.where(regionSlug, '=', q.region);
  if (q.minRating !== undefined) query = query.where('e.rating', '>=', q.minRating);
  return query.execute();
}

const quantityBand = sql<string>`case when ${productQuantity} < 10 then '1-9' when ${productQuantity} < 100 then '10-99' when ${productQuantity} < 1000 then '100-999' else '1000+' end`;

/**
 * RFQ counts over a span grouped by one dimension: budget band, quantity band (of each product
 * asked for: a basket counts once in each band its lines fall in) or delivery region.
 */
export async function demandBy(db: Kysely<DB>, by: 'budget' | 'quantity' | 'region', q: { from: string; categoryId?: string }) {
  const key =
    by === 'budget' ? sql<string>`coalesce(rfqs.budget_range, 'none')` : by === 'quantity' ? quantityBand : sql<string>`coalesce(${regionSlug}, 'unknown')`;
  let query = productsAskedFor(db, q.from)
    .leftJoin('cities', 'cities.id', 'rfqs.city_id')
    .select([key.as('key'), requestCount.as('rfq_count')])
    .groupBy(key)
    .orderBy(key);
  if (q.categoryId) query = query.where(productCategory, '=', q.categoryId);
  return query.execute();
}

/** RFQs over a span (a basket once) and their mean intent score. */
export async function intentSummary(db: Kysely<DB>, q: { from: string; categoryId?: string }) {
  let query = db
    .selectFrom('rfqs')
    .select([sql<number>`count(*)`.as('rfq_count'), sql<number>`avg(rfqs.intent_score)`.as('avg_intent')])
    .where('rfqs.created_at', '>=', q.from)
    .where('rfqs.demo', '=', 0);
  if (q.categoryId) query = query.where(hasProductIn(q.categoryId));
  return query.executeTakeFirstOrThrow();
}
