import { z } from 'zod';
import { singleLine } from '../../sdk/schemas/text';
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

/**
 * A month's books: each figure a sum of the ledger's lines written in the month, and the documents
 * its close issued (none before it closes).
 */
export const monthBooksSchema = z.object({
  month: z.string(),
  sums: z.object({ successFees: sum, feeReversals: sum, partnerCredits: sum, partnerPayouts: sum }),
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
