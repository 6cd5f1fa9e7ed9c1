import { MIN_GROUP_RFQS, MIN_GROUP_SUPPLIERS } from '../../contract/data-api';
import type {
  MarketIntelligence,
  RfqInsights,
  SpanQuery,
  SupplierMetrics,
  SupplierPerformance,
  SupplierQuery,
  MarketTrends,
  MarketTrendsQuery,
  ProcurementData,
  ProcurementDataQuery,
  RfqSubmissionRecord,
} from '../../sdk/schemas/data';
import type { Database } from '../db/database';
import { scorecardWindow } from '../domain/scorecard';
import { invalidFields } from '../errors';
import { seal, unseal } from '../lib/seal';
import {
  demandBy,
  demandByCategory,
  demandByCategoryAndCity,
  demandByPeriod,
  intentSummary,
  quotesByCategoryAndRegion,
  quotesByPeriod,
  quotingSuppliersByCategory,
  suppliersByCategoryAndRegion,
} from './data.repository';
import { dataCursorKey, rfqInHour, rfqRecords } from './records.repository';

// A cursor names the last record of a page exactly, its time and id, sealed (AES-256-GCM) under a key
// only the server holds: the next page starts from it by the index it pages by, with no search, and
// the caller sees neither the buyer's rfqId nor a finer time than the page shows. An edited cursor
// does not open (docs/security.md).
const CURSOR_PURPOSE = 'procura data cursor';

function encodeCursor(key: string, createdAt: string, id: string, lineNo: number): string {
  return seal(`${createdAt}|${id}|${lineNo}`, key, CURSOR_PURPOSE);
}

/** The hour a record is published with: its exact time is not part of the data API. */
function submissionHour(createdAt: string): string {
  return `${createdAt.slice(0, 13)}:00:00Z`;
}

const BAD_CURSOR = { cursor: 'cursor must be the next_cursor of a previous answer' };

async function decodeCursor(database: Database, cursor: string): Promise<{ createdAt: string; id: string; lineNo: number }> {
  const opened = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([^|]+)\|(-1|\d{1,3})$/.exec(
    unseal(cursor, await dataCursorKey(database.db), CURSOR_PURPOSE) ?? '',
  );
  if (opened) return { createdAt: opened[1]!, id: opened[2]!, lineNo: Number(opened[3]) };
  // A cursor of the form before sealing (its record's hour and pseudonym, and a basket line's number), as a process
  // still running the older code hands out: the pseudonym is looked up within that hour.
  const match = /^(\d{4}-\d\d-\d\dT\d\d):00:00Z\|(r_[0-9a-f]{20})(?:\|([1-9]\d?))?$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const hour = match ? new Date(`${match[1]}:00:00.000Z`) : undefined;
  if (!match || !hour || Number.isNaN(hour.getTime())) throw invalidFields(BAD_CURSOR);
  const row = await rfqInHour(database.db, hour.toISOString(), new Date(hour.getTime() + 3_600_000).toISOString(), match[2]!);
  if (row === undefined) throw invalidFields(BAD_CURSOR);
  return { createdAt: row.created_at, id: row.id, lineNo: match[3] === undefined ? -1 : Number(match[3]) - 1 };
}

/** Record-level RFQs in the `rfq_submissions` shape, oldest first (a basket line by line), paged by an opaque cursor. */
export async function procurementData(database: Database, q: ProcurementDataQuery): Promise<ProcurementData> {
  // From the cursor's record, or from the start date when the cursor is before it (or absent).
  const from = { createdAt: q.start_date ? `${q.start_date}T00:00:00.000Z` : '', id: '', lineNo: -1 };
  const cursor = q.cursor ? await decodeCursor(database, q.cursor) : undefined;
  const rows = await rfqRecords(database.db, {
    cityId: q.city_code,
    categoryId: q.product_category,
    after: cursor && cursor.createdAt >= from.createdAt ? cursor : from,
    limit: q.limit,
  });
  const count = Math.min(rows.length, q.limit);
  const results = new Array<RfqSubmissionRecord>(count);
  for (let i = 0; i < count; i++) {
    const [rfqRef, createdAt, categoryId, quantity, budgetRange, cityId, intentScore, companySize, lineNo] = rows[i]!;
    results[i] = {
      rfq_ref: rfqRef,
      submission_timestamp: submissionHour(createdAt),
      product_category: categoryId,
      quantity_requested: Number(quantity),
      budget_range_zar: budgetRange,
      city_code: cityId,
      company_size: (companySize ?? 'unknown') as RfqSubmissionRecord['company_size'],
      intent_score: Number(intentScore),
      line_number: lineNo >= 0 ? lineNo + 1 : null,
    };
  }
  const hasMore = rows.length > q.limit;
  const last = rows[count - 1];
  return { results, has_more: hasMore, next_cursor: hasMore && last ? encodeCursor(await dataCursorKey(database.db), last[1], last[9], last[8]) : null };
}

const PERIODS_BACK = { week: 12, month: 12, quarter: 8 } as const;

function periodsAgo(period: 'week' | 'month' | 'quarter', n: number, now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'week') d.setUTCDate(d.getUTCDate() - 7 * n);
  else d.setUTCMonth(d.getUTCMonth() - (period === 'month' ? n : 3 * n), 1);
  return d.toISOString();
}

/**
 * Demand and quoted prices per period and category over the last 12 weeks or months or 8
 * quarters. A group of fewer than 5 RFQs or 3 quoting suppliers is withheld.
 */
export async function marketTrends(database: Database, q: MarketTrendsQuery, now: Date): Promise<MarketTrends> {
  const filter = { period: q.period, from: periodsAgo(q.period, PERIODS_BACK[q.period], now), categoryId: q.category, region: q.region };
  const [demand, quotes] = await Promise.all([demandByPeriod(database.db, database.dialect, filter), quotesByPeriod(database.db, database.dialect, filter)]);
  const quoted = new Map(quotes.map((r) => [`${r.period_start}|${r.category_id}`, r]));
  const trends = demand
    .map((d) => {
      const qd = quoted.get(`${d.period_start}|${d.category_id}`);
      const rfqCount = Number(d.rfq_count);
      const suppliers = Number(qd?.supplier_count ?? 0);
      const withheld = rfqCount < MIN_GROUP_RFQS || suppliers < MIN_GROUP_SUPPLIERS;
      return {
        period_start: d.period_start,
        product_category: d.category_id,
        withheld,
        rfq_count: withheld ? null : rfqCount,
        avg_quantity: withheld ? null : Math.round(Number(d.avg_quantity) * 10) / 10,
        avg_unit_price_zar: withheld || !qd ? null : Math.round(Number(qd.avg_unit_price_cents)) / 100,
        supplier_count: withheld ? null : suppliers,
      };
    })
    .sort((a, b) => a.period_start.localeCompare(b.period_start) || a.product_category.localeCompare(b.product_category));
  return { period: q.period, region: q.region ?? null, trends };
}

const DAY_MS = 86_400_000;
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

/** Demand per category over the last `days`: small groups withheld, cities named only with enough RFQs. */
export async function marketIntelligence(database: Database, q: SpanQuery, now: Date): Promise<MarketIntelligence> {
  const filter = { from: new Date(now.getTime() - q.days * DAY_MS).toISOString(), categoryId: q.category };
  const [demand, suppliers, cities] = await Promise.all([
    demandByCategory(database.db, filter),
    quotingSuppliersByCategory(database.db, filter),
    demandByCategoryAndCity(database.db, filter),
  ]);
  const quotedBy = new Map(suppliers.map((s) => [s.category_id, s]));
  const categories = demand
    .map((d) => {
      const rfqs = Number(d.rfq_count);
      const quoted = quotedBy.get(d.category_id);
      const quoting = Number(quoted?.supplier_count ?? 0);
      const withheld = rfqs < MIN_GROUP_RFQS || quoting < MIN_GROUP_SUPPLIERS;
      const topCities = withheld
        ? []
        : cities
            .filter((c) => c.category_id === d.category_id && Number(c.rfq_count) >= MIN_GROUP_RFQS)
            .map((c) => ({ city_code: c.city_id!, rfq_count: Number(c.rfq_count) }))
            .sort((a, b) => b.rfq_count - a.rfq_count || a.city_code.localeCompare(b.city_code))
            .slice(0, 5);
      return {
        product_category: d.category_id,
        withheld,
        rfq_count: withheld ? null : rfqs,
        avg_quantity: withheld ? null : round(Number(d.avg_quantity)),
        avg_quotes_per_rfq: withheld ? null : round(Number(d.avg_quotes)),
        firm_quote_count: withheld ? null : Number(quoted?.firm_count ?? 0),
        supplier_count: withheld ? null : quoting,
        top_cities: topCities,
      };
    })
    .sort((a, b) => a.product_category.localeCompare(b.product_category));
  return { days: q.days, categories };
}

/** What buyers asked for over the last `days`; a breakdown group under 5 RFQs is left out and counted. */
export async function rfqInsights(database: Database, q: SpanQuery, now: Date): Promise<RfqInsights> {
  const filter = { from: new Date(now.getTime() - q.days * DAY_MS).toISOString(), categoryId: q.category };
  const [summary, budget, quantity, region] = await Promise.all([
    intentSummary(database.db, filter),
    demandBy(database.db, 'budget', filter),
    demandBy(database.db, 'quantity', filter),
    demandBy(database.db, 'region', filter),
  ]);
  let withheld = 0;
  const keep = <K extends string>(rows: { key: string; rfq_count: number }[], name: K) =>
    rows.flatMap((r) => {
      if (Number(r.rfq_count) < MIN_GROUP_RFQS) {
        withheld++;
        return [];
      }
      return [{ [name]: r.key, rfq_count: Number(r.rfq_count) } as Record<K, string> & { rfq_count: number }];
    });
  const total = Number(summary.rfq_count);
  return {
    days: q.days,
    rfq_count: total,
    avg_intent_score: total < MIN_GROUP_RFQS ? null : round(Number(summary.avg_intent)),
    by_budget_range: keep(budget, 'budget_range_zar'),
    by_quantity_band: keep(quantity, 'quantity_band'),
    by_region: keep(region, 'region'),
    withheld_groups: withheld,
  };
}

/** Suppliers per category and home region; a group of fewer than 3 suppliers is withheld. */
export async function supplierMetrics(database: Database, q: SupplierQuery, now: Date): Promise<SupplierMetrics> {
  const from = scorecardWindow(now.getTime()).from;
  const rows = await suppliersByCategoryAndRegion(database.db, { from, categoryId: q.category, region: q.region, minRating: q.min_rating });
  return {
    groups: rows
      .map((r) => {
        const count = Number(r.supplier_count);
        const withheld = count < MIN_GROUP_SUPPLIERS;
        return {
          product_category: r.category_id,
          region: r.region,
          withheld,
          supplier_count: withheld ? null : count,
          verified_count: withheld ? null : Number(r.verified_count),
          // The buyers' averages of suppliers with a record; a group of new suppliers only has none.
          avg_rating: withheld || r.avg_rating === null ? null : round(Number(r.avg_rating), 2),
          avg_response_hours: withheld ? null : round(Number(r.avg_response_hours)),
          // On time and in full, earned: new suppliers have no rate; avg() leaves them out, and a group of only them has none.
          avg_on_time_rate: withheld || r.avg_on_time_rate === null ? null : round(Number(r.avg_on_time_rate)),
        };
      })
      .sort((a, b) => a.product_category.localeCompare(b.product_category) || a.region.localeCompare(b.region)),
  };
}

/** Quotes per category and delivery region, in `supplier_responses` terms; small groups withheld. */
export async function supplierPerformance(database: Database, q: SupplierQuery, now: Date): Promise<SupplierPerformance> {
  const from = scorecardWindow(now.getTime()).from;
  const rows = await quotesByCategoryAndRegion(database.db, { from, categoryId: q.category, region: q.region, minRating: q.min_rating });
  return {
    groups: rows
      .map((r) => {
        const withheld = Number(r.supplier_count) < MIN_GROUP_SUPPLIERS || Number(r.rfq_count) < MIN_GROUP_RFQS;
        return {
          product_category: r.category_id,
          region: r.region,
          withheld,
          response_count: withheld ? null : Number(r.response_count),
          firm_response_count: withheld ? null : Number(r.firm_count),
          supplier_count: withheld ? null : Number(r.supplier_count),
          avg_quoted_price_zar: withheld ? null : Math.round(Number(r.avg_unit_price_cents)) / 100,
          avg_delivery_days: withheld ? null : round(Number(r.avg_delivery_days)),
          avg_supplier_rating: withheld || r.avg_rating === null ? null : round(Number(r.avg_rating), 2),
        };
      })
      .sort((a, b) => a.product_category.localeCompare(b.product_category) || a.region.localeCompare(b.region)),
  };
}
