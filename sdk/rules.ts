/**
 * The rules of the quote request form that browsers need without a schema library: field
 * messages word for word, choices, limits and small pure helpers. The zod schemas in
 * `schemas/` are built from these; the widget and portal import this module alone, so their
 * bundles carry no validation library.
 *
 * @module
 */

import { isEmailShaped } from './email';
import { readNumber } from './numbers';
import { textError } from './text';

// The quote's and request's statuses, the unit wording and what the buyer is told about e-mail
// were written here first and are still read from this module by the widget, the portal and the
// server: each lives in a file of its own and stays reachable from here. None of them is part of
// the package's entry, which names what partners use (index.ts).
export * from './quote-status';
export * from './units';
export * from './buyer-notices';

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
  additionalEmails: 'Please enter valid e-mail addresses, separated by commas (at most 10)',
  agreeTerms: 'Please agree to the terms and conditions',
  budgetRange: 'Please select a budget range from the list',
  unit: 'Unit must be at most 30 characters',
  companyName: 'Company name must be at most 200 characters',
  contactName: 'Contact name must be at most 200 characters',
  companySize: 'Please select a company size from the list',
  embedField: 'Embed details are not valid',
  lines: 'Add 1 to 50 products',
  lineDescriptionMax: "A line's description must be at most 500 characters",
} as const;

/**
 * The most products one basket request holds.
 *
 * @example
 * if (lines.length > MAX_BASKET_LINES) showError(RFQ_MESSAGES.lines);
 */
export const MAX_BASKET_LINES = 50;

/**
 * The message for a delivery location that names no city, other name of a city (Jozi, PE,
 * Sandton) or province Procura knows, naming the cities the text comes close to, if any.
 *
 * @example
 * unknownPlaceMessage([]); // 'Please enter a delivery location we know: a city, or a town with its province (e.g. Knysna, Western Cape)'
 * unknownPlaceMessage(['Johannesburg, Gauteng']); // 'Please enter a delivery location we know: did you mean Johannesburg, Gauteng? Or give a town with its province (e.g. Knysna, Western Cape)'
 */
export function unknownPlaceMessage(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return 'Please enter a delivery location we know: a city, or a town with its province (e.g. Knysna, Western Cape)';
  const list = suggestions.length > 1 ? `${suggestions.slice(0, -1).join('; ')} or ${suggestions[suggestions.length - 1]}` : suggestions[0];
  return `Please enter a delivery location we know: did you mean ${list}? Or give a town with its province (e.g. Knysna, Western Cape)`;
}

/**
 * The field messages of the embed widget's short form, word for word as buyers see
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
 * The short form's minimum lengths: shorter than the main form's, as the widget asks less.
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
 * Budget bands of the embed widget's small form, in rand.
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
 * Reads a form quantity: numbers pass, text is read as a person writes a number (decimal
 * digits, thousands grouped by commas or spaces: see `readNumber`), and anything else becomes 0
 * (and so fails with 'Quantity must be at least 1'): `0x10`, `1e3`, `Infinity` and `+5` too.
 *
 * @example
 * toQuantity('25'); // 25
 * toQuantity('1,000'); // 1000
 * toQuantity('lots'); // 0
 * toQuantity('0x10'); // 0
 */
export function toQuantity(value: unknown): unknown {
  if (typeof value === 'number') return Number.isNaN(value) ? 0 : value;
  if (typeof value === 'string') {
    const n = readNumber(value);
    return Number.isNaN(n) ? 0 : n;
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
 * The quantity the form fills in when a buyer picks a catalogue product and has not set one
 * (safety equipment 5, paper products 10, disinfectants and cleaners 25, otherwise 1).
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

/**
 * The message for trimmed text that breaks the text rule (named `field`; see `text.ts`) or is
 * shorter than `min` or longer than `max`, else undefined: the order the schemas check in.
 */
function lengthError(
  value: string,
  min: number,
  max: number,
  tooShort: string,
  tooLong: string,
  field: string,
  lines: 'single' | 'multi' = 'single',
): string | undefined {
  const text = value.trim();
  return textError(text, field, lines) ?? (text.length < min ? tooShort : text.length > max ? tooLong : undefined);
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
    productName: lengthError(values.productName, min.productName, 200, EMBED_MESSAGES.productName, RFQ_MESSAGES.productNameMax, 'Product name'),
    productDescription: lengthError(
      values.productDescription,
      min.productDescription,
      5000,
      EMBED_MESSAGES.productDescription,
      RFQ_MESSAGES.productDescriptionMax,
      'Description',
      'multi',
    ),
    quantity: quantityError(values.quantity, EMBED_MESSAGES.quantity),
    location: lengthError(values.location, min.location, 120, EMBED_MESSAGES.location, RFQ_MESSAGES.deliveryLocationMax, 'Location'),
    contactEmail: values.contactEmail.trim().length > 254 || !isEmailShaped(values.contactEmail.trim()) ? EMBED_MESSAGES.contactEmail : undefined,
    companyName: lengthError(values.companyName, 0, 200, '', RFQ_MESSAGES.companyName, 'Company name'),
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
    productName: lengthError(values.productName, 3, 200, RFQ_MESSAGES.productName, RFQ_MESSAGES.productNameMax, 'Product name'),
    productDescription: lengthError(
      values.productDescription,
      20,
      5000,
      RFQ_MESSAGES.productDescription,
      RFQ_MESSAGES.productDescriptionMax,
      'Description',
      'multi',
    ),
    quantity: quantityError(values.quantity, RFQ_MESSAGES.quantity),
  });
  if (!Number.isInteger(values.supplierCount) || values.supplierCount < 1 || values.supplierCount > MAX_SUPPLIER_COUNT) {
    errors.supplierCount = RFQ_MESSAGES.supplierCount;
  }
  const location = lengthError(values.deliveryLocation, 2, 120, RFQ_MESSAGES.deliveryLocation, RFQ_MESSAGES.deliveryLocationMax, 'Delivery location');
  if (location) errors.deliveryLocation = location;
  if (!isEmailShaped(values.primaryEmail.trim())) errors.primaryEmail = RFQ_MESSAGES.primaryEmail;
  const others = splitEmails(values.additionalEmails);
  if (others.length > MAX_ADDITIONAL_EMAILS || others.some((e) => !isEmailShaped(e))) {
    errors.additionalEmails = RFQ_MESSAGES.additionalEmails;
  }
  const optional = failing({
    unit: lengthError(values.unit, 0, 30, '', RFQ_MESSAGES.unit, 'Unit'),
    companyName: lengthError(values.companyName, 0, 200, '', RFQ_MESSAGES.companyName, 'Company name'),
    contactName: lengthError(values.contactName, 0, 200, '', RFQ_MESSAGES.contactName, 'Contact name'),
  });
  Object.assign(errors, optional);
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
