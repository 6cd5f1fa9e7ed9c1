import type { QuoteStatus, RfqStatus } from '../../sdk/rules';
import type { PurchaseOrderSummary, Quote, QuoteActionResponse, Rfq } from '../../sdk/schemas/rfq';

export const RFQ_ID = '482915736401928374';

/** A quote's purchase order as the buyer's pages list it: PO-2026-000123, confirmed, to deliver by 27 November, not yet delivered. */
export const purchaseOrder = (more: Partial<PurchaseOrderSummary> = {}): PurchaseOrderSummary => ({
  purchaseOrderNumber: 'PO-2026-000123',
  issuedOn: '2026-11-23',
  deliverBy: '2026-11-27',
  lineIds: null,
  status: 'confirmed',
  promisedOn: '2026-11-27',
  deliveredOn: null,
  receipt: null,
  ...more,
});

/** The compare table's row heads, word for word and in the order the spec gives them. */
export const COMPARE_TERMS = [
  'Price excl. VAT',
  'Price basis',
  'VAT',
  'Total incl. VAT',
  'B-BBEE',
  'Recognised spend',
  'Lead time',
  'Minimum order',
  'Payment terms',
  'Valid until',
  'Quality score',
  'Status',
];

/** A quote as the API answers it: 200 litres of sanitiser, priced by `total` excl. VAT. */
export function quote(n: number, name: string, total: number, overrides: Partial<Quote> = {}): Quote {
  const vat = Math.round(total * 15) / 100;
  return {
    id: `Q-${RFQ_ID}-${n}`,
    rank: n,
    supplier: {
      id: n,
      name,
      location: 'Durban',
      province: 'KwaZulu-Natal',
      rating: 4.5,
      verified: true,
      contactPerson: 'Thandi Mokoena',
      email: `sales@supplier${n}.example.co.za`,
      phone: '031 555 0100',
      responseTimeHours: 4,
      vatNumber: `41${n}0123456`.slice(0, 10),
      registeredAddress: `${n} Harbour Drive, Durban, 4001`,
      bbee: {
        level: n,
        evidence: 'certificate',
        expiresOn: '2027-06-30',
        status: 'valid',
        recognitionPercent: ({ 1: 135, 2: 125, 3: 110 } as Record<number, number>)[n] ?? 100,
      },
    },
    productName: 'Hand Sanitizer 70% Alcohol',
    quantity: 200,
    unit: 'litres',
    pricingBasis: 'price-list',
    currency: 'ZAR',
    listUnitPrice: total / 200,
    unitPrice: total / 200,
    discountPercent: 0,
    totalPrice: total,
    vatRate: 0.15,
    vatAmount: vat,
    totalPriceInclVat: Math.round((total + vat) * 100) / 100,
    recognisedSpend: Math.round(total * (({ 1: 135, 2: 125, 3: 110 } as Record<number, number>)[n] ?? 100)) / 100,
    minimumOrderQuantity: 20 * n,
    leadTime: `${n + 1}-${n + 3} business days`,
    leadTimeDays: { min: n + 1, max: n + 3 },
    validityPeriod: '30 days',
    validUntil: '2026-12-22',
    paymentTerms: n === 1 ? '30 days' : 'Cash on delivery',
    priceListDate: '2026-11-01',
    notes: 'Indicative price from the supplier’s price list.',
    aiInsights: {
      competitivePosition: 'best-balance',
      riskLevel: 'low',
      priceDifference: 0,
      recommendation: 'A sound choice.',
      qualityScore: 70 + n * 5,
      reliabilityRating: 80,
    },
    status: 'offered',
    trackingToken: `qt_${n}_secret${n}`,
    trackingUrl: `http://127.0.0.1/quote/qt_${n}_secret${n}`,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** Three quotes: Coastal Hygiene cheapest, Berea Supplies fastest-but-one, Umhlanga Chemicals dearest. */
export function threeQuotes(statuses: [QuoteStatus, QuoteStatus, QuoteStatus] = ['offered', 'offered', 'offered']): Quote[] {
  return [quote(1, 'Coastal Hygiene', 4000), quote(2, 'Berea Supplies', 4600), quote(3, 'Umhlanga Chemicals', 5200)].map((q, i) => ({
    ...q,
    status: statuses[i]!,
  }));
}

/** `GET /api/rfq/:rfqId`'s answer for the quotes (without their tokens, as the public results page gets them). */
export function rfqAnswer(quotes: Quote[], status: RfqStatus = 'open', overrides: Partial<Rfq> = {}): Rfq {
  return {
    rfqId: RFQ_ID,
    productName: 'Hand Sanitizer 70% Alcohol',
    deliveryLocation: 'Durban, KwaZulu-Natal',
    quantity: 200,
    unit: 'litres',
    supplierCount: 3,
    primaryEmail: 'b***@clinic.example.co.za',
    companySize: '250+',
    status,
    awardedQuoteId: quotes.find((q) => q.status === 'accepted' || q.status === 'confirmed')?.id ?? null,
    matching: { requested: 3, matched: quotes.length, message: `${quotes.length} suppliers quoted.` },
    quotes: quotes.map(({ trackingToken: _t, trackingUrl: _u, ...q }) => q),
    demo: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** The tracking answer (and an action's) for quote `n` of `quotes`. */
export function trackedAnswer(
  quotes: Quote[],
  n: number,
  rfqStatus: RfqStatus = 'open',
  overrides: Partial<QuoteActionResponse['quote']> = {},
): QuoteActionResponse {
  const q = quotes[n - 1]!;
  return {
    success: true,
    viewCount: 2,
    quote: {
      trackingToken: q.trackingToken!,
      quoteReference: q.id,
      viewCount: 2,
      firstViewedAt: '2026-11-22T10:05:00.000Z',
      lastViewedAt: '2026-11-22T11:30:00.000Z',
      status: q.status,
      statusChangedAt: q.status === 'offered' ? null : '2026-11-22T11:31:00.000Z',
      withdrawalReason: null,
      rfq: {
        rfqId: RFQ_ID,
        status: rfqStatus,
        awardedQuoteId: quotes.find((x) => x.status === 'accepted' || x.status === 'confirmed')?.id ?? null,
        companySize: '250+',
        quotes,
        demo: false,
      },
      quoteData: {
        productName: q.productName,
        quantity: q.quantity,
        unit: q.unit,
        supplier: q.supplier,
        currency: 'ZAR',
        unitPrice: q.unitPrice,
        totalPrice: q.totalPrice,
        vatAmount: q.vatAmount,
        totalPriceInclVat: q.totalPriceInclVat,
        leadTime: q.leadTime,
        minimumOrderQuantity: q.minimumOrderQuantity,
        validityPeriod: q.validityPeriod,
        validUntil: q.validUntil,
        paymentTerms: q.paymentTerms,
        priceListDate: q.priceListDate,
        notes: q.notes,
        aiInsights: q.aiInsights,
      },
      ...overrides,
    },
  };
}
