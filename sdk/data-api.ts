/**
 * The data API's products, tiers and limits: what the docs pages show and what the server
 * enforces. Prices are monthly, in rand (spec 9).
 *
 * @module
 */

/**
 * The data products partners can buy, each a family of endpoints.
 *
 * @example
 * DATA_PRODUCTS['pricing-trends'].priceZar; // 800
 */
export const DATA_PRODUCTS = {
  'market-intelligence': { label: 'Market intelligence', priceZar: 500 },
  'pricing-trends': { label: 'Pricing trends', priceZar: 800 },
  'supplier-directory': { label: 'Supplier directory', priceZar: 1200 },
  'rfq-insights': { label: 'RFQ insights', priceZar: 2000 },
  'enterprise-package': { label: 'Enterprise package (all data, record-level procurement data)', priceZar: 5000 },
} as const;
/** One of {@link DATA_PRODUCTS}. */
export type DataProduct = keyof typeof DATA_PRODUCTS;

/**
 * The API tiers. Starter covers the two entry products, Professional adds the supplier
 * directory and RFQ insights, Enterprise is the enterprise package: every product, record-level
 * data, no hourly quota but a per-second safety cap.
 *
 * @example
 * API_TIERS.starter.hourlyQuota; // 1000
 */
export const API_TIERS = {
  starter: { label: 'Starter', hourlyQuota: 1000, perSecondCap: null, products: ['market-intelligence', 'pricing-trends'] },
  professional: {
    label: 'Professional',
    hourlyQuota: 10_000,
    perSecondCap: null,
    products: ['market-intelligence', 'pricing-trends', 'supplier-directory', 'rfq-insights'],
  },
  enterprise: {
    label: 'Enterprise',
    hourlyQuota: null,
    perSecondCap: 50,
    products: ['market-intelligence', 'pricing-trends', 'supplier-directory', 'rfq-insights', 'enterprise-package'],
  },
} as const satisfies Record<string, { label: string; hourlyQuota: number | null; perSecondCap: number | null; products: readonly DataProduct[] }>;
/** One of {@link API_TIERS}. */
export type ApiTier = keyof typeof API_TIERS;

/** The tier a new partner starts on. */
export const DEFAULT_TIER: ApiTier = 'starter';
/** Most records one data request answers (spec 9). */
export const MAX_RECORDS_PER_REQUEST = 1000;
/**
 * A buyer's e-mail addresses, name and company are deleted within this many hours of their
 * request; the request stays, anonymous.
 *
 * @example
 * `Personal data is deleted within ${PERSONAL_DATA_HOURS} hours.`
 */
export const PERSONAL_DATA_HOURS = 72;

/** Aggregates over fewer RFQs than this are withheld. */
export const MIN_GROUP_RFQS = 5;
/** Aggregates over fewer suppliers than this are withheld. */
export const MIN_GROUP_SUPPLIERS = 3;
/** How API keys begin, so people and scanners recognise them. */
export const API_KEY_PREFIX = 'procura_live_';

/** Partner registration choices (spec 5). */
export const BUSINESS_TYPES = ['ecommerce', 'directory', 'marketplace', 'portal', 'media', 'software', 'other'] as const;
export const INTEGRATION_TYPES = ['widget', 'api', 'both', 'enterprise'] as const;
export const TRAFFIC_BANDS = ['under-1k', '1k-10k', '10k-50k', '50k-100k', '100k-plus'] as const;

/** Partner registration's field messages, word for word (spec 5). */
export const PARTNER_MESSAGES = {
  companyName: 'Company name required',
  contactEmail: 'Valid email required',
  contactName: 'Contact name required',
  website: 'Valid website URL required',
  businessType: 'Please select business type',
  integrationType: 'Please select integration type',
  monthlyTraffic: 'Please select traffic volume',
  useCase: 'Please describe your use case (minimum 20 characters)',
} as const;

/** What the page says when registration fails (spec 8). */
export const REGISTRATION_FAILED = 'Registration failed. Please try again or contact support.';
