import { z } from 'zod';

/**
 * The supplier workspace's Billing tab: the tax invoices Procura issued the supplier, each with
 * the success fee of every order it lists. Not part of the published package.
 *
 * @module
 */

const cents = z.number().int();

/** One order's success fee on an invoice (negative when reversed), with the order's value excl. VAT. */
const invoiceLineSchema = z.object({
  poNumber: z.string().nullable(),
  rfqId: z.string().nullable(),
  reversed: z.boolean(),
  valueCents: cents,
  feeCents: cents,
  vatCents: cents,
});

/**
 * A tax invoice as issued: its number, month, day, lines and sums.
 *
 * @example
 * supplierInvoiceSchema.parse(invoice).number; // 'INV-2026-000001'
 */
export const supplierInvoiceSchema = z.object({
  number: z.string(),
  month: z.string(),
  issuedOn: z.string(),
  subtotalCents: cents,
  vatCents: cents,
  totalCents: cents,
  lines: z.array(invoiceLineSchema),
});

/**
 * A tax invoice to a supplier.
 *
 * @example
 * const total: SupplierInvoice['totalCents'] = 12_075;
 */
export type SupplierInvoice = z.infer<typeof supplierInvoiceSchema>;

/**
 * `GET /api/supplier/invoices`: the supplier's invoices, newest first.
 *
 * @example
 * supplierInvoicesSchema.parse(await res.json()).invoices.length;
 */
export const supplierInvoicesSchema = z.object({ invoices: z.array(supplierInvoiceSchema) });

/**
 * An invoice's number in its PDF's path.
 *
 * @example
 * invoiceParamsSchema.parse({ number: 'INV-2026-000001' });
 */
export const invoiceParamsSchema = z.object({ number: z.string().regex(/^INV-\d{4}-\d{6}$/, { error: 'Give the invoice number as INV-2026-000001' }) });

/**
 * Where an invoice's PDF is read (same origin, with the supplier's session cookie).
 *
 * @example
 * supplierInvoicePath('INV-2026-000001'); // '/api/supplier/invoices/INV-2026-000001.pdf'
 */
export function supplierInvoicePath(number: string): string {
  return `/api/supplier/invoices/${encodeURIComponent(number)}.pdf`;
}
