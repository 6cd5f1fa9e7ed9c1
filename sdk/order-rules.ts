/**
 * The rules of the order details a buyer gives when accepting a quote (delivery address, phone,
 * purchase-order reference, VAT number) that a browser needs without a schema library: limits,
 * the readers of South African phone and VAT numbers, and the check that gives each field its
 * message word for word. The zod schema in `schemas/rfq.ts` (`orderDetailsSchema`) is built from
 * the same readers and messages, and a test holds the two to the same answers.
 *
 * @module
 */
import { textError } from './text';

/**
 * The field messages of the accept confirmation, word for word as buyers see them.
 *
 * @example
 * ORDER_MESSAGES.phone; // 'Please enter a South African phone number, e.g. 082 123 4567'
 */
export const ORDER_MESSAGES = {
  deliveryAddress: 'Please enter the street address for delivery',
  deliveryAddressMax: 'Delivery address must be at most 300 characters',
  phone: 'Please enter a South African phone number, e.g. 082 123 4567',
  purchaseOrderReference: 'Purchase order reference must be at most 50 characters',
  vatNumber: 'VAT number must be 10 digits starting with 4',
} as const;

/**
 * The field messages of a delivery and a receipt: the supplier's "delivered on" day and the
 * buyer's confirmation of what arrived, its rating and comment.
 *
 * @example
 * RECEIPT_MESSAGES.rating; // 'Choose a rating from 1 to 5'
 */
export const RECEIPT_MESSAGES = {
  receivedOn: 'Enter the day it arrived, not after today',
  receivedBeforeOrder: 'Enter the day it arrived, not before the order was placed',
  deliveredOn: 'Enter the day it was delivered, not after today',
  deliveredBeforeOrder: 'Enter the day it was delivered, not before the order was placed',
  inFull: 'Say whether everything arrived',
  rating: 'Choose a rating from 1 to 5',
  comment: 'Comment must be at most 1,000 characters',
  purchaseOrderNumber: 'Purchase order number is such as PO-2026-000123',
} as const;

/** The longest comment a buyer's receipt keeps, in characters after trimming. */
export const RECEIPT_COMMENT_MAX = 1000;

/**
 * Length limits of the order details' text, in characters after trimming.
 *
 * @example
 * <textarea maxLength={ORDER_LIMITS.deliveryAddress.max} />
 */
export const ORDER_LIMITS = {
  deliveryAddress: { min: 5, max: 300 },
  phone: { max: 40 },
  purchaseOrderReference: { max: 50 },
} as const;

/**
 * A South African phone number in +27 form (`+27 11 555 0100`, `+27 82 555 1234`), or null when
 * it is not one: national (0xx), international (+27, 0027, 27) and `+27 (0)` forms are read, with
 * spaces, dashes, dots and brackets; an extension is dropped.
 *
 * @example
 * normalizePhone('082 123 4567'); // '+27 82 123 4567'
 * normalizePhone('(011) 555-0100'); // '+27 11 555 0100'
 * normalizePhone('+44 20 7946 0958'); // null
 */
export function normalizePhone(raw: string): string | null {
  const main = raw.replace(/^tel:/i, '').split(/\s*(?:ext\.?|extension|x|#)\s*\d+\s*$/i)[0]!;
  if (/[a-wyz]/i.test(main)) return null;
  const plus = main.trim().startsWith('+');
  let digits = main.replace(/\(0\)/, '').replace(/\D/g, '');
  if (plus) {
    if (!digits.startsWith('27')) return null;
    digits = digits.slice(2);
  } else if (digits.startsWith('0027')) digits = digits.slice(4);
  else if (digits.startsWith('27') && digits.length === 11) digits = digits.slice(2);
  else if (digits.startsWith('0') && digits.length === 10) digits = digits.slice(1);
  else return null;
  if (digits.startsWith('0')) digits = digits.slice(1);
  if (!/^[1-8]\d{8}$/.test(digits)) return null;
  return `+27 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

/**
 * A South African VAT number as its 10 digits (the first a 4), spaces and dashes dropped, or null
 * when it is not one.
 *
 * @example
 * normalizeVatNumber('4123 456 789'); // '4123456789'
 * normalizeVatNumber('5123456789'); // null
 */
export function normalizeVatNumber(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return /^4\d{9}$/.test(digits) ? digits : null;
}

/**
 * The accept confirmation's fields as the dialog holds them (every control holds text; an empty
 * optional field is not given).
 *
 * @example
 * const values: OrderDetailsValues = { deliveryAddress: '12 Long Street, Cape Town, 8001', phone: '082 123 4567', purchaseOrderReference: '', vatNumber: '' };
 */
export interface OrderDetailsValues {
  deliveryAddress: string;
  phone: string;
  purchaseOrderReference: string;
  vatNumber: string;
}

/**
 * A field of the accept confirmation.
 *
 * @example
 * const errors: Partial<Record<OrderDetailsField, string>> = validateOrderDetails(values);
 */
export type OrderDetailsField = keyof OrderDetailsValues;

/**
 * Checks the order details as `POST /api/quotes/track/:token/accept` will, with the same
 * messages, so a buyer sees a problem before accepting. Answers one message per failing field.
 *
 * @example
 * validateOrderDetails({ ...values, phone: '123' }).phone; // 'Please enter a South African phone number, e.g. 082 123 4567'
 */
export function validateOrderDetails(values: OrderDetailsValues): Partial<Record<OrderDetailsField, string>> {
  const errors: Partial<Record<OrderDetailsField, string>> = {};
  const address = values.deliveryAddress.trim();
  const addressText = textError(address, 'Delivery address', 'multi');
  if (addressText) errors.deliveryAddress = addressText;
  else if (address.length < ORDER_LIMITS.deliveryAddress.min) errors.deliveryAddress = ORDER_MESSAGES.deliveryAddress;
  else if (address.length > ORDER_LIMITS.deliveryAddress.max) errors.deliveryAddress = ORDER_MESSAGES.deliveryAddressMax;
  const phone = textError(values.phone, 'Phone number');
  if (phone) errors.phone = phone;
  else if (values.phone.length > ORDER_LIMITS.phone.max || normalizePhone(values.phone) === null) errors.phone = ORDER_MESSAGES.phone;
  const reference = values.purchaseOrderReference.trim();
  const referenceText = textError(reference, 'Purchase order reference');
  if (referenceText) errors.purchaseOrderReference = referenceText;
  else if (reference.length > ORDER_LIMITS.purchaseOrderReference.max) errors.purchaseOrderReference = ORDER_MESSAGES.purchaseOrderReference;
  const vat = values.vatNumber.trim();
  const vatText = textError(vat, 'VAT number');
  if (vatText) errors.vatNumber = vatText;
  else if (vat !== '' && normalizeVatNumber(values.vatNumber) === null) errors.vatNumber = ORDER_MESSAGES.vatNumber;
  return errors;
}
