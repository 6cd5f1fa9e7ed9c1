// Kept whole: the published API's request and quote schemas refer to one another (a basket's
// lines, a quote's lines, the split), and the SDK's types come from them in one place.
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema, randSchema } from './common';
import {
  BUDGET_RANGES,
  COMPANY_SIZES,
  COMPETITIVE_POSITIONS,
  DEFAULT_SUPPLIER_COUNT,
  EMAIL_NOT_SENT_REASONS,
  EMBED_SOURCE,
  MAX_ADDITIONAL_EMAILS,
  MAX_BASKET_LINES,
  MAX_QUANTITY,
  MAX_SUPPLIER_COUNT,
  QUOTE_STATUSES,
  RFQ_MESSAGES,
  RFQ_STATUSES,
  isTrackingToken,
  splitEmails,
  toQuantity,
} from '../rules';
import { ORDER_LIMITS, ORDER_MESSAGES, RECEIPT_COMMENT_MAX, RECEIPT_MESSAGES, normalizePhone, normalizeVatNumber } from '../order-rules';
import { BBEE_EVIDENCE_KINDS, BBEE_LEVELS, BBEE_STATUSES } from '../bbee';
import { multiLine, multiLineText, singleLine } from './text';

const EMAIL = z.email();

/**
 * An optional text field: trimmed, empty as absent, at most `max` characters, keeping the text
 * rule (see {@link singleLine}) under the field's name, on one line unless `lines` is `'multi'`.
 *
 * @example
 * const note = optionalText(500, 'Notes are at most 500 characters', 'Notes', 'multi');
 */
export const optionalText = (max: number, message: string, field: string, lines: 'single' | 'multi' = 'single') =>
  z
    .string({ error: message })
    .trim()
    .check(lines === 'multi' ? multiLine(field) : singleLine(field))
    .max(max, { error: message })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v));

const productNameSchema = z
  .string({ error: RFQ_MESSAGES.productName })
  .trim()
  .check(singleLine('Product name'))
  .min(3, { error: RFQ_MESSAGES.productName })
  .max(200, { error: RFQ_MESSAGES.productNameMax });

/**
 * A quantity as the forms send it: digits as text or a number, a whole number from 1.
 *
 * @example
 * quantitySchema.parse('40'); // 40
 */
export const quantitySchema = z.preprocess(
  toQuantity,
  z
    .number({ error: RFQ_MESSAGES.quantity })
    .min(1, { error: RFQ_MESSAGES.quantity })
    .int({ error: RFQ_MESSAGES.quantityWhole })
    .max(MAX_QUANTITY, { error: RFQ_MESSAGES.quantityMax }),
);

/**
 * The quote request a buyer sends to `POST /api/rfq`, with the form's exact field messages.
 * `additionalEmails` is read as a comma-separated string and parsed to a list.
 *
 * @example
 * const result = rfqSubmissionSchema.safeParse(formValues);
 * if (!result.success) showErrors(result.error.issues);
 */
export const rfqSubmissionSchema = z.object({
  productName: productNameSchema,
  productDescription: multiLineText('Description', { min: 20, max: 5000 }, RFQ_MESSAGES.productDescription, RFQ_MESSAGES.productDescriptionMax),
  quantity: quantitySchema,
  unit: optionalText(30, RFQ_MESSAGES.unit, 'Unit'),
  budgetRange: z
    .union([z.enum(BUDGET_RANGES, { error: RFQ_MESSAGES.budgetRange }), z.literal('')], {
      error: RFQ_MESSAGES.budgetRange,
    })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
  supplierCount: z.preprocess(
    (v) => (v === undefined || v === null ? DEFAULT_SUPPLIER_COUNT : toQuantity(v)),
    z
      .number({ error: RFQ_MESSAGES.supplierCount })
      .int({ error: RFQ_MESSAGES.supplierCount })
      .min(1, { error: RFQ_MESSAGES.supplierCount })
      .max(MAX_SUPPLIER_COUNT, { error: RFQ_MESSAGES.supplierCount }),
  ),
  deliveryLocation: z
    .string({ error: RFQ_MESSAGES.deliveryLocation })
    .trim()
    .check(singleLine('Delivery location'))
    .min(2, { error: RFQ_MESSAGES.deliveryLocation })
    .max(120, { error: RFQ_MESSAGES.deliveryLocationMax }),
  primaryEmail: z
    .string({ error: RFQ_MESSAGES.primaryEmail })
    .trim()
    .max(254, { error: RFQ_MESSAGES.primaryEmail })
    .pipe(z.email({ error: RFQ_MESSAGES.primaryEmail })),
  additionalEmails: z
    .string({ error: RFQ_MESSAGES.additionalEmails })
    .max(2000, { error: RFQ_MESSAGES.additionalEmails })
    .optional()
    .transform((v, ctx) => {
      const emails = v === undefined ? [] : splitEmails(v);
      if (emails.length > MAX_ADDITIONAL_EMAILS || emails.some((e) => !EMAIL.safeParse(e).success)) {
        ctx.addIssue({ code: 'custom', message: RFQ_MESSAGES.additionalEmails });
        return z.NEVER;
      }
      return [...new Set(emails.map((e) => e.toLowerCase()))];
    }),
  companyName: optionalText(200, RFQ_MESSAGES.companyName, 'Company name'),
  contactName: optionalText(200, RFQ_MESSAGES.contactName, 'Contact name'),
  /** Employees; not personal data, so it stays after the buyer's details are deleted. */
  companySize: z
    .union([z.enum(COMPANY_SIZES, { error: RFQ_MESSAGES.companySize }), z.literal('')], {
      error: RFQ_MESSAGES.companySize,
    })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
  agreeTerms: z.literal(true, { error: RFQ_MESSAGES.agreeTerms }),
  embedId: optionalText(100, RFQ_MESSAGES.embedField, 'Embed id'),
  referrerUrl: optionalText(2000, RFQ_MESSAGES.embedField, 'Referrer address'),
  embedSource: z.literal(EMBED_SOURCE, { error: RFQ_MESSAGES.embedField }).optional(),
  timestamp: optionalText(40, RFQ_MESSAGES.embedField, 'Timestamp'),
  partnerId: optionalText(100, RFQ_MESSAGES.embedField, 'Partner id'),
});

/**
 * What a client sends to `POST /api/rfq` (before parsing).
 *
 * @example
 * const input: RfqSubmissionInput = { productName: 'Bleach', productDescription: 'For the wards', quantity: '40', deliveryLocation: 'Durban', primaryEmail: 'b@example.co.za', agreeTerms: true };
 */
export type RfqSubmissionInput = z.input<typeof rfqSubmissionSchema>;
/**
 * A quote request after parsing: trimmed text, numeric quantity, list of additional e-mails.
 *
 * @example
 * const submission: RfqSubmission = rfqSubmissionSchema.parse(input);
 * submission.quantity; // 40
 */
export type RfqSubmission = z.output<typeof rfqSubmissionSchema>;

/**
 * One product of a basket: read as a single request's product is, with the same messages.
 *
 * @example
 * basketLineSchema.parse({ productName: 'Household Bleach', quantity: '40', unit: 'litres' });
 */
export const basketLineSchema = z.object({
  productName: productNameSchema,
  productDescription: optionalText(500, RFQ_MESSAGES.lineDescriptionMax, 'Description', 'multi'),
  quantity: quantitySchema,
  unit: optionalText(30, RFQ_MESSAGES.unit, 'Unit'),
});
/**
 * One product of a basket after parsing.
 *
 * @example
 * const line: BasketLine = { productName: 'Household Bleach', quantity: 40, unit: 'litres', productDescription: undefined };
 */
export type BasketLine = z.output<typeof basketLineSchema>;

/**
 * A basket sent to `POST /api/rfq`: 1 to 50 `lines` with the shared fields of a single request
 * (delivery location, supplier count, contact, company size, terms). A failing line's field is
 * named by its place, from 0: `details.fields["lines.3.quantity"]`.
 *
 * @example
 * rfqBasketSubmissionSchema.parse({ lines: [{ productName: 'Household Bleach', quantity: 40 }], deliveryLocation: 'Durban', primaryEmail: 'b@example.co.za', agreeTerms: true });
 */
export const rfqBasketSubmissionSchema = rfqSubmissionSchema.omit({ productName: true, productDescription: true, quantity: true, unit: true }).extend({
  lines: z.array(basketLineSchema, { error: RFQ_MESSAGES.lines }).min(1, { error: RFQ_MESSAGES.lines }).max(MAX_BASKET_LINES, { error: RFQ_MESSAGES.lines }),
});
/**
 * What a client sends to `POST /api/rfq` for a basket (before parsing).
 *
 * @example
 * const input: RfqBasketSubmissionInput = { lines: [{ productName: 'Bleach', quantity: '40' }], deliveryLocation: 'Durban', primaryEmail: 'b@example.co.za', agreeTerms: true };
 */
export type RfqBasketSubmissionInput = z.input<typeof rfqBasketSubmissionSchema>;
/**
 * A basket after parsing.
 *
 * @example
 * const basket: RfqBasketSubmission = rfqBasketSubmissionSchema.parse(input);
 */
export type RfqBasketSubmission = z.output<typeof rfqBasketSubmissionSchema>;

/**
 * Risk bands of a quote's supplier.
 *
 * @example
 * RISK_LEVELS.indexOf(quote.aiInsights.riskLevel);
 */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;

/**
 * A supplier's B-BBEE standing on the day of the answer: its level (null when non-compliant or
 * none is on file), evidence and expiry, `status` and the procurement recognition in percent
 * (0 unless `valid`; see `BBEE_RECOGNITION`).
 *
 * @example
 * bbeeStandingSchema.parse(quote.supplier.bbee).recognitionPercent; // 125
 */
export const bbeeStandingSchema = z.object({
  level: z.number().int().min(1).max(BBEE_LEVELS.length).nullable(),
  evidence: z.enum(BBEE_EVIDENCE_KINDS).nullable(),
  expiresOn: isoDateSchema.nullable(),
  status: z.enum(BBEE_STATUSES),
  recognitionPercent: z.number().int().min(0),
});

/**
 * A supplier's record on Procura over the last 12 months: the buyers' receipts of the orders it
 * confirmed. New until 3 receipts count: no average, and `text` says so.
 */
const supplierRecordSchema = z.object({
  /** Receipts that count: of orders the supplier confirmed, from buyers outside its own e-mail domain. */
  receipts: z.number().int().nonnegative(),
  /** Of them, received on time and in full. */
  onTimeInFull: z.number().int().nonnegative(),
  /** The buyers' average rating, 1 to 5 to one decimal; null while new. */
  ratingAverage: z.number().min(1).max(5).nullable(),
  ratingCount: z.number().int().nonnegative(),
  new: z.boolean(),
  /** The record in words: "Delivered on time and in full for 9 of 10 orders on Procura in the last 12 months", or "New on Procura". */
  text: z.string(),
  /** The rating in words: "4.6 from 12 buyers", or "New on Procura". */
  ratingText: z.string(),
});

/**
 * The supplier behind a quote.
 *
 * @example
 * supplierSchema.parse(quote.supplier).name;
 */
export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  province: z.string(),
  /** The buyers' average rating (`record.ratingAverage`), 0 while the supplier is new on Procura: read `record`. */
  rating: z.number(),
  /** Its record on Procura; every answer of this version carries it (optional for answers of earlier servers). */
  record: supplierRecordSchema.optional(),
  verified: z.boolean(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  /** How many hours the supplier usually takes to answer; null when none is recorded. */
  responseTimeHours: z.number().int().nullable(),
  /** The supplier's VAT number (10 digits starting with 4); null when Procura has none on file. */
  vatNumber: z.string().nullable(),
  /** The supplier's registered address; null when Procura has none on file. */
  registeredAddress: z.string().nullable(),
  bbee: bbeeStandingSchema,
});
/**
 * The supplier behind a quote.
 *
 * @example
 * const { name, rating }: Supplier = quote.supplier;
 */
export type Supplier = z.infer<typeof supplierSchema>;

/**
 * How a quote compares with the rest of its set, with the reasons spelled out.
 *
 * @example
 * aiInsightsSchema.parse(quote.aiInsights).riskLevel; // 'low'
 */
export const aiInsightsSchema = z.object({
  competitivePosition: z.enum(COMPETITIVE_POSITIONS),
  riskLevel: z.enum(RISK_LEVELS),
  priceDifference: z.number(),
  recommendation: z.string(),
  qualityScore: z.number().int().min(0).max(100),
  reliabilityRating: z.number().int().min(0).max(100),
});
/**
 * A quote's insights.
 *
 * @example
 * const { recommendation }: AiInsights = quote.aiInsights;
 */
export type AiInsights = z.infer<typeof aiInsightsSchema>;

/**
 * How one supplier prices one line of a basket (`quote.lines`).
 *
 * @example
 * quote.lines?.map((l) => quoteLineSchema.parse(l).totalPrice);
 */
export const quoteLineSchema = z.object({
  /** The basket line it prices (`L1` is the first). */
  lineId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  pricingBasis: z.enum(['price-list', 'category-estimate']),
  listUnitPrice: randSchema,
  unitPrice: randSchema,
  discountPercent: z.number(),
  totalPrice: randSchema,
  minimumOrderQuantity: z.number().int(),
  leadTime: z.string(),
  /**
   * `offered`; `accepted` once the buyer awards the line to this quote; `not_selected` once to
   * another; `withdrawn` once its supplier withdrew from it.
   */
  status: z.enum(['offered', 'accepted', 'not_selected', 'withdrawn']),
  /** When the supplier made this line's price firm; absent while it is the indicative price from its list. */
  firmedAt: isoDateTimeSchema.optional(),
  /** On a firmed line, the indicative unit price (excl. VAT) it was first quoted at. */
  indicativeUnitPrice: randSchema.optional(),
  /** On a line its supplier withdrew before an order, the reason it gave. */
  withdrawalReason: z.string().optional(),
});
/**
 * How one supplier prices one line of a basket.
 *
 * @example
 * const line: QuoteLine = quote.lines![0]!;
 */
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/**
 * A purchase order Procura issued when the buyer accepted a quote: its number (which the
 * supplier's tax invoice names), the day it was issued and the day to deliver by (the day of
 * acceptance plus the quote's longest lead time), a basket order's lines, and where it stands:
 * `sent` until the supplier answers, then `confirmed`, or `cancelled` when the supplier withdrew.
 *
 * @example
 * const [order] = quote.orders ?? [];
 * if (order?.status === 'sent') showAwaitingConfirmation(order.purchaseOrderNumber);
 */
export const purchaseOrderSummarySchema = z.object({
  purchaseOrderNumber: z.string(),
  issuedOn: isoDateSchema,
  deliverBy: isoDateSchema,
  /** A basket order's lines (`L1` is the first); null for one product. */
  lineIds: z.array(z.string()).nullable(),
  status: z.enum(['sent', 'confirmed', 'cancelled']),
  /**
   * The promised day: the day of acceptance plus the quote's longest lead time, in Johannesburg
   * days (the same day as `deliverBy`). A receipt on or before it is on time.
   */
  promisedOn: isoDateSchema,
  /** The day the supplier says it delivered; null until it says so. */
  deliveredOn: isoDateSchema.nullable(),
  /** The buyer's receipt of the order, once recorded; null before. */
  receipt: z
    .object({
      receivedOn: isoDateSchema,
      inFull: z.boolean(),
      /** 1 to 5. */
      rating: z.number().int(),
      /** Received on or before `promisedOn`. */
      onTime: z.boolean(),
    })
    .nullable(),
});
/**
 * A purchase order as a quote lists it.
 *
 * @example
 * const order: PurchaseOrderSummary = quote.orders![0]!;
 */
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

/**
 * One priced quote. Amounts are rand; `totalPrice` excludes VAT and `totalPriceInclVat` includes it.
 * `trackingToken` and `trackingUrl` are only given to the buyer who submitted the request.
 *
 * @example
 * const quote = quoteSchema.parse(json.quotes[0]);
 * console.log(`${quote.supplier.name}: R${quote.totalPrice} excl. VAT`);
 */
export const quoteSchema = z.object({
  id: z.string(),
  rank: z.number().int().min(1),
  supplier: supplierSchema,
  productName: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  pricingBasis: z.enum(['price-list', 'category-estimate']),
  currency: z.literal('ZAR'),
  listUnitPrice: randSchema,
  unitPrice: randSchema,
  discountPercent: z.number(),
  totalPrice: randSchema,
  vatRate: z.number(),
  vatAmount: randSchema,
  totalPriceInclVat: randSchema,
  /** The total excl. VAT as B-BBEE procurement recognises it: times the supplier's recognition. */
  recognisedSpend: randSchema,
  minimumOrderQuantity: z.number().int(),
  leadTime: z.string(),
  leadTimeDays: z.object({ min: z.number().int(), max: z.number().int() }),
  validityPeriod: z.string(),
  validUntil: isoDateSchema,
  paymentTerms: z.string(),
  priceListDate: isoDateSchema,
  notes: z.string(),
  aiInsights: aiInsightsSchema,
  /** Where the quote stands; `offered` when it is made. */
  status: z.enum(QUOTE_STATUSES),
  trackingToken: z.string().optional(),
  trackingUrl: z.string().optional(),
  createdAt: isoDateTimeSchema,
  /** When the supplier made this price firm; absent while it is the indicative price from its list. */
  firmedAt: isoDateTimeSchema.optional(),
  /** On a firmed quote, the indicative unit price (excl. VAT) it was first made at. */
  indicativeUnitPrice: randSchema.optional(),
  /** On a firmed quote, the indicative total (excl. VAT) it was first made at. */
  indicativeTotalPrice: randSchema.optional(),
  /** On a firmed quote, the supplier's note to the buyer. */
  supplierNote: z.string().optional(),
  /** On a withdrawn quote, the reason its supplier gave, when it gave one. */
  withdrawalReason: z.string().optional(),
  /** A basket's quote only: the lines this supplier quotes; its prices are the totals of the lines it has not withdrawn. */
  lines: z.array(quoteLineSchema).optional(),
  /** A basket's quote only: how many of the basket's lines it quotes and has not withdrawn ("8 of 10 lines"). */
  coverage: z.object({ covered: z.number().int(), total: z.number().int(), text: z.string() }).optional(),
  /** A basket's quote only: the supplier's minimum order excl. VAT (0 for none). */
  minimumOrder: randSchema.optional(),
  /**
   * The purchase orders placed on this quote, first issued first, once the buyer accepted it (a
   * basket's supplier may be ordered from twice); absent before. Its PDF is the tracking link's
   * `purchase-order.pdf?po={purchaseOrderNumber}`.
   */
  orders: z.array(purchaseOrderSummarySchema).optional(),
});
/**
 * The terms of a quote that every later view of it repeats (the tracking page, the supplier's
 * answer page): what, how much, at what price, delivered when, paid how, and until when it holds.
 *
 * @example
 * quoteSchema.pick(QUOTE_TERMS).parse(quote).totalPriceInclVat;
 */
export const QUOTE_TERMS = {
  productName: true,
  quantity: true,
  unit: true,
  currency: true,
  unitPrice: true,
  totalPrice: true,
  vatAmount: true,
  totalPriceInclVat: true,
  leadTime: true,
  paymentTerms: true,
  validUntil: true,
} as const;

/**
 * One priced quote.
 *
 * @example
 * const cheapest: Quote = response.quotes[0];
 */
export type Quote = z.infer<typeof quoteSchema>;

/**
 * How many suppliers were asked for and how many qualified, with a sentence for the buyer.
 *
 * @example
 * if (json.matching.matched < json.matching.requested) notify(json.matching.message);
 */
export const matchingSchema = z.object({
  requested: z.number().int(),
  matched: z.number().int(),
  message: z.string(),
});

/**
 * The addresses the quotes were not e-mailed to, masked, each with its reason; empty when every
 * address was e-mailed. `emailNotSentMessage` turns it into the buyer's sentence.
 *
 * @example
 * emailNotSentMessage(emailDeliverySchema.parse(json.emailDelivery).notSent);
 */
export const emailDeliverySchema = z.object({
  notSent: z.array(z.object({ email: z.string(), reason: z.enum(EMAIL_NOT_SENT_REASONS) })),
});

/**
 * One product of a basket request (`lines` of the answers).
 *
 * @example
 * rfqLineSchema.parse(rfq.lines![0]).lineId; // 'L1'
 */
export const rfqLineSchema = z.object({
  lineId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
});
/**
 * One product of a basket request, as stored.
 *
 * @example
 * rfq.lines?.map((l) => `${l.quantity} ${l.unit} of ${l.productName}`);
 */
export type RfqLine = z.infer<typeof rfqLineSchema>;

/**
 * A way to order a basket: which quote each line goes to, with the totals.
 *
 * @example
 * basketOptionSchema.parse(rfq.split!.split).deliveries;
 */
export const basketOptionSchema = z.object({
  /** Per line of the basket, the quote it goes to, or null when no supplier quotes it. */
  lines: z.array(z.object({ lineId: z.string(), quoteId: z.string().nullable() })),
  covered: z.number().int(),
  totalPrice: randSchema,
  vatAmount: randSchema,
  totalPriceInclVat: randSchema,
  /** One per supplier ordered from. */
  deliveries: z.number().int(),
  suppliers: z.array(z.object({ quoteId: z.string(), lineIds: z.array(z.string()), totalPrice: randSchema })),
});
/**
 * A way to order a basket: which quote each line goes to, with the totals.
 *
 * @example
 * option.suppliers.map((s) => s.quoteId);
 */
export type BasketOption = z.infer<typeof basketOptionSchema>;

/**
 * The cheapest split of a basket beside the best single supplier (`split` of the answers).
 *
 * @example
 * basketSplitSchema.parse(rfq.split).saving;
 */
export const basketSplitSchema = z.object({
  /** The cheapest assignment of the lines to the quotes, each supplier's minimum order respected. */
  split: basketOptionSchema,
  /** The cheapest quote covering the whole basket, else the one covering most of it; null when none meets its minimum. */
  single: basketOptionSchema.nullable(),
  /** What the split saves against the single quote excl. VAT, when both cover the same lines. */
  saving: randSchema.nullable(),
  /** Deliveries the split takes beyond the single quote's one. */
  extraDeliveries: z.number().int(),
  message: z.string(),
});
/**
 * The cheapest split of a basket beside the best single supplier.
 *
 * @example
 * if (rfq.split && rfq.split.saving) console.log(`Save R${rfq.split.saving}`);
 */
export type BasketSplit = z.infer<typeof basketSplitSchema>;

/**
 * The answer to `POST /api/rfq` (HTTP 201).
 *
 * @example
 * const { rfqId, quotes } = rfqSubmitResponseSchema.parse(await res.json());
 */
export const rfqSubmitResponseSchema = z.object({
  rfqId: z.string().regex(/^\d{15,}$/),
  productName: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  deliveryLocation: z.string(),
  supplierCount: z.number().int(),
  primaryEmail: z.string(),
  companySize: z.enum(COMPANY_SIZES).nullable(),
  status: z.enum(RFQ_STATUSES),
  matching: matchingSchema,
  quotes: z.array(quoteSchema),
  emailDelivery: emailDeliverySchema,
  /**
   * A request from Procura's widget demo (`/widget-demo`): quoted and e-mailed to the buyer, marked
   * as a demo, told to no supplier, and its quotes cannot be accepted.
   */
  demo: z.boolean().default(false),
  createdAt: isoDateTimeSchema,
  /** A basket only: its lines. */
  lines: z.array(rfqLineSchema).optional(),
  /** A basket only: the cheapest split beside the best single supplier. */
  split: basketSplitSchema.optional(),
});
/**
 * The answer to `POST /api/rfq`.
 *
 * @example
 * const response: RfqSubmitResponse = await procura.rfq.submit(input);
 */
export type RfqSubmitResponse = z.infer<typeof rfqSubmitResponseSchema>;

/**
 * A stored request with its quotes, as `GET /api/rfq/:rfqId` answers; the e-mail is masked.
 *
 * @example
 * const rfq = rfqSchema.parse(await res.json());
 * rfq.primaryEmail; // 'j***@example.co.za'
 */
export const rfqSchema = z.object({
  rfqId: z.string(),
  productName: z.string(),
  deliveryLocation: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  supplierCount: z.number().int(),
  /** Masked; null once the buyer's personal data was deleted, 72 hours after the request ended. */
  primaryEmail: z.string().nullable(),
  companySize: z.enum(COMPANY_SIZES).nullable(),
  status: z.enum(RFQ_STATUSES),
  /** The accepted quote's `id` once the request is awarded, else null. */
  awardedQuoteId: z.string().nullable(),
  matching: matchingSchema,
  quotes: z.array(quoteSchema),
  /**
   * A request from Procura's widget demo (`/widget-demo`): quoted and e-mailed to the buyer, marked
   * as a demo, told to no supplier, and its quotes cannot be accepted.
   */
  demo: z.boolean().default(false),
  createdAt: isoDateTimeSchema,
  /** A basket only: its lines. */
  lines: z.array(rfqLineSchema).optional(),
  /** A basket only: the cheapest split beside the best single supplier, as things now stand. */
  split: basketSplitSchema.optional(),
});
/**
 * A stored request with its quotes.
 *
 * @example
 * const rfq: Rfq = await procura.rfq.get(rfqId);
 */
export type Rfq = z.infer<typeof rfqSchema>;

/**
 * The path of `GET /api/rfq/:rfqId`: an RFQ id is 15 to 20 digits.
 *
 * @example
 * rfqPathSchema.safeParse({ rfqId: '12345' }).success; // false
 */
export const rfqPathSchema = z.object({ rfqId: z.string().regex(/^\d{15,20}$/, { error: 'An RFQ id is 15 to 20 digits' }) });

/**
 * The path of `GET /api/quotes/track/:token`: a tracking token starts with `qt_`.
 *
 * @example
 * trackingPathSchema.safeParse({ token: 'abc' }).success; // false
 */
export const trackingPathSchema = z.object({ token: z.string().refine(isTrackingToken, { error: 'Invalid tracking token' }) });

/**
 * The query of `GET /api/quotes/track/:token`: `view=own` when the buyer opens their own quote
 * (from their e-mail, or where they sent the request), so the view is not counted as someone else's.
 *
 * @example
 * trackingQuerySchema.parse({ view: 'own' }); // { view: 'own' }
 */
export const trackingQuerySchema = z.object({ view: z.literal('own', { error: "view is 'own' or not given" }).optional() });

/**
 * The query of a purchase order's PDF: which of the quote's orders (`PO-2026-000123`), its latest
 * when not given; a basket's supplier ordered from twice has two.
 *
 * @example
 * purchaseOrderQuerySchema.parse({ po: 'PO-2026-000123' });
 */
export const purchaseOrderQuerySchema = z.object({
  po: z
    .string()
    .regex(/^PO-\d{4}-\d{6}$/, { error: 'po is a purchase order number such as PO-2026-000123' })
    .optional(),
});

/**
 * A quote as its tracking link shows it. `viewCount`, `firstViewedAt` and `lastViewedAt` are of
 * views by anyone but the buyer (the first and last are the quote's creation while there are none).
 *
 * @example
 * const { quote, viewCount } = trackedQuoteResponseSchema.parse(await res.json());
 */
export const trackedQuoteSchema = z.object({
  trackingToken: z.string(),
  quoteReference: z.string(),
  viewCount: z.number().int(),
  firstViewedAt: isoDateTimeSchema,
  lastViewedAt: isoDateTimeSchema,
  status: z.enum(QUOTE_STATUSES),
  /** When the status last changed (the buyer's or the supplier's action), null while offered. */
  statusChangedAt: isoDateTimeSchema.nullable(),
  /** The supplier's reason, once it withdrew after acceptance. */
  withdrawalReason: z.string().nullable(),
  /**
   * The request the quote answers, with all its quotes (each with its own tracking token: the
   * holder of one of them is the buyer), for comparing them side by side and accepting one.
   */
  rfq: z.object({
    rfqId: z.string(),
    status: z.enum(RFQ_STATUSES),
    awardedQuoteId: z.string().nullable(),
    companySize: z.enum(COMPANY_SIZES).nullable(),
    quotes: z.array(quoteSchema),
    /** A request from the widget demo: its quotes cannot be accepted (see `rfqSchema`). */
    demo: z.boolean().default(false),
  }),
  /** The quote's own terms as the tracking page shows them, each as {@link quoteSchema} has it. */
  quoteData: quoteSchema.pick({
    ...QUOTE_TERMS,
    supplier: true,
    minimumOrderQuantity: true,
    validityPeriod: true,
    priceListDate: true,
    notes: true,
    aiInsights: true,
    firmedAt: true,
    indicativeUnitPrice: true,
    indicativeTotalPrice: true,
    supplierNote: true,
  }),
});
/**
 * A quote as its tracking link shows it.
 *
 * @example
 * const { viewCount, quoteData }: TrackedQuote = (await procura.quotes.track(token)).quote;
 */
export type TrackedQuote = z.infer<typeof trackedQuoteSchema>;

/**
 * The answer to `GET /api/quotes/track/:token`.
 *
 * @example
 * trackedQuoteResponseSchema.parse(json).quote.quoteData.supplier.name;
 */
export const trackedQuoteResponseSchema = z.object({
  success: z.literal(true),
  quote: trackedQuoteSchema,
  viewCount: z.number().int(),
});
/**
 * The answer to `GET /api/quotes/track/:token`.
 *
 * @example
 * const tracked: TrackedQuoteResponse = await procura.quotes.track(token);
 */
export type TrackedQuoteResponse = z.infer<typeof trackedQuoteResponseSchema>;

/**
 * The answer to the buyer's actions on a quote (`POST /api/quotes/track/:token/accept`,
 * `.../decline`, `.../close`): the quote and its request as they now stand. An action counts no
 * view; repeating one that already took effect changes nothing and answers the same.
 *
 * @example
 * const { quote } = quoteActionResponseSchema.parse(await res.json());
 * quote.rfq.status; // 'awarded'
 * @alias trackedQuoteResponseSchema
 */
export const quoteActionResponseSchema = trackedQuoteResponseSchema;
/**
 * The answer to a buyer's action on a quote.
 *
 * @example
 * const answer: QuoteActionResponse = await procura.quotes.accept(token, { deliveryAddress: '12 Long Street, Cape Town, 8001', phone: '082 123 4567' });
 */
export type QuoteActionResponse = z.infer<typeof quoteActionResponseSchema>;

/** Adds a field's message and gives up the value: how a transform refuses what it cannot read. */
function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/**
 * What the buyer gives when accepting a quote (`POST /api/quotes/track/:token/accept`), so the
 * supplier can deliver: the street address and a South African phone number (required; the phone
 * is answered in +27 form), a purchase-order reference and a VAT number (10 digits starting with
 * 4) when the buyer has them. The accepted supplier sees them; they are deleted with the buyer's
 * e-mail address.
 *
 * @example
 * orderDetailsSchema.parse({ deliveryAddress: '12 Long Street, Cape Town, 8001', phone: '082 123 4567' });
 * // { deliveryAddress: '12 Long Street, Cape Town, 8001', phone: '+27 82 123 4567', purchaseOrderReference: null, vatNumber: null }
 */
export const orderDetailsSchema = z.strictObject({
  deliveryAddress: multiLineText('Delivery address', ORDER_LIMITS.deliveryAddress, ORDER_MESSAGES.deliveryAddress, ORDER_MESSAGES.deliveryAddressMax),
  phone: z
    .string({ error: ORDER_MESSAGES.phone })
    .check(singleLine('Phone number'))
    .max(ORDER_LIMITS.phone.max, { error: ORDER_MESSAGES.phone })
    .transform((v, ctx) => normalizePhone(v) ?? refuse(ctx, ORDER_MESSAGES.phone)),
  purchaseOrderReference: optionalText(ORDER_LIMITS.purchaseOrderReference.max, ORDER_MESSAGES.purchaseOrderReference, 'Purchase order reference').transform(
    (v) => v ?? null,
  ),
  vatNumber: optionalText(40, ORDER_MESSAGES.vatNumber, 'VAT number').transform((v, ctx) =>
    v === undefined ? null : (normalizeVatNumber(v) ?? refuse(ctx, ORDER_MESSAGES.vatNumber)),
  ),
});
/**
 * What the buyer sends to accept a quote.
 *
 * @example
 * await procura.quotes.accept(token, { deliveryAddress: '12 Long Street, Cape Town, 8001', phone: '082 123 4567', vatNumber: '4123456789' });
 */
export type OrderDetailsInput = z.input<typeof orderDetailsSchema>;
/**
 * The order details as stored and shown to the accepted supplier: the phone in +27 form, what was
 * not given null.
 *
 * @example
 * const details: OrderDetails = orderDetailsSchema.parse(body);
 */
export type OrderDetails = z.output<typeof orderDetailsSchema>;
/** A basket line's id as the API names it: `L1` is the first line. */
const lineIdSchema = z.string().regex(/^L[1-9]\d?$/, { error: 'Each line is named L1 to L50' });

/**
 * What the buyer sends to accept a quote (`POST /api/quotes/track/:token/accept`): the order
 * details and, for a basket, the lines awarded to this supplier (`lineIds`, by default every line
 * of the quote not yet awarded to another). The lines left unawarded stay open for the others.
 *
 * @example
 * acceptQuoteSchema.parse({ deliveryAddress: '12 Long Street, Cape Town, 8001', phone: '082 123 4567', lineIds: ['L1', 'L3'] });
 */
export const acceptQuoteSchema = orderDetailsSchema.extend({
  lineIds: z
    .array(lineIdSchema, { error: 'Choose the lines to accept, e.g. ["L1", "L3"]' })
    .min(1, { error: 'Choose at least one line to accept' })
    .max(50, { error: 'A basket has at most 50 lines' })
    .optional(),
});
/**
 * What the buyer sends to accept a quote, or some lines of a basket's quote.
 *
 * @example
 * await procura.quotes.accept(token, { deliveryAddress: '12 Long Street, Cape Town, 8001', phone: '082 123 4567', lineIds: ['L2'] });
 */
export type AcceptQuoteInput = z.input<typeof acceptQuoteSchema>;

/**
 * A purchase order's number as the delivery and receipt calls name it.
 *
 * @example
 * purchaseOrderNumberSchema.parse('PO-2026-000123');
 */
export const purchaseOrderNumberSchema = z.string().regex(/^PO-\d{4}-\d{6}$/, { error: RECEIPT_MESSAGES.purchaseOrderNumber });

/**
 * The buyer's receipt of an order (`POST /api/quotes/track/:token/receipt`): the Johannesburg day
 * it arrived (not before the order, not after today), whether everything arrived, a rating of the
 * supplier from 1 to 5 and an optional comment of at most 1,000 characters. It acts on the quote's
 * newest order without a receipt, or the one `purchaseOrderNumber` names. Recorded once: the same
 * body again answers the same, a different one is refused (409 `receipt_recorded`).
 *
 * @example
 * orderReceiptSchema.parse({ receivedOn: '2026-12-10', inFull: true, rating: 5 });
 */
export const orderReceiptSchema = z.strictObject({
  receivedOn: z.string({ error: RECEIPT_MESSAGES.receivedOn }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: RECEIPT_MESSAGES.receivedOn }),
  inFull: z.boolean({ error: RECEIPT_MESSAGES.inFull }),
  rating: z
    .number({ error: RECEIPT_MESSAGES.rating })
    .int({ error: RECEIPT_MESSAGES.rating })
    .min(1, { error: RECEIPT_MESSAGES.rating })
    .max(5, { error: RECEIPT_MESSAGES.rating }),
  comment: optionalText(RECEIPT_COMMENT_MAX, RECEIPT_MESSAGES.comment, 'Comment', 'multi').transform((v) => v ?? null),
  purchaseOrderNumber: purchaseOrderNumberSchema.optional(),
});
/**
 * What the buyer sends to confirm receipt of an order.
 *
 * @example
 * await procura.quotes.confirmReceipt(token, { receivedOn: '2026-12-10', inFull: true, rating: 4, comment: 'Two boxes were dented.' });
 */
export type OrderReceiptInput = z.input<typeof orderReceiptSchema>;
