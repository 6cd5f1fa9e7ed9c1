import { z } from 'zod';
import { MAX_RECORDS_PER_REQUEST } from '../data-api';
import { numberInput } from '../numbers';
import { COMPANY_SIZES } from '../rules';

const message = (name: string, rule: string) => `${name} ${rule}`;
const slug = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/, { error: message(name, 'must be an id such as "durban" or "disinfectants"') });

/** Unknown query parameters are named in the answer. */
const strict = {
  error: (issue: { code: string; keys?: string[] }) => (issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys!.join(', ')}` : undefined),
};

/** A paging cursor from a previous answer's `next_cursor`. */
const cursor = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, { error: message('cursor', 'must be the next_cursor of a previous answer') });

/**
 * The query of `GET /api/v2/procurement-data`.
 *
 * @example
 * procurementDataQuerySchema.parse({ start_date: '2026-11-01', city_code: 'durban', limit: '500' });
 */
export const procurementDataQuerySchema = z.strictObject(
  {
    start_date: z.iso.date({ error: message('start_date', 'must be a date as YYYY-MM-DD') }).optional(),
    city_code: slug('city_code').optional(),
    product_category: slug('product_category').optional(),
    limit: z.preprocess(
      numberInput,
      z
        .number({ error: message('limit', `must be a whole number from 1 to ${MAX_RECORDS_PER_REQUEST}`) })
        .int({ error: message('limit', `must be a whole number from 1 to ${MAX_RECORDS_PER_REQUEST}`) })
        .min(1, { error: message('limit', `must be a whole number from 1 to ${MAX_RECORDS_PER_REQUEST}`) })
        .max(MAX_RECORDS_PER_REQUEST, { error: message('limit', `must be a whole number from 1 to ${MAX_RECORDS_PER_REQUEST}`) })
        // Inside the preprocess, so the API document shows the default: zod drops one outside a pipe.
        .default(100),
    ),
    cursor: cursor.optional(),
  },
  strict,
);
/**
 * The parsed query of `GET /api/v2/procurement-data`.
 *
 * @example
 * const query: ProcurementDataQuery = procurementDataQuerySchema.parse({ limit: '1000' });
 */
export type ProcurementDataQuery = z.infer<typeof procurementDataQuerySchema>;

/**
 * One RFQ in the documented `rfq_submissions` shape: no e-mail, name or company. `rfq_ref` is a
 * random pseudonym of the request, never its `rfqId` (the buyer's request number); the timestamp is
 * cut to the hour. A basket (one request of many products) is published a record per line, each
 * with the basket's `rfq_ref` and its own `line_number` (1, 2, …; null for a single product).
 * `intent_score` (0-100): 20, plus 25 with a budget band, 20 with a company name, 15 for 100 or
 * more units, 10 with a contact name, 10 when colleagues are copied in.
 *
 * @example
 * rfqSubmissionRecordSchema.parse(page.results[0]).intent_score;
 */
export const rfqSubmissionRecordSchema = z.object({
  rfq_ref: z.string().regex(/^r_[0-9a-f]{20}$/),
  submission_timestamp: z.string(),
  product_category: z.string(),
  quantity_requested: z.number().int(),
  budget_range_zar: z.string().nullable(),
  city_code: z.string().nullable(),
  /** The buyer's stated company size, or `unknown` when none was given. */
  company_size: z.enum([...COMPANY_SIZES, 'unknown']),
  intent_score: z.number().int().min(0).max(100),
  line_number: z.number().int().min(1).nullable().default(null),
});
/**
 * One record of `GET /api/v2/procurement-data`.
 *
 * @example
 * const hot = (r: RfqSubmissionRecord) => r.intent_score >= 70;
 */
export type RfqSubmissionRecord = z.infer<typeof rfqSubmissionRecordSchema>;

/**
 * The answer to `GET /api/v2/procurement-data`: at most `limit` records, and a cursor while more remain.
 *
 * @example
 * const { results, has_more, next_cursor } = procurementDataSchema.parse(await res.json());
 */
export const procurementDataSchema = z.object({
  results: z.array(rfqSubmissionRecordSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
/**
 * One page of `GET /api/v2/procurement-data`.
 *
 * @example
 * const page: ProcurementData = await procura.data.procurementData({ limit: 1000 });
 */
export type ProcurementData = z.infer<typeof procurementDataSchema>;

/**
 * Periods of the market trends.
 *
 * @example
 * TREND_PERIODS.map((period) => <option key={period}>{period}</option>);
 */
export const TREND_PERIODS = ['week', 'month', 'quarter'] as const;

/**
 * The query of `GET /api/v2/market-trends`.
 *
 * @example
 * marketTrendsQuerySchema.parse({ period: 'month', category: 'disinfectants', region: 'gauteng' });
 */
export const marketTrendsQuerySchema = z.strictObject(
  {
    period: z.enum(TREND_PERIODS, { error: message('period', 'must be week, month or quarter') }).default('month'),
    category: slug('category').optional(),
    region: slug('region').optional(),
  },
  strict,
);
/**
 * The parsed query of `GET /api/v2/market-trends`.
 *
 * @example
 * const query: MarketTrendsQuery = marketTrendsQuerySchema.parse({});
 * query.period; // 'month'
 */
export type MarketTrendsQuery = z.infer<typeof marketTrendsQuerySchema>;

/**
 * One period of one category's demand and quoted prices. A group of fewer than 5 RFQs or 3
 * quoting suppliers is reported with `withheld: true` and no figures.
 *
 * @example
 * marketTrendSchema.parse(trends.trends[0]).avg_unit_price_zar;
 */
export const marketTrendSchema = z.object({
  period_start: z.string(),
  product_category: z.string(),
  withheld: z.boolean(),
  rfq_count: z.number().int().nullable(),
  avg_quantity: z.number().nullable(),
  avg_unit_price_zar: z.number().nullable(),
  supplier_count: z.number().int().nullable(),
});
/**
 * The answer to `GET /api/v2/market-trends` (also `/api/data/pricing-trends`).
 *
 * @example
 * const { trends } = marketTrendsSchema.parse(await res.json());
 */
export const marketTrendsSchema = z.object({ period: z.enum(TREND_PERIODS), region: z.string().nullable(), trends: z.array(marketTrendSchema) });
/**
 * The answer to `GET /api/v2/market-trends`.
 *
 * @example
 * const trends: MarketTrends = await procura.data.marketTrends({ period: 'quarter' });
 */
export type MarketTrends = z.infer<typeof marketTrendsSchema>;

const days = z.preprocess(
  numberInput,
  z
    .number({ error: message('days', 'must be a whole number from 1 to 365') })
    .int({ error: message('days', 'must be a whole number from 1 to 365') })
    .min(1, { error: message('days', 'must be a whole number from 1 to 365') })
    .max(365, { error: message('days', 'must be a whole number from 1 to 365') })
    .default(30),
);

/**
 * The query of the market intelligence and RFQ insights endpoints: a span of days and a category.
 *
 * @example
 * spanQuerySchema.parse({ days: '90', category: 'sanitizers' });
 */
export const spanQuerySchema = z.strictObject({ days, category: slug('category').optional() }, strict);
/**
 * The parsed span query.
 *
 * @example
 * const query: SpanQuery = spanQuerySchema.parse({});
 * query.days; // 30
 */
export type SpanQuery = z.infer<typeof spanQuerySchema>;

/**
 * Demand per category over the span, a basket's lines each in its own category: RFQs, average
 * quantity, average quotes per product asked for, the quotes made firm, quoting suppliers and the
 * cities with enough RFQs to name. Small groups are withheld.
 *
 * @example
 * const { categories } = marketIntelligenceSchema.parse(await res.json());
 */
export const marketIntelligenceSchema = z.object({
  days: z.number().int(),
  categories: z.array(
    z.object({
      product_category: z.string(),
      withheld: z.boolean(),
      rfq_count: z.number().int().nullable(),
      avg_quantity: z.number().nullable(),
      avg_quotes_per_rfq: z.number().nullable(),
      /** The category's quotes over the span that their suppliers made firm; absent from older servers' answers, read as null. */
      firm_quote_count: z.number().int().nullable().default(null),
      supplier_count: z.number().int().nullable(),
      top_cities: z.array(z.object({ city_code: z.string(), rfq_count: z.number().int() })),
    }),
  ),
});
/**
 * The answer to `GET /api/data/market-intelligence`.
 *
 * @example
 * const intelligence: MarketIntelligence = await procura.data.marketIntelligence({ days: 30 });
 */
export type MarketIntelligence = z.infer<typeof marketIntelligenceSchema>;

/**
 * What buyers ask for over the span: counts by budget band, quantity band and region, and the mean intent score.
 *
 * @example
 * rfqInsightsSchema.parse(await res.json()).avg_intent_score;
 */
export const rfqInsightsSchema = z.object({
  days: z.number().int(),
  rfq_count: z.number().int(),
  avg_intent_score: z.number().nullable(),
  by_budget_range: z.array(z.object({ budget_range_zar: z.string(), rfq_count: z.number().int() })),
  by_quantity_band: z.array(z.object({ quantity_band: z.string(), rfq_count: z.number().int() })),
  by_region: z.array(z.object({ region: z.string(), rfq_count: z.number().int() })),
  withheld_groups: z.number().int(),
});
/**
 * The answer to `GET /api/data/rfq-insights`.
 *
 * @example
 * const insights: RfqInsights = await procura.data.rfqInsights();
 */
export type RfqInsights = z.infer<typeof rfqInsightsSchema>;

/**
 * The query of the supplier directory and supplier performance endpoints.
 *
 * @example
 * supplierQuerySchema.parse({ region: 'gauteng', min_rating: '4' });
 */
export const supplierQuerySchema = z.strictObject(
  {
    category: slug('category').optional(),
    region: slug('region').optional(),
    min_rating: z
      .preprocess(
        numberInput,
        z
          .number({ error: message('min_rating', 'must be a number from 1 to 5') })
          .min(1, { error: message('min_rating', 'must be a number from 1 to 5') })
          .max(5, { error: message('min_rating', 'must be a number from 1 to 5') }),
      )
      .optional(),
  },
  strict,
);
/**
 * The parsed supplier query.
 *
 * @example
 * const query: SupplierQuery = { category: 'gloves', min_rating: 4 };
 */
export type SupplierQuery = z.infer<typeof supplierQuerySchema>;

/**
 * Suppliers per category and region: how many, how many verified, and their averages; never one supplier alone.
 *
 * @example
 * supplierMetricsSchema.parse(await res.json()).groups.filter((g) => !g.withheld);
 */
export const supplierMetricsSchema = z.object({
  groups: z.array(
    z.object({
      product_category: z.string(),
      region: z.string(),
      withheld: z.boolean(),
      supplier_count: z.number().int().nullable(),
      verified_count: z.number().int().nullable(),
      avg_rating: z.number().nullable(),
      avg_response_hours: z.number().nullable(),
      avg_on_time_rate: z.number().nullable(),
    }),
  ),
});
/**
 * The answer to `GET /api/v1/suppliers/metrics`.
 *
 * @example
 * const metrics: SupplierMetrics = await procura.data.supplierMetrics({ region: 'gauteng' });
 */
export type SupplierMetrics = z.infer<typeof supplierMetricsSchema>;

/**
 * Quotes per category and region in the documented `supplier_responses` terms, a basket quote's
 * lines each in its own category; `firm_response_count` counts those their suppliers made firm.
 *
 * @example
 * supplierPerformanceSchema.parse(await res.json()).groups[0]?.avg_delivery_days;
 */
export const supplierPerformanceSchema = z.object({
  groups: z.array(
    z.object({
      product_category: z.string(),
      region: z.string(),
      withheld: z.boolean(),
      response_count: z.number().int().nullable(),
      /** The group's quotes that their suppliers made firm; absent from older servers' answers, read as null. */
      firm_response_count: z.number().int().nullable().default(null),
      supplier_count: z.number().int().nullable(),
      avg_quoted_price_zar: z.number().nullable(),
      avg_delivery_days: z.number().nullable(),
      avg_supplier_rating: z.number().nullable(),
    }),
  ),
});
/**
 * The answer to `GET /api/v2/supplier-performance`.
 *
 * @example
 * const performance: SupplierPerformance = await procura.data.supplierPerformance({ category: 'sanitizers' });
 */
export type SupplierPerformance = z.infer<typeof supplierPerformanceSchema>;
