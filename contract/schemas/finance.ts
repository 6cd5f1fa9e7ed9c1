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
