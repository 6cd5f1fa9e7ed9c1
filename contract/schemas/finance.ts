import { z } from 'zod';
import { multiLineText, singleLine } from '../../sdk/schemas/text';
import { strictQuery, wholeNumber } from './query';

/**
 * The books' staff calls (role admin): a month's figures and documents, its close, a payout
 * recorded paid, and the month's export for an accounting package. Not part of the published package.
 *
 * @module
 */

const MONTH_MESSAGE = 'Give the month as YYYY-MM, such as 2026-12.';
const month = z.string({ error: MONTH_MESSAGE }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MONTH_MESSAGE });

/**
 * A month's books: `GET /api/admin/finance?month=2026-12`.
 *
 * @example
 * financeQuerySchema.parse({ month: '2026-12' });
 */
export const financeQuerySchema = z.strictObject({ month }, strictQuery);

/**
 * The month's export: `GET /api/admin/finance/export?month=2026-12&format=csv`.
 *
 * @example
 * financeExportQuerySchema.parse({ month: '2026-12', format: 'csv' });
 */
export const financeExportQuerySchema = z.strictObject({ month, format: z.literal('csv', { error: 'format must be csv' }).default('csv') }, strictQuery);

/**
 * Closing a month: `POST /api/admin/finance/close`; with `preview`, what it would issue.
 *
 * @example
 * monthCloseSchema.parse({ month: '2026-12', preview: true });
 */
export const monthCloseSchema = z.strictObject({ month, preview: z.boolean({ error: 'preview must be true or false' }).optional() });

/**
 * A payout's id in its path.
 *
 * @example
 * payoutParamsSchema.parse({ id: '12' }); // { id: 12 }
 */
export const payoutParamsSchema = z.object({ id: wholeNumber('id', 1) });

/**
 * A payout recorded paid: `POST /api/admin/payouts/:id/paid`.
 *
 * @example
 * payoutPaidSchema.parse({ paidOn: '2027-01-20', bankReference: 'EFT 88213' });
 */
export const payoutPaidSchema = z.strictObject({
  paidOn: z.iso.date({ error: 'Paid on must be a date as YYYY-MM-DD' }),
  bankReference: z
    .string({ error: 'Bank reference is required' })
    .trim()
    .min(1, { error: 'Bank reference is required' })
    .max(60, { error: 'Bank reference must be at most 60 characters' })
    .check(singleLine('Bank reference')),
});

/** Characters of a fee reversal's reason. */
export const FEE_REVERSAL_REASON = { min: 5, max: 500 };

/**
 * An order's success fee in its path: the purchase order's id.
 *
 * @example
 * feeParamsSchema.parse({ purchaseOrderId: '12' }); // { purchaseOrderId: 12 }
 */
export const feeParamsSchema = z.object({ purchaseOrderId: wholeNumber('purchaseOrderId', 1) });

/**
 * A success fee reversed: `POST /api/admin/finance/fees/:purchaseOrderId/reversal`, with why
 * (an order confirmed but never delivered, say).
 *
 * @example
 * feeReversalSchema.parse({ reason: 'The order was confirmed but never delivered.' });
 */
export const feeReversalSchema = z.strictObject({
  reason: multiLineText(
    'Reason',
    FEE_REVERSAL_REASON,
    `Give the reason for reversing the fee (${FEE_REVERSAL_REASON.min} to ${FEE_REVERSAL_REASON.max} characters)`,
  ),
});

const cents = z.number().int();
const sum = z.object({ amountCents: cents, vatCents: cents, lines: z.number().int() });

/** A payout a statement made due: unpaid until staff record the day it was paid and the bank's reference. */
const payoutSchema = z.object({
  id: z.number().int(),
  amountCents: cents,
  dueOn: z.string(),
  paidOn: z.string().nullable(),
  bankReference: z.string().nullable(),
});

/** An invoice to a supplier or a statement to a partner, as a month's close issued it. */
export const billingDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'statement']),
  number: z.string(),
  supplierId: z.number().int().nullable(),
  supplierName: z.string().nullable(),
  partnerId: z.string().nullable(),
  partnerName: z.string().nullable(),
  issuedOn: z.string(),
  subtotalCents: cents,
  vatCents: cents,
  totalCents: cents,
  broughtForwardCents: cents,
  carriedForwardCents: cents,
  /** The statement's payout; null for an invoice and for a statement whose balance was carried over. */
  payout: payoutSchema.nullable(),
});
export type BillingDocument = z.infer<typeof billingDocumentSchema>;

/** A success fee's reversal: the day it was written (the month whose invoice carries it) and why. */
export const feeReversalResultSchema = z.object({
  purchaseOrderId: z.number().int(),
  poNumber: z.string(),
  onDay: z.string(),
  reason: z.string(),
  amountCents: cents,
  vatCents: cents,
});
export type FeeReversal = z.infer<typeof feeReversalResultSchema>;

/** A success fee written in the month, with its reversal (in this month or a later one) once staff reversed it. */
export const monthFeeSchema = z.object({
  purchaseOrderId: z.number().int(),
  poNumber: z.string(),
  rfqId: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string().nullable(),
  onDay: z.string(),
  /** The order's value excl. VAT. */
  valueCents: cents,
  amountCents: cents,
  vatCents: cents,
  reversal: feeReversalResultSchema.pick({ onDay: true, reason: true }).nullable(),
});
export type MonthFee = z.infer<typeof monthFeeSchema>;

/**
 * A month's books: each figure a sum of the ledger's lines written in the month, the success fees
 * written in it, and the documents its close issued (none before it closes).
 */
export const monthBooksSchema = z.object({
  month: z.string(),
  sums: z.object({ successFees: sum, feeReversals: sum, partnerCredits: sum, partnerPayouts: sum }),
  fees: z.array(monthFeeSchema),
  documents: z.array(billingDocumentSchema),
});
export type MonthBooks = z.infer<typeof monthBooksSchema>;

/** A payout recorded paid, with its statement's number. */
export const paidPayoutSchema = payoutSchema.extend({ partnerId: z.string(), number: z.string() });
export type PaidPayout = z.infer<typeof paidPayoutSchema>;

/** What a close issued, or would issue (`preview`), or had issued before (`closed`). */
export const monthCloseResultSchema = z.object({
  month: z.string(),
  outcome: z.enum(['issued', 'closed', 'preview']),
  invoices: z.array(
    z.object({
      number: z.string().nullable(),
      supplierId: z.number().int(),
      supplierName: z.string().nullable(),
      lines: z.array(
        z.object({
          poNumber: z.string().nullable(),
          rfqId: z.string().nullable(),
          kind: z.enum(['success_fee', 'fee_reversal']),
          valueCents: cents,
          feeCents: cents,
          vatCents: cents,
        }),
      ),
      subtotalCents: cents,
      vatCents: cents,
      totalCents: cents,
    }),
  ),
  statements: z.array(
    z.object({
      number: z.string().nullable(),
      partnerId: z.string(),
      partnerName: z.string().nullable(),
      qualifiedRequests: z.number().int(),
      creditsCents: cents,
      broughtForwardCents: cents,
      payableCents: cents,
      carriedForwardCents: cents,
      dueOn: z.string().nullable(),
    }),
  ),
});
export type MonthCloseResult = z.infer<typeof monthCloseResultSchema>;
export type MonthCloseInput = z.input<typeof monthCloseSchema>;
export type PayoutPaidInput = z.input<typeof payoutPaidSchema>;
export type FeeReversalInput = z.input<typeof feeReversalSchema>;
