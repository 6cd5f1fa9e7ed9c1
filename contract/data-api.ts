/**
 * The data API's products, tiers and limits: what the docs pages show and what the server
 * enforces. Prices are monthly, in rand.
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
/**
 * One of {@link DATA_PRODUCTS}.
 *
 * @example
 * const product: DataProduct = 'pricing-trends';
 * DATA_PRODUCTS[product].priceZar;
 */
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
/**
 * One of {@link API_TIERS}.
 *
 * @example
 * const tier: ApiTier = 'professional';
 * API_TIERS[tier].hourlyQuota; // 10000
 */
export type ApiTier = keyof typeof API_TIERS;

/**
 * The tier a new partner starts on.
 *
 * @example
 * API_TIERS[DEFAULT_TIER].label; // 'Starter'
 */
export const DEFAULT_TIER: ApiTier = 'starter';
/**
 * A buyer's e-mail addresses, name and company are deleted this many hours after their request
 * ends (see {@link PERSONAL_DATA_RETENTION}); the request stays, anonymous.
 *
 * @example
 * `Personal data is deleted ${PERSONAL_DATA_HOURS} hours after the request ends.`
 */
export const PERSONAL_DATA_HOURS = 72;

/**
 * When a buyer's personal details are deleted, in the words every page and document uses: the
 * supplier whose quote is accepted needs the contact until it has answered.
 *
 * @example
 * `Your details are deleted ${PERSONAL_DATA_RETENTION}.`
 */
export const PERSONAL_DATA_RETENTION = `${PERSONAL_DATA_HOURS} hours after the request ends (when the buyer closes it, when the supplier whose quote the buyer accepted confirms, or when no quote is left to accept), and at the latest ${PERSONAL_DATA_HOURS} hours after its last quote’s validity ends`;

/**
 * Aggregates over fewer RFQs than this are withheld.
 *
 * @example
 * const withheld = rfqCount < MIN_GROUP_RFQS;
 */
export const MIN_GROUP_RFQS = 5;
/**
 * Aggregates over fewer suppliers than this are withheld.
 *
 * @example
 * const withheld = supplierCount < MIN_GROUP_SUPPLIERS;
 */
export const MIN_GROUP_SUPPLIERS = 3;
/**
 * How API keys begin, so people and scanners recognise them.
 *
 * @example
 * if (!key.startsWith(API_KEY_PREFIX)) throw new Error('Not a Procura API key');
 */
export const API_KEY_PREFIX = 'procura_live_';
/**
 * What the page says when registration fails.
 *
 * @example
 * setError(REGISTRATION_FAILED);
 */
export const REGISTRATION_FAILED = 'Registration failed. Please try again or contact support.';
