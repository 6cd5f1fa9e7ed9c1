/**
 * The data API's request limit and the choices and messages of partner registration, which the
 * package's schemas are built from. The products, tiers and prices the pages show and the server
 * enforces are the application's (`contract/data-api.ts`).
 *
 * @module
 */

/**
 * Most records one data request answers.
 *
 * @example
 * await procura.data.procurementData({ limit: MAX_RECORDS_PER_REQUEST });
 */
export const MAX_RECORDS_PER_REQUEST = 1000;
/**
 * Partner registration choices.
 *
 * @example
 * BUSINESS_TYPES.map((type) => <option key={type}>{type}</option>);
 */
export const BUSINESS_TYPES = ['ecommerce', 'directory', 'marketplace', 'portal', 'media', 'software', 'other'] as const;
/**
 * How a partner means to integrate: the widget, the data API, both, or an enterprise agreement.
 *
 * @example
 * const integration: (typeof INTEGRATION_TYPES)[number] = 'both';
 */
export const INTEGRATION_TYPES = ['widget', 'api', 'both', 'enterprise'] as const;
/**
 * A partner's monthly visitors, in bands.
 *
 * @example
 * const traffic: (typeof TRAFFIC_BANDS)[number] = '10k-50k';
 */
export const TRAFFIC_BANDS = ['under-1k', '1k-10k', '10k-50k', '50k-100k', '100k-plus'] as const;

/**
 * Partner registration's field messages, word for word.
 *
 * @example
 * PARTNER_MESSAGES.useCase; // 'Please describe your use case (minimum 20 characters)'
 */
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
