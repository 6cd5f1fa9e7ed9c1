import { z } from 'zod';
import { COMPANY_SIZES, QUOTE_STATUSES, SUPPLIER_RESPONSE_MESSAGES, isSupplierResponseToken } from '../rules';
import { isoDateSchema, isoDateTimeSchema, randSchema } from './common';
import { purchaseOrderNumberSchema, QUOTE_TERMS, quoteSchema } from './rfq';
import { RECEIPT_MESSAGES } from '../order-rules';
import { multiLineText } from './text';

/**
 * The path of the supplier's response calls: a response token starts with `sr_`.
 *
 * @example
 * supplierResponsePathSchema.safeParse({ token: 'qt_abc' }).success; // false
 */
export const supplierResponsePathSchema = z.object({
  token: z.string().refine(isSupplierResponseToken, { error: SUPPLIER_RESPONSE_MESSAGES.token }),
});

/**
 * The accepted order as its supplier's response link shows it (`GET /api/supplier-responses/:token`),
 * with the buyer's contact and what they gave when accepting (delivery address, phone in +27
 * form, purchase-order reference and VAT number, null when not given); all of it is null once
 * their personal data was deleted. It carries no `rfqId`: the request's results page would show
 * the supplier every other quote.
 *
 * @example
 * const order = supplierResponseSchema.parse(await res.json());
 * if (order.status === 'accepted') showConfirmButtons();
 */
export const supplierResponseSchema = z.object({
  /** `accepted` until the supplier answers, then `confirmed` or `withdrawn`. */
  status: z.enum(QUOTE_STATUSES),
  quoteReference: z.string(),
  /**
   * Procura's purchase order number of the order (`PO-2026-000123`), which the supplier's tax
   * invoice names; null for an order made before purchase orders were issued. A basket's supplier
   * ordered from twice has a purchase order each time, and its latest response link answers the latest.
   */
  purchaseOrderNumber: z.string().nullable(),
  supplierName: z.string(),
  acceptedAt: isoDateTimeSchema,
  respondedAt: isoDateTimeSchema.nullable(),
  withdrawalReason: z.string().nullable(),
  /** The day the supplier said it delivered the order; null until it says so. */
  deliveredOn: isoDateSchema.nullable(),
  buyer: z.object({
    email: z.string().nullable(),
    contactName: z.string().nullable(),
    companyName: z.string().nullable(),
    companySize: z.enum(COMPANY_SIZES).nullable(),
    deliveryAddress: z.string().nullable(),
    phone: z.string().nullable(),
    purchaseOrderReference: z.string().nullable(),
    vatNumber: z.string().nullable(),
  }),
  /** The accepted quote's terms, as the buyer saw them, with what the request asked for. */
  order: quoteSchema.pick(QUOTE_TERMS).extend({
    productDescription: z.string(),
    deliveryLocation: z.string(),
    /** For a basket: the lines the buyer ordered from this supplier; the totals are theirs. */
    lines: z
      .array(z.object({ productName: z.string(), quantity: z.number().int(), unit: z.string(), unitPrice: randSchema, totalPrice: randSchema }))
      .optional(),
  }),
});
/**
 * An accepted order as its supplier sees it.
 *
 * @example
 * const order: SupplierResponse = await procura.supplierResponses.get(token);
 */
export type SupplierResponse = z.infer<typeof supplierResponseSchema>;

/**
 * A supplier's withdrawal of an accepted quote (`POST /api/supplier-responses/:token/withdraw`).
 *
 * @example
 * supplierWithdrawalSchema.parse({ reason: 'Out of stock until January' });
 */
export const supplierWithdrawalSchema = z.object({
  reason: multiLineText('Reason', { min: 5, max: 1000 }, SUPPLIER_RESPONSE_MESSAGES.reason),
});
/**
 * What a supplier sends to withdraw.
 *
 * @example
 * const input: SupplierWithdrawalInput = { reason: 'Out of stock until January' };
 */
export type SupplierWithdrawalInput = z.input<typeof supplierWithdrawalSchema>;

/**
 * The supplier's word that it delivered a confirmed order (`POST /api/supplier-responses/:token/delivered`
 * and `POST /api/supplier/leads/:quoteId/delivered`): the Johannesburg day, not before the order
 * and not after today. It acts on the quote's newest confirmed order not yet marked delivered, or
 * the one `purchaseOrderNumber` names; the same day again changes nothing.
 *
 * @example
 * markDeliveredSchema.parse({ deliveredOn: '2026-12-09' });
 */
export const markDeliveredSchema = z.strictObject({
  deliveredOn: z.string({ error: RECEIPT_MESSAGES.deliveredOn }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: RECEIPT_MESSAGES.deliveredOn }),
  purchaseOrderNumber: purchaseOrderNumberSchema.optional(),
});
/**
 * What a supplier sends to mark an order delivered.
 *
 * @example
 * await procura.supplierResponses.delivered(token, { deliveredOn: '2026-12-09' });
 */
export type MarkDeliveredInput = z.input<typeof markDeliveredSchema>;
