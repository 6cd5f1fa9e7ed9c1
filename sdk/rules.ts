/**
 * The rules of the quote request form that browsers need without a schema library: field
 * messages word for word, choices, limits and small pure helpers. The zod schemas in
 * `schemas/` are built from these; the widget and portal import this module alone, so their
 * bundles carry no validation library.
 *
 * @module
 */

import { formatNumber } from './format';

/**
 * The field messages of the quote request form, word for word as buyers see them.
 *
 * @example
 * RFQ_MESSAGES.productName; // 'Product name must be at least 3 characters'
 */
export const RFQ_MESSAGES = {
  productName: 'Product name must be at least 3 characters',
  productNameMax: 'Product name must be at most 200 characters',
  productDescription: 'Please provide more detailed description (at least 20 characters)',
  productDescriptionMax: 'Description must be at most 5000 characters',
  quantity: 'Quantity must be at least 1',
  quantityWhole: 'Quantity must be a whole number',
  quantityMax: 'Quantity must be at most 1,000,000',
  supplierCount: 'Please select number of suppliers',
  deliveryLocation: 'Please enter your delivery location',
  deliveryLocationMax: 'Delivery location must be at most 120 characters',
  primaryEmail: 'Please enter a valid email address',
  additionalEmails: 'Please enter valid email addresses, separated by commas (at most 10)',
  agreeTerms: 'Please agree to the terms and conditions',
  budgetRange: 'Please select a budget range from the list',
  unit: 'Unit must be at most 30 characters',
  companyName: 'Company name must be at most 200 characters',
  contactName: 'Contact name must be at most 200 characters',
  companySize: 'Please select a company size from the list',
  embedField: 'Embed details are not valid',
} as const;

/**
 * The field messages of the embed widget's short form (spec 5), word for word as buyers see
 * them; limits past the spec's minimums keep the main form's messages.
 *
 * @example
 * EMBED_MESSAGES.productDescription; // 'Description required'
 */
export const EMBED_MESSAGES = {
  productName: 'Product name required',
  productDescription: 'Description required',
  quantity: 'Quantity required',
  location: 'Location required',
  contactEmail: 'Valid email required',
} as const;

/**
 * The short form's minimum lengths (spec 5): shorter than the main form's, as the widget asks less.
 *
 * @example
 * <textarea minLength={EMBED_MIN_LENGTH.productDescription} />
 */
export const EMBED_MIN_LENGTH = { productName: 3, productDescription: 10, location: 2 } as const;

/**
 * Budget bands of the main form, in rand.
 *
 * @example
 * BUDGET_RANGES.includes(form.budgetRange as BudgetRange);
 */
export const BUDGET_RANGES = ['under-10k', '10k-50k', '50k-100k', '100k-500k', 'over-500k'] as const;
/**
 * A budget band of the main form.
 *
 * @example
 * const budget: BudgetRange = '10k-50k';
 */
export type BudgetRange = (typeof BUDGET_RANGES)[number];

/**
 * Budget bands of the embed widget's small form, in rand (spec 9).
 *
 * @example
 * EMBED_BUDGET_RANGES.map((band) => <option key={band}>{band}</option>);
 */
export const EMBED_BUDGET_RANGES = ['under-1k', '1k-5k', '5k-20k', '20k-plus'] as const;
/**
 * A budget band of the embed widget's small form.
 *
 * @example
 * const budget: EmbedBudgetRange = '5k-20k';
 */
export type EmbedBudgetRange = (typeof EMBED_BUDGET_RANGES)[number];

/**
 * The supplier counts a buyer can choose; 3 is the default.
 *
 * @example
 * SUPPLIER_COUNT_CHOICES.map((n) => <option key={n} value={n}>{n} suppliers</option>);
 */
export const SUPPLIER_COUNT_CHOICES = [3, 5, 7, 10] as const;
/**
 * Supplier count used when a request names none.
 *
 * @example
 * const supplierCount = form.supplierCount ?? DEFAULT_SUPPLIER_COUNT; // 3
 */
export const DEFAULT_SUPPLIER_COUNT = 3;
/**
 * Most quotes one request can ask for.
 *
 * @example
 * Math.min(requested, MAX_SUPPLIER_COUNT);
 */
export const MAX_SUPPLIER_COUNT = 10;
/**
 * Largest quantity one request can ask for.
 *
 * @example
 * <input type="number" min={1} max={MAX_QUANTITY} />
 */
export const MAX_QUANTITY = 1_000_000;
/**
 * Most additional e-mail addresses one request can copy in.
 *
 * @example
 * splitEmails(text).length <= MAX_ADDITIONAL_EMAILS;
 */
export const MAX_ADDITIONAL_EMAILS = 10;

/**
 * Reads a form quantity: numbers pass, numeric text is converted, anything else becomes 0
 * (and so fails with 'Quantity must be at least 1').
 *
 * @example
 * toQuantity('25'); // 25
 * toQuantity('lots'); // 0
 */
export function toQuantity(value: unknown): unknown {
  if (typeof value === 'number') return Number.isNaN(value) ? 0 : value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    const n = Number(trimmed);
    return trimmed === '' || !Number.isFinite(n) ? 0 : n;
  }
  return value === undefined || value === null ? 0 : value;
}

/**
 * Splits the comma-separated additional e-mails field into trimmed, non-empty addresses.
 *
 * @example
 * splitEmails('a@x.co.za, b@y.co.za,'); // ['a@x.co.za', 'b@y.co.za']
 */
export function splitEmails(value: string): string[] {
  return value
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/**
 * How a quote ranks against the others of its request.
 *
 * @example
 * COMPETITIVE_POSITIONS.includes(quote.aiInsights.competitivePosition);
 */
export const COMPETITIVE_POSITIONS = [
  'lowest-price',
  'fastest-delivery',
  'highest-quality',
  'best-balance',
  'premium-option',
] as const;
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
 * The company sizes a buyer can state (employees), on the main form's step 3 and in the widget.
 *
 * @example
 * COMPANY_SIZES.map((size) => <option key={size} value={size}>{size} employees</option>);
 */
export const COMPANY_SIZES = ['1-10', '11-50', '51-100', '101-250', '250+'] as const;
/**
 * One of {@link COMPANY_SIZES}.
 *
 * @example
 * const size: CompanySize = '101-250';
 */
export type CompanySize = (typeof COMPANY_SIZES)[number];

/**
 * Whether a request comes from an enterprise lead: a company of more than 100 employees
 * (`101-250` or `250+`). Enterprise leads earn the revenue model's enterprise rate.
 *
 * @example
 * isEnterpriseLead('250+'); // true
 * isEnterpriseLead(null); // false
 */
export function isEnterpriseLead(size: string | null | undefined): boolean {
  return size === '101-250' || size === '250+';
}

/**
 * Where a quote stands. `offered` until the buyer acts; the buyer's `accepted` makes every other
 * quote of the request `not_selected`; the buyer may `declined` one quote; the accepted supplier
 * answers `confirmed` or `withdrawn`; an offered quote past its validity is `expired`.
 *
 * @example
 * QUOTE_STATUSES.includes(quote.status);
 */
export const QUOTE_STATUSES = ['offered', 'accepted', 'not_selected', 'declined', 'confirmed', 'withdrawn', 'expired'] as const;
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

/**
 * The quantity the form fills in when a buyer picks a catalogue product and has not set one
 * (spec: safety equipment 5, paper products 10, disinfectants and cleaners 25, otherwise 1).
 *
 * @example
 * defaultQuantityForCategory('safety-equipment'); // 5
 */
export function defaultQuantityForCategory(categoryId: string): number {
  if (categoryId === 'safety-equipment') return 5;
  if (categoryId === 'paper-products') return 10;
  if (categoryId === 'disinfectants' || /clean/.test(categoryId)) return 25;
  return 1;
}

/**
 * The quote request form's values as the form holds them (text inputs hold text).
 *
 * @example
 * const [values, setValues] = useState<RfqFormValues>({ ...initialValues, quantity: '200' });
 */
export interface RfqFormValues {
  productName: string;
  productDescription: string;
  quantity: string;
  unit: string;
  budgetRange: string;
  supplierCount: number;
  deliveryLocation: string;
  primaryEmail: string;
  additionalEmails: string;
  companyName: string;
  contactName: string;
  /** One of {@link COMPANY_SIZES}, or `''` when the buyer gives none. */
  companySize: string;
  agreeTerms: boolean;
}

/**
 * A field of the quote request form.
 *
 * @example
 * const errors: Partial<Record<RfqField, string>> = validateRfqForm(values);
 */
export type RfqField = keyof RfqFormValues;

// The shape of an address, as browsers check `type="email"`; the server's schema is the authority.
const EMAIL_SHAPE = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]{2,}$/;

/** The message for a trimmed text shorter than `min` or longer than `max`, else undefined. */
function lengthError(value: string, min: number, max: number, tooShort: string, tooLong: string): string | undefined {
  const length = value.trim().length;
  return length < min ? tooShort : length > max ? tooLong : undefined;
}

/** The message for a quantity that is not a whole number from 1 to {@link MAX_QUANTITY}, else undefined. */
function quantityError(value: string, tooSmall: string): string | undefined {
  const quantity = toQuantity(value) as number;
  return quantity < 1 ? tooSmall : !Number.isInteger(quantity) ? RFQ_MESSAGES.quantityWhole : quantity > MAX_QUANTITY ? RFQ_MESSAGES.quantityMax : undefined;
}

/** Keeps the fields that have a message. */
function failing<F extends string>(errors: Record<F, string | undefined>): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Partial<Record<F, string>>;
}

/**
 * The embed widget's short form as the form holds it, named as `POST /api/embed/rfq` names it.
 *
 * @example
 * const values: EmbedFormValues = { productName: 'Mop', productDescription: 'Floor mops', quantity: '1', location: 'Durban', contactEmail: 'b@example.co.za', companyName: '' };
 */
export interface EmbedFormValues {
  productName: string;
  productDescription: string;
  quantity: string;
  location: string;
  contactEmail: string;
  companyName: string;
}

/**
 * Checks the short form's values as `POST /api/embed/rfq` will, with the same messages.
 * Answers one message per failing field.
 *
 * @example
 * validateEmbedForm({ ...values, productDescription: 'Mops' }).productDescription; // 'Description required'
 */
export function validateEmbedForm(values: EmbedFormValues): Partial<Record<keyof EmbedFormValues, string>> {
  const min = EMBED_MIN_LENGTH;
  return failing({
    productName: lengthError(values.productName, min.productName, 200, EMBED_MESSAGES.productName, RFQ_MESSAGES.productNameMax),
    productDescription: lengthError(values.productDescription, min.productDescription, 5000, EMBED_MESSAGES.productDescription, RFQ_MESSAGES.productDescriptionMax),
    quantity: quantityError(values.quantity, EMBED_MESSAGES.quantity),
    location: lengthError(values.location, min.location, 120, EMBED_MESSAGES.location, RFQ_MESSAGES.deliveryLocationMax),
    contactEmail: values.contactEmail.trim().length > 254 || !EMAIL_SHAPE.test(values.contactEmail.trim()) ? EMBED_MESSAGES.contactEmail : undefined,
    companyName: values.companyName.trim().length > 200 ? RFQ_MESSAGES.companyName : undefined,
  });
}

/**
 * Checks the form's values as the server will, with the same messages, so a buyer sees a
 * problem before sending. Answers one message per failing field.
 *
 * @example
 * validateRfqForm({ ...values, productName: 'ab' }).productName; // 'Product name must be at least 3 characters'
 */
export function validateRfqForm(values: RfqFormValues): Partial<Record<RfqField, string>> {
  const errors: Partial<Record<RfqField, string>> = failing({
    productName: lengthError(values.productName, 3, 200, RFQ_MESSAGES.productName, RFQ_MESSAGES.productNameMax),
    productDescription: lengthError(values.productDescription, 20, 5000, RFQ_MESSAGES.productDescription, RFQ_MESSAGES.productDescriptionMax),
    quantity: quantityError(values.quantity, RFQ_MESSAGES.quantity),
  });
  if (!Number.isInteger(values.supplierCount) || values.supplierCount < 1 || values.supplierCount > MAX_SUPPLIER_COUNT) {
    errors.supplierCount = RFQ_MESSAGES.supplierCount;
  }
  const location = lengthError(values.deliveryLocation, 2, 120, RFQ_MESSAGES.deliveryLocation, RFQ_MESSAGES.deliveryLocationMax);
  if (location) errors.deliveryLocation = location;
  if (!EMAIL_SHAPE.test(values.primaryEmail.trim())) errors.primaryEmail = RFQ_MESSAGES.primaryEmail;
  const others = splitEmails(values.additionalEmails);
  if (others.length > MAX_ADDITIONAL_EMAILS || others.some((e) => !EMAIL_SHAPE.test(e))) {
    errors.additionalEmails = RFQ_MESSAGES.additionalEmails;
  }
  if (values.unit.trim().length > 30) errors.unit = RFQ_MESSAGES.unit;
  if (values.companyName.trim().length > 200) errors.companyName = RFQ_MESSAGES.companyName;
  if (values.contactName.trim().length > 200) errors.contactName = RFQ_MESSAGES.contactName;
  if (values.companySize !== '' && !(COMPANY_SIZES as readonly string[]).includes(values.companySize)) errors.companySize = RFQ_MESSAGES.companySize;
  if (!values.agreeTerms) errors.agreeTerms = RFQ_MESSAGES.agreeTerms;
  return errors;
}

/**
 * What an RFQ sent from an embedded widget stores as its source, whichever of the widget's two
 * forms sent it: the value the embed payload has always named. It says only that the request
 * came through a widget; `embedId` tells the widgets apart.
 *
 * @example
 * submitRfq({ ...values, embedSource: EMBED_SOURCE }); // 'embed-widget'
 */
export const EMBED_SOURCE = 'embed-widget';

/**
 * A unit named for one item: catalogue units are plural ('litres', 'boxes').
 *
 * @example
 * singularUnit('litres'); // 'litre'
 * singularUnit('boxes'); // 'box'
 */
export function singularUnit(unit: string): string {
  if (/(x|ch|sh|ss)es$/.test(unit)) return unit.slice(0, -2);
  return unit.replace(/s$/, '');
}

/**
 * A quantity with its unit, singular for exactly one.
 *
 * @example
 * formatQuantity(1, 'litres'); // '1 litre'
 * formatQuantity(2500, 'litres'); // '2,500 litres'
 */
export function formatQuantity(quantity: number, unit: string): string {
  return `${formatNumber(quantity)} ${quantity === 1 ? singularUnit(unit) : unit}`;
}

/**
 * Most buyer quote e-mails one address receives in a rolling 24 hours, whoever asks for them.
 *
 * @example
 * BUYER_EMAILS_PER_DAY; // 5
 */
export const BUYER_EMAILS_PER_DAY = 5;

/**
 * Why a buyer's quotes were not e-mailed to an address: it has had {@link BUYER_EMAILS_PER_DAY}
 * quote e-mails in the last 24 hours, or it asked for no more.
 *
 * @example
 * EMAIL_NOT_SENT_REASONS.includes('daily_limit'); // true
 */
export const EMAIL_NOT_SENT_REASONS = ['daily_limit', 'unsubscribed'] as const;
/**
 * One of {@link EMAIL_NOT_SENT_REASONS}.
 *
 * @example
 * const reason: EmailNotSentReason = 'unsubscribed';
 */
export type EmailNotSentReason = (typeof EMAIL_NOT_SENT_REASONS)[number];

const NOT_SENT_BECAUSE: Record<EmailNotSentReason, string> = {
  daily_limit: `it has already received ${BUYER_EMAILS_PER_DAY} quote e-mails from Procura in the last 24 hours`,
  unsubscribed: 'it asked Procura to send it no more quote e-mails',
};

/**
 * The sentence a buyer reads when some of their addresses were not e-mailed, or null when every
 * address was; the addresses come masked from the server's answer.
 *
 * @example
 * emailNotSentMessage([{ email: 'j***@example.co.za', reason: 'daily_limit' }]);
 * // 'We did not e-mail these quotes to j***@example.co.za: it has already received 5 quote e-mails from Procura in the last 24 hours.'
 */
export function emailNotSentMessage(notSent: readonly { email: string; reason: EmailNotSentReason }[]): string | null {
  if (notSent.length === 0) return null;
  const reasons = notSent.map(({ email, reason }) => `${email}: ${NOT_SENT_BECAUSE[reason]}`);
  return `We did not e-mail these quotes to ${reasons.join('; nor to ')}.`;
}
