import { z } from 'zod';
import { randSchema } from './common';
import { singleLine } from './text';
import { numberInput } from '../numbers';

/**
 * A catalogue product as the form suggests it. `avgPrice` is the average of the suppliers'
 * current list prices, in rand per `unit`.
 *
 * @example
 * const { suggestions } = productSuggestionsSchema.parse(await res.json());
 */
export const productSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.string(),
  category: z.string(),
  categoryName: z.string(),
  avgPrice: randSchema,
  avgDelivery: z.string(),
  unitQuantity: z.number().nullable(),
  unitDescription: z.string(),
});
/**
 * A catalogue product as the form suggests it.
 *
 * @example
 * const first: ProductSuggestion | undefined = productSuggestionsSchema.parse(json).suggestions[0];
 */
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;

/**
 * The answer to `GET /api/catalogue/products`.
 *
 * @example
 * const { suggestions } = productSuggestionsSchema.parse(await (await fetch('/api/catalogue/products?q=bleach')).json());
 */
export const productSuggestionsSchema = z.object({ suggestions: z.array(productSuggestionSchema) });

/**
 * A product with the number of requests buyers sent for it this calendar month.
 *
 * @example
 * popularProductsSchema.parse(json).products[0].rfqCount;
 */
export const popularProductSchema = productSuggestionSchema.extend({ rfqCount: z.number().int() });
/**
 * A product with this month's request count.
 *
 * @example
 * const top: PopularProduct | undefined = popularProductsSchema.parse(json).products[0];
 */
export type PopularProduct = z.infer<typeof popularProductSchema>;
/**
 * The answer to `GET /api/catalogue/popular`.
 *
 * @example
 * popularProductsSchema.parse(await (await fetch('/api/catalogue/popular')).json());
 */
export const popularProductsSchema = z.object({ products: z.array(popularProductSchema) });

/**
 * A delivery location suggestion: a city, and how the typed text named it when that was not by
 * the city's own name ('Also called Jozi', 'Formerly Port Elizabeth', 'Includes Sandton').
 *
 * @example
 * locationSuggestionsSchema.parse(json).suggestions[0].fullName; // 'Durban, KwaZulu-Natal'
 */
export const locationSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  province: z.string(),
  fullName: z.string(),
  note: z.string().nullable(),
});
/**
 * A delivery location suggestion.
 *
 * @example
 * const city: LocationSuggestion = { id: 'johannesburg', name: 'Johannesburg', province: 'Gauteng', fullName: 'Johannesburg, Gauteng', note: 'Also called Jozi' };
 */
export type LocationSuggestion = z.infer<typeof locationSuggestionSchema>;
/**
 * The answer to `GET /api/catalogue/locations`.
 *
 * @example
 * locationSuggestionsSchema.parse(await (await fetch('/api/catalogue/locations?q=dur')).json());
 */
export const locationSuggestionsSchema = z.object({ suggestions: z.array(locationSuggestionSchema) });

/**
 * How well a city is served: suppliers based there are verified, many deliver, some deliver, none.
 *
 * @example
 * COVERAGE_LEVELS.indexOf(preview.supplierMatch.cityData?.coverage ?? 'none');
 */
export const COVERAGE_LEVELS = ['verified', 'good', 'delivery', 'none'] as const;
/**
 * One of {@link COVERAGE_LEVELS}.
 *
 * @example
 * const coverage: CoverageLevel = 'good';
 */
export type CoverageLevel = (typeof COVERAGE_LEVELS)[number];

/**
 * The live cost preview of the form's sidebar.
 *
 * @example
 * costPreviewSchema.parse(json.costPreview).totalCost;
 */
export const costPreviewSchema = z.object({
  /** The order's estimated total excl. VAT, the volume discount taken off. */
  totalCost: randSchema,
  /** The VAT rate quotes are made with (0.15 is 15 %). */
  vatRate: z.number(),
  /** `totalCost` with VAT at `vatRate`. */
  totalCostInclVat: randSchema,
  unitPrice: randSchema,
  unitInfo: z.object({ unit: z.string(), unitDescription: z.string() }),
  priceRange: z.object({ min: randSchema, max: randSchema }),
  discount: z.number(),
  savings: randSchema,
  basis: z.enum(['catalogue-average', 'estimate']),
  /** Where the unit price comes from, in a sentence: the catalogue average, or which estimate of the spec's rule. */
  note: z.string(),
});
/**
 * The live cost preview.
 *
 * @example
 * const { totalCost, unitPrice }: CostPreview = quotePreviewSchema.parse(json).costPreview;
 */
export type CostPreview = z.infer<typeof costPreviewSchema>;

/**
 * The sidebar's supplier matching panel, counted from the suppliers Procura holds.
 *
 * @example
 * supplierMatchSchema.parse(json.supplierMatch).expectedQuotes;
 */
export const supplierMatchSchema = z.object({
  totalSuppliers: z.number().int(),
  categoryName: z.string(),
  cityData: z
    .object({
      name: z.string(),
      province: z.string(),
      /** Suppliers in good standing based in the city. */
      suppliers: z.number().int(),
      /** The verified ones among them. */
      verifiedSuppliers: z.number().int(),
      coverage: z.enum(COVERAGE_LEVELS),
    })
    .nullable(),
  expectedQuotes: z.number().int(),
  volumeCategory: z.enum(['bulk', 'medium', 'standard']),
  /**
   * How the delivery location was read: a city (by any of its names), a province, a place
   * Procura does not know (`marketInsights.availability` says how to name it; a request for it is
   * refused), or none given yet.
   */
  locationMatch: z.enum(['city', 'province', 'unknown', 'none']),
  locationAdvantage: z.boolean(),
  marketInsights: z.object({
    competition: z.enum(['high', 'medium', 'low']),
    availability: z.string(),
    recommendation: z.string(),
  }),
});
/**
 * The sidebar's supplier matching panel.
 *
 * @example
 * const { expectedQuotes }: SupplierMatch = quotePreviewSchema.parse(json).supplierMatch;
 */
export type SupplierMatch = z.infer<typeof supplierMatchSchema>;

/**
 * The answer to `GET /api/catalogue/preview`.
 *
 * @example
 * quotePreviewSchema.parse(await (await fetch('/api/catalogue/preview?productName=Bleach&quantity=40&deliveryLocation=Durban')).json());
 */
export const quotePreviewSchema = z.object({
  costPreview: costPreviewSchema,
  supplierMatch: supplierMatchSchema,
});
/**
 * The answer to `GET /api/catalogue/preview`.
 *
 * @example
 * const preview: QuotePreview = quotePreviewSchema.parse(json);
 */
export type QuotePreview = z.infer<typeof quotePreviewSchema>;

/**
 * Query of `GET /api/catalogue/preview`. Values the form has not filled yet may be left out.
 *
 * @example
 * quotePreviewQuerySchema.parse({ productName: 'Bleach', quantity: '40', deliveryLocation: 'Durban' });
 */
export const quotePreviewQuerySchema = z.object({
  productName: z.string().trim().check(singleLine('Product name')).max(200).default(''),
  quantity: z.preprocess(
    (v) => (v === undefined || v === '' ? 1 : numberInput(v)),
    z.number({ error: 'Quantity must be a number' }).finite({ error: 'Quantity must be a number' }).min(0).max(1_000_000),
  ),
  deliveryLocation: z.string().trim().check(singleLine('Delivery location')).max(120).default(''),
  supplierCount: z.preprocess(
    (v) => (v === undefined || v === '' ? 3 : numberInput(v)),
    z.number({ error: 'Please select number of suppliers' }).int().min(1).max(10),
  ),
});

/**
 * A parsed {@link quotePreviewQuerySchema}.
 *
 * @example
 * const query: QuotePreviewQuery = { productName: 'Bleach', quantity: 40, deliveryLocation: 'Durban' };
 */
export type QuotePreviewQuery = z.output<typeof quotePreviewQuerySchema>;

/**
 * The query of `GET /api/catalogue/products` and `/locations`: the typed text.
 *
 * @example
 * catalogueSearchQuerySchema.parse({ q: 'bleach' });
 */
export const catalogueSearchQuerySchema = z.object({
  q: z.string().check(singleLine('Search text')).max(100, { error: 'Search text must be at most 100 characters' }).default(''),
});

/**
 * The query of `GET /api/catalogue/popular`: how many products, 1 to 50 (8 when not given).
 *
 * @example
 * popularQuerySchema.parse({ limit: '6' });
 */
export const popularQuerySchema = z.object({
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? 8 : numberInput(v)),
    z
      .number({ error: 'limit must be a number from 1 to 50' })
      .int({ error: 'limit must be a number from 1 to 50' })
      .min(1, { error: 'limit must be a number from 1 to 50' })
      .max(50, { error: 'limit must be a number from 1 to 50' }),
  ),
});
