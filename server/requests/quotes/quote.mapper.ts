import type { PurchaseOrderSummary, Quote, Supplier as ApiSupplier } from '../../../sdk/schemas/rfq';
import { centsToRand, formatDate, formatRand } from '../../../sdk/format';
import { bbeeStanding, recognisedCents } from '../../../sdk/bbee';
import type { Executor } from '../../db/executor';
import { promisedDay } from '../../domain/calendar';
import { findReceipts, type ReceiptRow } from '../deliveries/deliveries.repository';
import type { SupplierCompliance, SupplierRecord } from '../../domain/market';
import { formatLeadTime } from '../../domain/pricing';
import { ratingText, recordText } from '../../domain/scorecard';
import { quoteStatus } from '../../domain/validity';
import { quoteReference } from '../../lib/ids';
import { findPurchaseOrdersOfRequest, orderedLines, type FirmColumns, type PurchaseOrderRow, type QuoteRow, type SupplierColumns } from './quotes.repository';

/** The supplier fields a quote shows. */
export type SupplierView = ApiSupplier;

/** What a quote needs from its request, and the day its validity is judged on (`validityDay`). */
export interface RfqContext {
  productName: string;
  quantity: number;
  unit: string;
  today: string;
}

/**
 * The supplier's VAT number, registered address and B-BBEE standing on `day` (a Johannesburg
 * day: evidence counts through its expiry date), from what is on file.
 */
export function complianceView(c: SupplierCompliance | null | undefined, day: string): Pick<SupplierView, 'vatNumber' | 'registeredAddress' | 'bbee'> {
  return {
    vatNumber: c?.vatNumber ?? null,
    registeredAddress: c?.registeredAddress ?? null,
    bbee: bbeeStanding(c?.bbeeLevel ?? null, c?.bbeeEvidence ?? null, c?.bbeeExpiresOn ?? null, day),
  };
}

/**
 * A request's quotes with the purchase orders placed on each (`orders`, in the API's shape), read
 * only once one was ordered from: an open request reads nothing more.
 */
export async function withOrders<Q extends Quote>(
  db: Executor,
  rfqId: string,
  rows: readonly { quote: Pick<QuoteRow, 'id' | 'status' | 'lead_max_days'> }[],
  quotes: Q[],
): Promise<Q[]> {
  if (!rows.some(({ quote }) => quote.status === 'accepted' || quote.status === 'confirmed' || quote.status === 'withdrawn')) return quotes;
  const orders = await findPurchaseOrdersOfRequest(db, rfqId);
  const receipts = await findReceipts(
    db,
    orders.map((po) => po.id),
  );
  return quotes.map((q, i) => {
    const row = rows[i]!.quote;
    const own = orders.filter((po) => po.quote_id === row.id);
    if (own.length === 0) return q;
    return { ...q, orders: own.map((po) => toOrderSummary(po, row.lead_max_days, receipts.get(po.id))) };
  });
}

/**
 * A purchase order as the API lists it, of a quote whose longest lead time is `leadMaxDays`, with
 * its receipt once the buyer recorded one (its outcome and rating, never the comment).
 */
export function toOrderSummary(po: PurchaseOrderRow, leadMaxDays: number, receipt?: ReceiptRow): PurchaseOrderSummary {
  const promisedOn = po.promised_on ?? promisedDay(po.issued_on, leadMaxDays);
  return {
    purchaseOrderNumber: po.po_number,
    issuedOn: po.issued_on,
    deliverBy: promisedOn,
    lineIds: orderedLines(po)?.map((n) => `L${n + 1}`) ?? null,
    status: po.cancelled_on !== null ? 'cancelled' : po.confirmed_on !== null ? 'confirmed' : 'sent',
    promisedOn,
    deliveredOn: po.delivered_on,
    receipt: receipt ? { receivedOn: receipt.received_on, inFull: receipt.in_full === 1, rating: receipt.rating, onTime: receipt.on_time === 1 } : null,
  };
}

/** A supplier's earned record as the API shows it, with its words. */
export function recordView(record: SupplierRecord): Pick<SupplierView, 'rating' | 'record'> {
  return {
    rating: record.ratingAverage ?? 0,
    record: { ...record, text: recordText(record), ratingText: ratingText(record) },
  };
}

/** A quote's supplier as the API shows it, from the columns read with the quote, what is on file of it and its record. */
export function toApiSupplier(r: SupplierColumns, compliance: SupplierCompliance | null | undefined, day: string, record: SupplierRecord): SupplierView {
  return {
    id: r.s_id,
    name: r.s_name,
    location: r.s_city,
    province: r.s_province,
    ...recordView(record),
    verified: Boolean(r.s_verified),
    contactPerson: r.s_contact_person,
    email: r.s_email,
    phone: r.s_phone,
    responseTimeHours: r.s_response_time_hours,
    ...complianceView(compliance, day),
  };
}

/** One mapping from stored quote to API quote, used by submit, RFQ look-up and tracking. */
export function toApiQuote(row: Omit<QuoteRow, FirmColumns> & Partial<Pick<QuoteRow, FirmColumns>>, supplier: SupplierView, rfq: RfqContext): Quote {
  const quote: Quote = {
    id: quoteReference(row.id),
    rank: row.rank,
    supplier,
    productName: rfq.productName,
    quantity: rfq.quantity,
    unit: rfq.unit,
    pricingBasis: row.pricing_basis,
    currency: 'ZAR',
    listUnitPrice: centsToRand(row.list_unit_price_cents),
    unitPrice: centsToRand(row.unit_price_cents),
    discountPercent: Number(row.discount_percent),
    totalPrice: centsToRand(row.total_cents),
    vatRate: Number(row.vat_rate),
    vatAmount: centsToRand(row.vat_cents),
    totalPriceInclVat: centsToRand(row.total_incl_vat_cents),
    recognisedSpend: centsToRand(recognisedCents(row.total_cents, supplier.bbee.recognitionPercent)),
    minimumOrderQuantity: row.minimum_order_quantity,
    leadTime: formatLeadTime({ min: row.lead_min_days, max: row.lead_max_days }),
    leadTimeDays: { min: row.lead_min_days, max: row.lead_max_days },
    validityPeriod: `${row.validity_days} days`,
    validUntil: row.valid_until,
    paymentTerms: row.payment_terms,
    priceListDate: row.price_list_date,
    notes: row.notes,
    aiInsights: {
      competitivePosition: row.competitive_position as Quote['aiInsights']['competitivePosition'],
      riskLevel: row.risk_level as Quote['aiInsights']['riskLevel'],
      priceDifference: Number(row.price_difference),
      recommendation: row.recommendation,
      qualityScore: row.quality_score,
      reliabilityRating: row.reliability_rating,
    },
    status: quoteStatus(row.status, row.valid_until, rfq.today),
    createdAt: row.created_at,
  };
  // A firmed quote says so, and keeps the indicative price it was made from beside the firm one.
  if (row.firmed_at) {
    quote.firmedAt = row.firmed_at;
    quote.indicativeUnitPrice = centsToRand(row.indicative_unit_price_cents ?? row.unit_price_cents);
    quote.indicativeTotalPrice = centsToRand(row.indicative_total_cents ?? row.total_cents);
    if (row.supplier_note) quote.supplierNote = row.supplier_note;
    Object.assign(quote, firmWording(quote, row.indicative_total_cents ?? row.total_cents));
  }
  if (quote.status === 'withdrawn' && row.withdrawal_reason) quote.withdrawalReason = row.withdrawal_reason;
  return quote;
}

/** A lead time as the quote's sentences write it: '6-9 days', '1 day'. */
const LEAD_PHRASE = /\b\d+(?:-\d+)? days?\b/g;

/**
 * A firmed quote's sentences, which were written when its price was indicative: the note says the
 * price is firm rather than asking to confirm it, and the recommendation names the firm total and
 * lead time where it named the indicative ones.
 */
function firmWording(quote: Quote, indicativeTotalCents: number): Pick<Quote, 'notes' | 'aiInsights'> {
  const notes = `Firm price and lead time confirmed by ${quote.supplier.name} on ${formatDate(quote.firmedAt!)}, valid until ${formatDate(quote.validUntil)}.`;
  const recommendation = quote.aiInsights.recommendation
    .replaceAll(`${formatRand(centsToRand(indicativeTotalCents))} excl. VAT`, `${formatRand(quote.totalPrice)} excl. VAT`)
    .replace(LEAD_PHRASE, quote.leadTime);
  return { notes, aiInsights: { ...quote.aiInsights, recommendation } };
}

/** A quote as its buyer sees it: with the tracking token and the page it opens. */
export function withTracking(quote: Quote, token: string, publicUrl: string): Quote {
  return { ...quote, trackingToken: token, trackingUrl: `${publicUrl}/quote/${token}` };
}
