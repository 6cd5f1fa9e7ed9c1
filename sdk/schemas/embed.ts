import { z } from 'zod';
import { EMBED_BUDGET_RANGES, EMBED_MESSAGES, EMBED_MIN_LENGTH, EMBED_SOURCE, MAX_QUANTITY, RFQ_MESSAGES, toQuantity } from '../rules';
import { optionalText, rfqSubmissionSchema, rfqSubmitResponseSchema } from './rfq';
import { multiLine, singleLine } from './text';

const fields = rfqSubmissionSchema.shape;

/** Trimmed text of at least `min` characters, with the short form's message when missing or short. */
const requiredText = (min: number, max: number, message: string, tooLong: string, rule: z.core.$ZodCheck<string>) =>
  z.string({ error: message }).trim().check(rule).min(min, { error: message }).max(max, { error: tooLong });

/**
 * The embed widget's small form, as it posts to `POST /api/embed/rfq`, with its own messages and minimums. The request goes to three suppliers;
 * sending it agrees to the terms the form states.
 *
 * @example
 * embedRfqSchema.parse({ productName: 'Bleach 5L', productDescription: 'Thick bleach for ablution blocks, 5 litre cans', quantity: 40, location: 'Durban', contactEmail: 'ops@example.co.za', partnerId: 'p_123', source: 'embed-widget' });
 */
export const embedRfqSchema = z.object({
  productName: requiredText(EMBED_MIN_LENGTH.productName, 200, EMBED_MESSAGES.productName, RFQ_MESSAGES.productNameMax, singleLine('Product name')),
  productDescription: requiredText(
    EMBED_MIN_LENGTH.productDescription,
    5000,
    EMBED_MESSAGES.productDescription,
    RFQ_MESSAGES.productDescriptionMax,
    multiLine('Description'),
  ),
  // Non-numeric text is 0, and so 'Quantity required'.
  quantity: z.preprocess(
    toQuantity,
    z
      .number({ error: EMBED_MESSAGES.quantity })
      .min(1, { error: EMBED_MESSAGES.quantity })
      .int({ error: RFQ_MESSAGES.quantityWhole })
      .max(MAX_QUANTITY, { error: RFQ_MESSAGES.quantityMax }),
  ),
  budgetRange: z.enum(EMBED_BUDGET_RANGES, { error: RFQ_MESSAGES.budgetRange }).optional(),
  location: requiredText(EMBED_MIN_LENGTH.location, 120, EMBED_MESSAGES.location, RFQ_MESSAGES.deliveryLocationMax, singleLine('Location')),
  contactEmail: z
    .string({ error: EMBED_MESSAGES.contactEmail })
    .trim()
    .max(254, { error: EMBED_MESSAGES.contactEmail })
    .pipe(z.email({ error: EMBED_MESSAGES.contactEmail })),
  companyName: fields.companyName,
  companySize: fields.companySize,
  partnerId: fields.partnerId,
  embedId: fields.embedId,
  referrerUrl: fields.referrerUrl,
  source: z.literal(EMBED_SOURCE, { error: RFQ_MESSAGES.embedField }).default(EMBED_SOURCE),
});
/**
 * What a client sends to `POST /api/embed/rfq`.
 *
 * @example
 * const input: EmbedRfqInput = { productName: 'Bleach 5L', productDescription: 'For three sites', quantity: 40, location: 'Durban', contactEmail: 'ops@example.co.za' };
 */
export type EmbedRfqInput = z.input<typeof embedRfqSchema>;

/**
 * The answer to `POST /api/embed/rfq`: the request's id and its quotes.
 *
 * @example
 * const { rfqId, quotes } = embedRfqResponseSchema.parse(await res.json());
 */
export const embedRfqResponseSchema = rfqSubmitResponseSchema.pick({ rfqId: true, matching: true, quotes: true, emailDelivery: true, demo: true });
/**
 * The answer to `POST /api/embed/rfq`.
 *
 * @example
 * const sent: EmbedRfqResponse = await procura.embed.submitRfq(input);
 */
export type EmbedRfqResponse = z.infer<typeof embedRfqResponseSchema>;

/**
 * What the widget reports when it loads (`POST /api/analytics/widget-load`): no visitor data.
 *
 * @example
 * widgetLoadSchema.parse({ embedId: 'shop-footer', referrerUrl: 'https://shop.example.co.za/cleaning' });
 */
export const widgetLoadSchema = z.object({
  embedId: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,100}$/, { error: 'embedId must be 1 to 100 letters, digits or . _ : -' }),
  referrerUrl: optionalText(2000, RFQ_MESSAGES.embedField, 'Referrer address'),
  partnerId: optionalText(100, RFQ_MESSAGES.embedField, 'Partner id'),
  config: z
    .object({
      compact: z.boolean().optional(),
      theme: z.enum(['light', 'dark', 'branded']).optional(),
      hideProcuraBranding: z.boolean().optional(),
    })
    .optional(),
});
/**
 * What the widget reports when it loads.
 *
 * @example
 * const load: WidgetLoad = widgetLoadSchema.parse({ partnerId: 'p_123', embedId: 'quotes', config: { compact: true } });
 */
export type WidgetLoad = z.infer<typeof widgetLoadSchema>;

/**
 * Quantity bands that say how big a request is without its exact figure.
 *
 * @example
 * const band: (typeof QUANTITY_BANDS)[number] = '100-999';
 */
export const QUANTITY_BANDS = ['1-9', '10-99', '100-999', '1000+'] as const;

/**
 * One recent request that came through an embedded widget, with nothing that names the buyer:
 * the catalogue product (or its category), the city, a quantity band and the minute.
 *
 * @example
 * recentEmbedRfqsSchema.parse(json).rfqs[0].quantityBand; // '100-999'
 */
export const recentEmbedRfqSchema = z.object({
  product: z.string(),
  category: z.string(),
  city: z.string().nullable(),
  quantityBand: z.enum(QUANTITY_BANDS),
  receivedAt: z.string(),
});
/**
 * The answer to `GET /api/embed/recent`: the latest 10, newest first.
 *
 * @example
 * const { rfqs } = recentEmbedRfqsSchema.parse(await (await fetch('/api/embed/recent')).json());
 */
export const recentEmbedRfqsSchema = z.object({ rfqs: z.array(recentEmbedRfqSchema) });
/**
 * The answer to `GET /api/embed/recent`.
 *
 * @example
 * const recent: RecentEmbedRfqs = recentEmbedRfqsSchema.parse(json);
 */
export type RecentEmbedRfqs = z.infer<typeof recentEmbedRfqsSchema>;
