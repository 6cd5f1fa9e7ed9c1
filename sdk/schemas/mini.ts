/**
 * The answers Procura's own browser pages read while a buyer fills in a form (the quote request
 * answers, suggestions, popular products, the live preview), written with `zod/mini` so that the
 * widget's iframe bundle carries only the parts of zod these checks use. Each is the same schema
 * as its counterpart in `rfq.ts`, `embed.ts` or `catalogue.ts`; a test compares their JSON
 * Schemas, so the two cannot drift apart.
 *
 * @module
 */
import * as z from 'zod/mini';
import { BBEE_EVIDENCE_KINDS, BBEE_LEVELS, BBEE_STATUSES } from '../bbee';
import { COMPANY_SIZES, COMPETITIVE_POSITIONS, EMAIL_NOT_SENT_REASONS, QUOTE_STATUSES, RFQ_STATUSES } from '../rules';

const int = () => z.number().check(z.int());
const score = () => z.number().check(z.int(), z.minimum(0), z.maximum(100));
const isoDate = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const supplier = z.object({
  id: int(),
  name: z.string(),
  location: z.string(),
  province: z.string(),
  rating: z.number(),
  record: z.optional(
    z.object({
      receipts: z.number().check(z.int(), z.minimum(0)),
      onTimeInFull: z.number().check(z.int(), z.minimum(0)),
      ratingAverage: z.nullable(z.number().check(z.minimum(1), z.maximum(5))),
      ratingCount: z.number().check(z.int(), z.minimum(0)),
      new: z.boolean(),
      text: z.string(),
      ratingText: z.string(),
    }),
  ),
  verified: z.boolean(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  responseTimeHours: z.nullable(int()),
  vatNumber: z.nullable(z.string()),
  registeredAddress: z.nullable(z.string()),
  bbee: z.object({
    level: z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(BBEE_LEVELS.length))),
    evidence: z.nullable(z.enum(BBEE_EVIDENCE_KINDS)),
    expiresOn: z.nullable(isoDate()),
    status: z.enum(BBEE_STATUSES),
    recognitionPercent: z.number().check(z.int(), z.minimum(0)),
  }),
});

const quoteLine = z.object({
  lineId: z.string(),
  productName: z.string(),
  quantity: int(),
  unit: z.string(),
  pricingBasis: z.enum(['price-list', 'category-estimate']),
  listUnitPrice: z.number(),
  unitPrice: z.number(),
  discountPercent: z.number(),
  totalPrice: z.number(),
  minimumOrderQuantity: int(),
  leadTime: z.string(),
  status: z.enum(['offered', 'accepted', 'not_selected', 'withdrawn']),
  firmedAt: z.optional(z.string()),
  indicativeUnitPrice: z.optional(z.number()),
  withdrawalReason: z.optional(z.string()),
});

const purchaseOrderSummary = z.object({
  purchaseOrderNumber: z.string(),
  issuedOn: isoDate(),
  deliverBy: isoDate(),
  lineIds: z.nullable(z.array(z.string())),
  status: z.enum(['sent', 'confirmed', 'cancelled']),
  promisedOn: isoDate(),
  deliveredOn: z.nullable(isoDate()),
  receipt: z.nullable(z.object({ receivedOn: isoDate(), inFull: z.boolean(), rating: z.number().check(z.int()), onTime: z.boolean() })),
});

const quote = z.object({
  id: z.string(),
  rank: z.number().check(z.int(), z.minimum(1)),
  supplier,
  productName: z.string(),
  quantity: int(),
  unit: z.string(),
  pricingBasis: z.enum(['price-list', 'category-estimate']),
  currency: z.literal('ZAR'),
  listUnitPrice: z.number(),
  unitPrice: z.number(),
  discountPercent: z.number(),
  totalPrice: z.number(),
  vatRate: z.number(),
  vatAmount: z.number(),
  totalPriceInclVat: z.number(),
  recognisedSpend: z.number(),
  minimumOrderQuantity: int(),
  leadTime: z.string(),
  leadTimeDays: z.object({ min: int(), max: int() }),
  validityPeriod: z.string(),
  validUntil: isoDate(),
  paymentTerms: z.string(),
  priceListDate: isoDate(),
  notes: z.string(),
  aiInsights: z.object({
    competitivePosition: z.enum(COMPETITIVE_POSITIONS),
    riskLevel: z.enum(['low', 'medium', 'high']),
    priceDifference: z.number(),
    recommendation: z.string(),
    qualityScore: score(),
    reliabilityRating: score(),
  }),
  status: z.enum(QUOTE_STATUSES),
  trackingToken: z.optional(z.string()),
  trackingUrl: z.optional(z.string()),
  createdAt: z.string(),
  firmedAt: z.optional(z.string()),
  indicativeUnitPrice: z.optional(z.number()),
  indicativeTotalPrice: z.optional(z.number()),
  supplierNote: z.optional(z.string()),
  withdrawalReason: z.optional(z.string()),
  lines: z.optional(z.array(quoteLine)),
  coverage: z.optional(z.object({ covered: int(), total: int(), text: z.string() })),
  minimumOrder: z.optional(z.number()),
  orders: z.optional(z.array(purchaseOrderSummary)),
});

const basketOption = z.object({
  lines: z.array(z.object({ lineId: z.string(), quoteId: z.nullable(z.string()) })),
  covered: int(),
  totalPrice: z.number(),
  vatAmount: z.number(),
  totalPriceInclVat: z.number(),
  deliveries: int(),
  suppliers: z.array(z.object({ quoteId: z.string(), lineIds: z.array(z.string()), totalPrice: z.number() })),
});

const basketSplit = z.object({
  split: basketOption,
  single: z.nullable(basketOption),
  saving: z.nullable(z.number()),
  extraDeliveries: int(),
  message: z.string(),
});

const matching = z.object({ requested: int(), matched: int(), message: z.string() });
const emailDelivery = z.object({ notSent: z.array(z.object({ email: z.string(), reason: z.enum(EMAIL_NOT_SENT_REASONS) })) });

/**
 * `rfqSubmitResponseSchema` in `zod/mini`: the answer to `POST /api/rfq`.
 *
 * @example
 * import { safeParse } from 'zod/v4/core';
 * safeParse(rfqSubmitResponseMini, await res.json()).success;
 */
export const rfqSubmitResponseMini = z.object({
  rfqId: z.string().check(z.regex(/^\d{15,}$/)),
  productName: z.string(),
  quantity: int(),
  unit: z.string(),
  deliveryLocation: z.string(),
  supplierCount: int(),
  primaryEmail: z.string(),
  companySize: z.nullable(z.enum(COMPANY_SIZES)),
  status: z.enum(RFQ_STATUSES),
  matching,
  quotes: z.array(quote),
  emailDelivery,
  demo: z._default(z.boolean(), false),
  createdAt: z.string(),
  lines: z.optional(z.array(z.object({ lineId: z.string(), productName: z.string(), quantity: int(), unit: z.string() }))),
  split: z.optional(basketSplit),
});

/**
 * `embedRfqResponseSchema` in `zod/mini`: the answer to `POST /api/embed/rfq`.
 *
 * @example
 * safeParse(embedRfqResponseMini, await res.json()).data?.quotes.length;
 */
export const embedRfqResponseMini = z.object({
  rfqId: z.string().check(z.regex(/^\d{15,}$/)),
  matching,
  quotes: z.array(quote),
  emailDelivery,
  demo: z._default(z.boolean(), false),
});

const productFields = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.string(),
  category: z.string(),
  categoryName: z.string(),
  avgPrice: z.number(),
  avgDelivery: z.string(),
  unitQuantity: z.nullable(z.number()),
  unitDescription: z.string(),
};

/**
 * `productSuggestionsSchema` in `zod/mini`: the answer to `GET /api/catalogue/products`.
 *
 * @example
 * safeParse(productSuggestionsMini, json).data?.suggestions[0]?.name;
 */
export const productSuggestionsMini = z.object({ suggestions: z.array(z.object(productFields)) });

/**
 * `locationSuggestionsSchema` in `zod/mini`: the answer to `GET /api/catalogue/locations`.
 *
 * @example
 * safeParse(locationSuggestionsMini, json).data?.suggestions[0]?.fullName;
 */
export const locationSuggestionsMini = z.object({
  suggestions: z.array(z.object({ id: z.string(), name: z.string(), province: z.string(), fullName: z.string(), note: z.nullable(z.string()) })),
});

/**
 * `popularProductsSchema` in `zod/mini`: the answer to `GET /api/catalogue/popular`.
 *
 * @example
 * safeParse(popularProductsMini, json).data?.products[0]?.rfqCount;
 */
export const popularProductsMini = z.object({ products: z.array(z.object({ ...productFields, rfqCount: int() })) });

/**
 * `quotePreviewSchema` in `zod/mini`: the answer to `GET /api/catalogue/preview`.
 *
 * @example
 * safeParse(quotePreviewMini, json).data?.costPreview.totalCost;
 */
export const quotePreviewMini = z.object({
  costPreview: z.object({
    totalCost: z.number(),
    vatRate: z.number(),
    totalCostInclVat: z.number(),
    unitPrice: z.number(),
    unitInfo: z.object({ unit: z.string(), unitDescription: z.string() }),
    priceRange: z.object({ min: z.number(), max: z.number() }),
    discount: z.number(),
    savings: z.number(),
    basis: z.enum(['catalogue-average', 'estimate']),
    note: z.string(),
  }),
  supplierMatch: z.object({
    totalSuppliers: int(),
    categoryName: z.string(),
    cityData: z.nullable(
      z.object({
        name: z.string(),
        province: z.string(),
        suppliers: int(),
        verifiedSuppliers: int(),
        coverage: z.enum(['verified', 'good', 'delivery', 'none']),
      }),
    ),
    expectedQuotes: int(),
    volumeCategory: z.enum(['bulk', 'medium', 'standard']),
    locationMatch: z.enum(['city', 'province', 'unknown', 'none']),
    locationAdvantage: z.boolean(),
    marketInsights: z.object({
      competition: z.enum(['high', 'medium', 'low']),
      availability: z.string(),
      recommendation: z.string(),
    }),
  }),
});
