/**
 * `procura`: a typed client of Procura's API ({@link createClient}), its errors, and the zod
 * schemas of every request and response, the same ones the server checks.
 *
 * @example
 * import { createClient, isHttpError } from 'procura';
 *
 * const procura = createClient({ baseUrl: 'https://procura.example' });
 * const rfq = await procura.rfq.get('123456789012345678');
 *
 * @packageDocumentation
 * @module procura
 */
// Each name is listed, so that what partners use is all the package ships and a new export is a
// decision (sdk/package.test.ts holds the same list). The application's own rules, messages and
// formatters live in the modules beside this one, or in contract/, and are imported from there.
export { VERSION } from './version';
export { createClient } from './client/client';
export type {
  CallOptions,
  ClientOptions,
  MarketTrendsParams,
  ProcuraClient,
  ProcurementDataParams,
  RateLimit,
  SpanParams,
  SubmitOptions,
  SupplierParams,
  WithQuantity,
} from './client/client';
export type { BasketInput, FormCalls, PreviewParams, WidgetLoadInput } from './client/forms';
export {
  fieldMessages,
  HttpError,
  isHttpError,
  isNetworkError,
  isProcuraError,
  isResponseValidationError,
  isTimeoutError,
  NetworkError,
  ProcuraError,
  ResponseValidationError,
  TimeoutError,
} from './client/errors';
export { errorBodySchema, validationDetailsSchema } from './schemas/common';
export type { ErrorBody } from './schemas/common';
export {
  acceptQuoteSchema,
  aiInsightsSchema,
  basketLineSchema,
  basketOptionSchema,
  basketSplitSchema,
  bbeeStandingSchema,
  emailDeliverySchema,
  matchingSchema,
  orderDetailsSchema,
  purchaseOrderQuerySchema,
  purchaseOrderSummarySchema,
  quoteActionResponseSchema,
  quoteLineSchema,
  quoteSchema,
  RISK_LEVELS,
  rfqBasketSubmissionSchema,
  rfqLineSchema,
  rfqPathSchema,
  rfqSchema,
  rfqSubmissionSchema,
  rfqSubmitResponseSchema,
  supplierSchema,
  trackedQuoteResponseSchema,
  trackedQuoteSchema,
  trackingPathSchema,
  trackingQuerySchema,
} from './schemas/rfq';
export type {
  AcceptQuoteInput,
  AiInsights,
  BasketLine,
  BasketOption,
  BasketSplit,
  OrderDetails,
  OrderDetailsInput,
  PurchaseOrderSummary,
  Quote,
  QuoteActionResponse,
  QuoteLine,
  Rfq,
  RfqBasketSubmission,
  RfqBasketSubmissionInput,
  RfqLine,
  RfqSubmission,
  RfqSubmissionInput,
  RfqSubmitResponse,
  Supplier,
  TrackedQuote,
  TrackedQuoteResponse,
} from './schemas/rfq';
export { supplierResponsePathSchema, supplierResponseSchema, supplierWithdrawalSchema } from './schemas/supplier-responses';
export type { SupplierResponse, SupplierWithdrawalInput } from './schemas/supplier-responses';
export {
  catalogueSearchQuerySchema,
  COVERAGE_LEVELS,
  costPreviewSchema,
  locationSuggestionSchema,
  locationSuggestionsSchema,
  popularProductSchema,
  popularProductsSchema,
  popularQuerySchema,
  productSuggestionSchema,
  productSuggestionsSchema,
  quotePreviewQuerySchema,
  quotePreviewSchema,
  supplierMatchSchema,
} from './schemas/catalogue';
export type {
  CostPreview,
  CoverageLevel,
  LocationSuggestion,
  PopularProduct,
  ProductSuggestion,
  QuotePreview,
  QuotePreviewQuery,
  SupplierMatch,
} from './schemas/catalogue';
export { embedRfqResponseSchema, embedRfqSchema, QUANTITY_BANDS, recentEmbedRfqSchema, recentEmbedRfqsSchema, widgetLoadSchema } from './schemas/embed';
export type { EmbedRfqInput, EmbedRfqResponse, RecentEmbedRfqs, WidgetLoad } from './schemas/embed';
export {
  partnerAnalyticsSchema,
  partnerCredentialsSchema,
  partnerHostInputSchema,
  partnerHostsSchema,
  partnerProfileSchema,
  partnerRegistrationSchema,
} from './schemas/partners';
export type {
  PartnerAnalytics,
  PartnerCredentials,
  PartnerHostInput,
  PartnerHosts,
  PartnerProfile,
  PartnerRegistration,
  PartnerRegistrationInput,
} from './schemas/partners';
export {
  marketIntelligenceSchema,
  marketTrendSchema,
  marketTrendsQuerySchema,
  marketTrendsSchema,
  procurementDataQuerySchema,
  procurementDataSchema,
  rfqInsightsSchema,
  rfqSubmissionRecordSchema,
  spanQuerySchema,
  supplierMetricsSchema,
  supplierPerformanceSchema,
  supplierQuerySchema,
  TREND_PERIODS,
} from './schemas/data';
export type {
  MarketIntelligence,
  MarketTrends,
  MarketTrendsQuery,
  ProcurementData,
  ProcurementDataQuery,
  RfqInsights,
  RfqSubmissionRecord,
  SpanQuery,
  SupplierMetrics,
  SupplierPerformance,
  SupplierQuery,
} from './schemas/data';
export { categoryFiguresSchema, cityFiguresSchema, sectorFiguresSchema, siteFiguresSchema, siteVerificationSchema } from './schemas/site';
export type { CategoryFigures, CityFigures, SectorFigures, SiteFigures, SiteVerification } from './schemas/site';
export { openApiDocumentSchema, openApiOperationSchema } from './schemas/openapi';
export type { OpenApiDocument, OpenApiOperation } from './schemas/openapi';
