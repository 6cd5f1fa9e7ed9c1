/**
 * What a quote and a request are to a buyer: how a quote ranks against the others and the badge
 * it wears, the statuses of quotes and requests with their labels, and the tokens of the tracking
 * and supplier-response links.
 *
 * @module
 */

/**
 * How a quote ranks against the others of its request.
 *
 * @example
 * COMPETITIVE_POSITIONS.includes(quote.aiInsights.competitivePosition);
 */
export const COMPETITIVE_POSITIONS = ['lowest-price', 'fastest-delivery', 'highest-quality', 'best-balance', 'premium-option'] as const;
/**
 * One of {@link COMPETITIVE_POSITIONS}.
 *
 * @example
 * const best: CompetitivePosition = 'lowest-price';
 */
export type CompetitivePosition = (typeof COMPETITIVE_POSITIONS)[number];

/**
 * The badge a quote card shows for each competitive position.
 *
 * @example
 * POSITION_BADGES['lowest-price']; // 'Best Price'
 */
export const POSITION_BADGES: Record<CompetitivePosition, string> = {
  'lowest-price': 'Best Price',
  'fastest-delivery': 'Fastest Delivery',
  'highest-quality': 'Premium Quality',
  'best-balance': 'Best Balance',
  'premium-option': 'Specialist',
};

/**
 * Where a quote stands. `offered` until the buyer acts; the buyer's `accepted` makes every other
 * quote of the request `not_selected`; an acceptance above the limit of a company's requester
 * waits as `awaiting_approval` (the supplier is told nothing) until an approver decides; the buyer may `declined` one quote; the accepted supplier
 * answers `confirmed` or `withdrawn`; an offered quote past its validity is `expired`.
 *
 * @example
 * QUOTE_STATUSES.includes(quote.status);
 */
export const QUOTE_STATUSES = ['offered', 'awaiting_approval', 'accepted', 'not_selected', 'declined', 'confirmed', 'withdrawn', 'expired'] as const;
/**
 * One of {@link QUOTE_STATUSES}.
 *
 * @example
 * const status: QuoteStatus = 'accepted';
 */
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * Where a request stands: `open` while the buyer can choose, `awarded` once a quote is accepted,
 * `closed` when the buyer ends it without a winner, `expired` when every quote's validity passed
 * unawarded.
 *
 * @example
 * rfq.status === 'awarded';
 */
export const RFQ_STATUSES = ['open', 'awarded', 'closed', 'expired'] as const;
/**
 * One of {@link RFQ_STATUSES}.
 *
 * @example
 * const status: RfqStatus = 'open';
 */
export type RfqStatus = (typeof RFQ_STATUSES)[number];

/**
 * What buyers and suppliers read for each quote status.
 *
 * @example
 * QUOTE_STATUS_LABELS.not_selected; // 'Not selected'
 */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  offered: 'Offered',
  awaiting_approval: 'Awaiting approval',
  accepted: 'Accepted',
  not_selected: 'Not selected',
  declined: 'Declined',
  confirmed: 'Confirmed by supplier',
  withdrawn: 'Withdrawn by supplier',
  expired: 'Expired',
};

/**
 * What buyers read for each request status.
 *
 * @example
 * RFQ_STATUS_LABELS.awarded; // 'Awarded'
 */
export const RFQ_STATUS_LABELS: Record<RfqStatus, string> = {
  open: 'Open',
  awarded: 'Awarded',
  closed: 'Closed',
  expired: 'Expired',
};

/**
 * Whether a string can be a supplier's response token (it must start with `sr_`).
 *
 * @example
 * isSupplierResponseToken('sr_abc'); // true
 */
export function isSupplierResponseToken(value: string): boolean {
  return value.startsWith('sr_');
}

/**
 * The message a supplier's withdrawal without a usable reason answers with.
 *
 * @example
 * SUPPLIER_RESPONSE_MESSAGES.reason; // 'Please give a reason (5 to 1000 characters)'
 */
export const SUPPLIER_RESPONSE_MESSAGES = {
  reason: 'Please give a reason (5 to 1000 characters)',
  token: 'Invalid response link',
} as const;

/**
 * Whether a string can be a quote tracking token (it must start with `qt_`).
 *
 * @example
 * isTrackingToken('qt_abc'); // true
 */
export function isTrackingToken(value: string): boolean {
  return value.startsWith('qt_');
}
