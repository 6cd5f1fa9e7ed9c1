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
  MAX_QUANTITY,
  MAX_SUPPLIER_COUNT,
  QUOTE_STATUSES,
  RFQ_MESSAGES,
  RFQ_STATUSES,
  isTrackingToken,
  splitEmails,
  toQuantity,
} from '../rules';

const EMAIL = z.email();

/**
 * An optional text field: trimmed, empty as absent, at most `max` characters.
 *
 * @example
 * const note = optionalText(500, 'Notes are at most 500 characters');
 */
export const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v));

/**
 * The quote request a buyer sends to `POST /api/rfq`, with the form's exact field messages.
 * `additionalEmails` is read as a comma-separated string and parsed to a list.
 *
 * @example
 * const result = rfqSubmissionSchema.safeParse(formValues);
 * if (!result.success) showErrors(result.error.issues);
 */
export const rfqSubmissionSchema = z.object({
  productName: z
    .string({ error: RFQ_MESSAGES.productName })
    .trim()
    .min(3, { error: RFQ_MESSAGES.productName })
    .max(200, { error: RFQ_MESSAGES.productNameMax }),
  productDescription: z
    .string({ error: RFQ_MESSAGES.productDescription })
    .trim()
    .min(20, { error: RFQ_MESSAGES.productDescription })
    .max(5000, { error: RFQ_MESSAGES.productDescriptionMax }),
  quantity: z.preprocess(
    toQuantity,
    z
      .number({ error: RFQ_MESSAGES.quantity })
      .min(1, { error: RFQ_MESSAGES.quantity })
      .int({ error: RFQ_MESSAGES.quantityWhole })
      .max(MAX_QUANTITY, { error: RFQ_MESSAGES.quantityMax }),
  ),
  unit: optionalText(30, RFQ_MESSAGES.unit),
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
  companyName: optionalText(200, RFQ_MESSAGES.companyName),
  contactName: optionalText(200, RFQ_MESSAGES.contactName),
  /** Employees; not personal data, so it stays after the buyer's details are deleted. */
  companySize: z
    .union([z.enum(COMPANY_SIZES, { error: RFQ_MESSAGES.companySize }), z.literal('')], {
      error: RFQ_MESSAGES.companySize,
    })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
  agreeTerms: z.literal(true, { error: RFQ_MESSAGES.agreeTerms }),
  embedId: optionalText(100, RFQ_MESSAGES.embedField),
  referrerUrl: optionalText(2000, RFQ_MESSAGES.embedField),
  embedSource: z.literal(EMBED_SOURCE, { error: RFQ_MESSAGES.embedField }).optional(),
  timestamp: optionalText(40, RFQ_MESSAGES.embedField),
  partnerId: optionalText(100, RFQ_MESSAGES.embedField),
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
 * Risk bands of a quote's supplier.
 *
 * @example
 * RISK_LEVELS.indexOf(quote.aiInsights.riskLevel);
 */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;

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
  rating: z.number(),
  verified: z.boolean(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  responseTimeHours: z.number().int(),
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
});
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
 * address was e-mailed. {@link emailNotSentMessage} turns it into the buyer's sentence.
 *
 * @example
 * emailNotSentMessage(emailDeliverySchema.parse(json.emailDelivery).notSent);
 */
export const emailDeliverySchema = z.object({
  notSent: z.array(z.object({ email: z.string(), reason: z.enum(EMAIL_NOT_SENT_REASONS) })),
});

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
  createdAt: isoDateTimeSchema,
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
  createdAt: isoDateTimeSchema,
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
 * A quote as its tracking link shows it.
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
  }),
  quoteData: z.object({
    productName: z.string(),
    quantity: z.number().int(),
    unit: z.string(),
    supplier: supplierSchema,
    currency: z.literal('ZAR'),
    unitPrice: randSchema,
    totalPrice: randSchema,
    vatAmount: randSchema,
    totalPriceInclVat: randSchema,
    leadTime: z.string(),
    minimumOrderQuantity: z.number().int(),
    validityPeriod: z.string(),
    validUntil: isoDateSchema,
    paymentTerms: z.string(),
    priceListDate: isoDateSchema,
    notes: z.string(),
    aiInsights: aiInsightsSchema,
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
 */
export const quoteActionResponseSchema = trackedQuoteResponseSchema;
/**
 * The answer to a buyer's action on a quote.
 *
 * @example
 * const answer: QuoteActionResponse = await procura.quotes.accept(token);
 */
export type QuoteActionResponse = z.infer<typeof quoteActionResponseSchema>;
