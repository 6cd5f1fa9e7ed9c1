import { recognisedCents } from '../../../sdk/bbee';
import { promisedDay } from '../../domain/calendar';
import { formatLeadTime } from '../../domain/pricing';
import { vatCents } from '../../../sdk/format';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../errors';
import { quoteReference } from '../../lib/ids';
import { findLinesOfQuotes } from '../rfq/rfq.repository';
import type { PaperLine, PaperSupplier, PaperTotals } from './quotation-and-order.pdf';
import { complianceView } from '../quotes/quote.mapper';
import { renderPaperwork } from './paperwork-render';
import type { OrderDetails } from '../../../sdk/schemas/rfq';
import {
  findPurchaseOrders,
  insertPurchaseOrder,
  nextPurchaseOrderNumber,
  orderedLines,
  type PurchaseOrderRow,
  type QuoteInRequest,
} from '../quotes/quotes.repository';

/** A document to download or attach: its bytes and a file name that names no person. */
export interface PaperDocument {
  body: Buffer;
  fileName: string;
}

/** The supplier of a quote as its paperwork names it, with its standing on `day`. */
export function paperSupplier(state: QuoteInRequest, day: string): PaperSupplier {
  const s = state.quote.supplier;
  const onFile = state.compliance.get(s.s_id);
  const view = complianceView(onFile, day);
  return {
    name: s.s_name,
    registrationNumber: onFile?.registrationNumber ?? null,
    registeredAddress: view.registeredAddress,
    vatNumber: view.vatNumber,
    email: s.s_email,
    phone: s.s_phone,
    bbee: view.bbee,
  };
}

/**
 * The priced lines of a quote: its request's one product, or, for a basket, each line the quote
 * prices (`quotation`) or the lines of one of its purchase orders (`order`). Descriptions are the
 * buyer's words, so only the purchase order (which goes with the buyer's personal data) carries them.
 */
export async function paperLines(db: Executor, state: QuoteInRequest, kind: 'quotation' | { order: PurchaseOrderRow }): Promise<PaperLine[]> {
  const { rfq, quote } = state;
  const q = quote.quote;
  const withDescription = kind !== 'quotation';
  const ordered = kind === 'quotation' ? null : orderedLines(kind.order);
  if (rfq.line_count === 0) {
    return [
      {
        productName: rfq.product_name,
        description: withDescription ? rfq.product_description : null,
        quantity: rfq.quantity,
        unit: rfq.unit,
        unitPriceCents: q.unit_price_cents,
        totalCents: q.total_cents,
      },
    ];
  }
  return ((await findLinesOfQuotes(db, [q.id])).get(q.id) ?? [])
    .filter((l) => ordered === null || ordered.includes(l.line_no))
    .map((l) => ({
      productName: l.product_name,
      description: withDescription && l.product_description ? l.product_description : null,
      quantity: l.quantity,
      unit: l.unit,
      unitPriceCents: Number(l.unit_price_cents),
      totalCents: Number(l.total_cents),
    }));
}

/**
 * A quote's subtotal, VAT and total as its paperwork states them: the figures the buyer was
 * quoted, or, for the lines of a basket ordered from it, their sum with VAT at the quote's rate.
 */
export function paperTotals(state: QuoteInRequest, lines?: readonly Pick<PaperLine, 'totalCents'>[]): PaperTotals {
  return quoteTotals(state.quote.quote, state.rfq.line_count > 0 ? lines : undefined);
}

/** {@link paperTotals} of a quote's row: its own figures, or with `basketLines` their sum and its VAT. */
export function quoteTotals(
  q: { vat_rate: number | string; total_cents: number | string; vat_cents: number | string; total_incl_vat_cents: number | string },
  basketLines?: readonly Pick<PaperLine, 'totalCents'>[],
): PaperTotals {
  const vatRate = Number(q.vat_rate);
  if (basketLines) {
    const totalCents = basketLines.reduce((sum, l) => sum + l.totalCents, 0);
    const vat = vatCents(totalCents, vatRate);
    return { totalCents, vatRate, vatCents: vat, totalInclVatCents: totalCents + vat };
  }
  return { totalCents: Number(q.total_cents), vatRate, vatCents: Number(q.vat_cents), totalInclVatCents: Number(q.total_incl_vat_cents) };
}

/** A purchase order's number: `PO-`, its year and its number in the year, six digits. */
function purchaseOrderNumber(year: number, n: number): string {
  return `PO-${year}-${String(n).padStart(6, '0')}`;
}

/**
 * Issues (and answers the id of) the purchase order of a quote being accepted (of a basket, for its lines `lineNos`),
 * numbered in the database (one atomic upsert per year, so numbers are sequential across
 * processes), with the supplier's details as they stand today and the order details the buyer gave
 * for it kept with it, so the document never changes (a later acceptance in the same basket, of
 * this supplier too, gives its own).
 */
export async function issuePurchaseOrder(
  trx: Executor,
  state: QuoteInRequest,
  details: OrderDetails,
  day: string,
  at: string,
  lineNos: readonly number[] | null,
  /** The buyer's tracking token, kept for the one reminder to confirm receipt. */
  buyerToken: string | null = null,
): Promise<number> {
  const year = Number(day.slice(0, 4));
  const n = await nextPurchaseOrderNumber(trx, year);
  return insertPurchaseOrder(
    trx,
    {
      po_number: purchaseOrderNumber(year, n),
      rfq_id: state.rfq.id,
      quote_id: state.quote.quote.id,
      issued_on: day,
      promised_on: promisedDay(day, state.quote.quote.lead_max_days),
      receipt_tracking_token: buyerToken,
      supplier_json: JSON.stringify(paperSupplier(state, day)),
      line_nos: lineNos === null ? null : JSON.stringify(lineNos),
      created_at: at,
    },
    details,
  );
}

const poNotFound = () => new ApiError(404, 'purchase_order_not_found', 'Purchase order not found');

/**
 * Which of a quote's purchase orders: the one numbered `poNumber`, the one with `id`, or else the
 * latest. Undefined when the quote has none such.
 */
export type OrderChoice = { poNumber?: string | undefined; id?: number | undefined };

export async function choosePurchaseOrder(db: Executor, quoteId: number, choice: OrderChoice = {}): Promise<PurchaseOrderRow | undefined> {
  const orders = await findPurchaseOrders(db, quoteId);
  if (choice.poNumber !== undefined) return orders.find((po) => po.po_number === choice.poNumber);
  if (choice.id !== undefined) return orders.find((po) => po.id === choice.id);
  return orders.at(-1);
}

/**
 * A purchase order of an accepted quote as a PDF (the latest unless `choice` names another): as
 * issued at acceptance, or, once the supplier withdrew from it, the cancelled one. Undefined while
 * it has none or the buyer's details are gone.
 */
export async function findPurchaseOrderDocument(db: Executor, state: QuoteInRequest, choice?: OrderChoice): Promise<PaperDocument | undefined> {
  const po = await choosePurchaseOrder(db, state.quote.quote.id, choice);
  const { rfq } = state;
  if (!po || rfq.personal_data_deleted_at !== null || po.delivery_address === null) return undefined;
  const q = state.quote.quote;
  const supplier = JSON.parse(po.supplier_json) as PaperSupplier;
  const lines = await paperLines(db, state, { order: po });
  const totals = paperTotals(state, lines);
  const body = await renderPaperwork({
    kind: 'purchase-order',
    input: {
      poNumber: po.po_number,
      date: po.issued_on,
      deliverBy: po.promised_on ?? promisedDay(po.issued_on, q.lead_max_days),
      quoteReference: quoteReference(q.id),
      cancelled: po.cancelled_on ? { date: po.cancelled_on, reason: po.cancel_reason ?? '' } : null,
      buyer: {
        company: rfq.company_name,
        contactName: rfq.contact_name,
        email: rfq.primary_email,
        phone: po.phone,
        vatNumber: po.vat_number,
        deliveryAddress: po.delivery_address,
        deliveryLocation: rfq.delivery_location,
        purchaseOrderReference: po.purchase_order_reference,
      },
      supplier,
      lines,
      totals,
      recognisedCents: recognisedCents(totals.totalCents, supplier.bbee.recognitionPercent),
      paymentTerms: q.payment_terms,
      leadTime: formatLeadTime({ min: q.lead_min_days, max: q.lead_max_days }),
    },
  });
  return { body, fileName: `procura-${po.cancelled_on ? 'cancelled-' : ''}${po.po_number.toLowerCase()}.pdf` };
}

/** {@link findPurchaseOrderDocument}, for a download: 404 when there is none. */
export async function purchaseOrderDocument(db: Executor, state: QuoteInRequest, choice?: OrderChoice): Promise<PaperDocument> {
  const document = await findPurchaseOrderDocument(db, state, choice);
  if (!document) throw poNotFound();
  return document;
}
