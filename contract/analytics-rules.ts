/**
 * The analytics rules a browser needs without a schema library: the session id's key and shape,
 * the form fields an interaction may name, and the test for contact details. The schemas of
 * `schemas/analytics.ts` use the same ones.
 *
 * @module
 */

/**
 * The local-storage key of the analytics session id.
 *
 * @example
 * localStorage.getItem(ANALYTICS_SESSION_KEY);
 */
export const ANALYTICS_SESSION_KEY = 'analytics-session-id';

/**
 * A session id: 21 random characters of the URL-safe alphabet, sent as `X-Session-ID`.
 *
 * @example
 * ANALYTICS_SESSION_ID.test('V1StGXR8_Z5jdHi6B-myT'); // true
 */
export const ANALYTICS_SESSION_ID = /^[A-Za-z0-9_-]{21}$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * 21 random characters of the URL-safe alphabet, from the browser's cryptographic generator:
 * an analytics session id, or a consent id.
 *
 * @example
 * const id = randomId(); // 'V1StGXR8_Z5jdHi6B-myT'
 */
export function randomId(): string {
  // 64 letters: each byte's low six bits pick one, evenly.
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(21)), (b) => ALPHABET[b & 63]).join('');
}

/**
 * The quote request form's fields an interaction may name: names only, never what was typed.
 *
 * @example
 * FORM_FIELD_NAMES.includes('primaryEmail'); // true: the field, not the address
 */
export const FORM_FIELD_NAMES = [
  'productName',
  'productDescription',
  'quantity',
  'unit',
  'budgetRange',
  'supplierCount',
  'deliveryLocation',
  'primaryEmail',
  'additionalEmails',
  'companyName',
  'contactName',
  'agreeTerms',
] as const;

/**
 * A form field an interaction may name.
 *
 * @example
 * const field: FormFieldName = 'quantity';
 */
export type FormFieldName = (typeof FORM_FIELD_NAMES)[number];

const EMAIL_SHAPE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
// Seven or more digits, however they are spaced or punctuated: +27 82 123 4567, (021) 555-0199.
const PHONE_SHAPE = /\d(?:[\s().-]*\d){6,}/;

/**
 * Whether a text looks like it holds an e-mail address or a phone number.
 *
 * @example
 * carriesContact('call 082 123 4567'); // 'phone'
 */
export function carriesContact(text: string): 'email' | 'phone' | null {
  if (EMAIL_SHAPE.test(text)) return 'email';
  if (PHONE_SHAPE.test(text)) return 'phone';
  return null;
}

/**
 * How long each thing analytics and data requests keep lives, as the server enforces it and the
 * privacy policy states it.
 *
 * @example
 * `Raw events are deleted after ${ANALYTICS_RETENTION.rawEventDays} days.`;
 */
export const ANALYTICS_RETENTION = {
  /** Raw analytics events; their daily figures stay. */
  rawEventDays: 30,
  /** The proof of each cookie choice. */
  consentRecordYears: 3,
  /** A data request's link, and the address it holds. */
  dataRequestMinutes: 60,
  /** A data request e-mail per address and day, at most. */
  dataRequestsPerDay: 3,
} as const;
