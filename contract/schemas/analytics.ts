// Kept whole: the analytics contract (events, consent, the dashboards) is one concept whose shapes
// refer to one another.
/**
 * Consent-gated site analytics, proof of consent, buyers' data requests and the staff's
 * analytics view. The portal sends events only with the visitor's consent; every schema here
 * refuses what could carry a person: unknown fields, query strings, tokens, anything shaped like
 * an e-mail address or a phone number. Not part of the published package.
 *
 * @module
 */
import { z } from 'zod';
import { singleLine } from '../../sdk/schemas/text';
import { numberInput } from '../../sdk/numbers';
import { ANALYTICS_SESSION_ID, carriesContact, FORM_FIELD_NAMES } from '../analytics-rules';

export { ANALYTICS_SESSION_ID } from '../analytics-rules';

/**
 * The analytics events, one endpoint each: `POST /api/analytics/{type}`.
 *
 * @example
 * ANALYTICS_EVENT_TYPES.includes('page-view'); // true
 */
export const ANALYTICS_EVENT_TYPES = ['page-view', 'product-interest', 'form-interaction', 'quote-request'] as const;
/**
 * An analytics event type.
 *
 * @example
 * const type: AnalyticsEventType = 'quote-request';
 */
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/**
 * What the analytics calls refuse, in one place.
 *
 * @example
 * ANALYTICS_MESSAGES.email; // 'must not contain an e-mail address'
 */
export const ANALYTICS_MESSAGES = {
  unknownField: 'is not a field of this event',
  email: 'must not contain an e-mail address',
  phone: 'must not contain a phone number',
  pathStart: 'must start with /',
  query: 'must not carry a query string or fragment',
  pathCharacters: 'may hold only letters, digits and / _ : . -',
  token: 'must not carry a token or id: send the route pattern, such as /quote/:token',
  sessionId: 'X-Session-ID must be 21 letters, digits, _ or -',
  sessionIdMatch: 'must equal the X-Session-ID header',
  catalogue: 'must be the name of a catalogue product',
  category: 'must be the category of that catalogue product',
  city: 'must be a city of Procura\u2019s list',
  fieldName: 'is needed for field_change, and only then',
  consentId: 'must be 21 letters, digits, _ or -',
  dataRequestEmail: 'Please enter a valid email address',
  dataRequestToken: 'This link has expired or was already used. Ask for a new one.',
} as const;

const TOKEN_SEGMENT = /(^|\/)(qt|da|dr|st|p)_[A-Za-z0-9]/;

/** A text refused when it holds an address or a number a person could be reached on. */
const plainText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .check(singleLine(field))
    .min(1)
    .max(max)
    .refine((v) => carriesContact(v) !== 'email', { error: ANALYTICS_MESSAGES.email })
    .refine((v) => carriesContact(v) !== 'phone', { error: ANALYTICS_MESSAGES.phone });

/**
 * A page's route pattern: `/`, `/quote/:token`, `/quote-success`; never a query string, a token or an id.
 *
 * @example
 * analyticsPathSchema.parse('/quote/:token');
 */
const analyticsPathSchema = z
  .string()
  .max(200)
  .refine((v) => v.startsWith('/'), { error: ANALYTICS_MESSAGES.pathStart, abort: true })
  .refine((v) => !/[?#]/.test(v), { error: ANALYTICS_MESSAGES.query, abort: true })
  .refine((v) => carriesContact(v) !== 'email', { error: ANALYTICS_MESSAGES.email, abort: true })
  .refine((v) => carriesContact(v) !== 'phone', { error: ANALYTICS_MESSAGES.phone, abort: true })
  .refine((v) => /^\/[A-Za-z0-9/_:.-]*$/.test(v), { error: ANALYTICS_MESSAGES.pathCharacters, abort: true })
  .refine((v) => !TOKEN_SEGMENT.test(v) && !/\d{5,}/.test(v), { error: ANALYTICS_MESSAGES.token });

function unknownKeys(shape: z.ZodRawShape) {
  return (input: unknown, ctx: z.RefinementCtx) => {
    if (typeof input !== 'object' || input === null) return;
    for (const key of Object.keys(input)) {
      if (!(key in shape)) ctx.addIssue({ code: 'custom', path: [key], message: ANALYTICS_MESSAGES.unknownField });
    }
  };
}

/** An event body: its fields, and each unknown one refused by name. */
function eventSchema<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .loose()
    .superRefine((value, ctx) => unknownKeys(shape)(value, ctx))
    .transform(
      (value) =>
        Object.fromEntries(
          Object.keys(shape)
            .filter((k) => k in value)
            .map((k) => [k, (value as Record<string, unknown>)[k]]),
        ) as z.infer<z.ZodObject<T>>,
    );
}

/**
 * What the specification's clients put in every event body besides its own fields: the session id
 * again (it must be the `X-Session-ID` header's, or the event is refused) and the client's clock
 * as an ISO date-time. The event is dated by the server's clock, never by the client's; neither is stored.
 */
const clientFields = {
  sessionId: z.string().check(singleLine('Session id')).max(100).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
};

/**
 * `POST /api/analytics/page-view`: the page's route pattern and the milliseconds since the previous view.
 *
 * @example
 * pageViewSchema.parse({ path: '/', timeSpent: 12000 });
 */
export const pageViewSchema = eventSchema({
  ...clientFields,
  path: analyticsPathSchema,
  timeSpent: z.number().int().min(0).max(86_400_000).optional(),
});
/**
 * A page view.
 *
 * @example
 * const view: PageView = { path: '/quote-success' };
 */
export type PageView = z.input<typeof pageViewSchema>;

/**
 * `POST /api/analytics/product-interest`: a catalogue product the visitor chose, its category,
 * the quantity, and the preview's total in rand when it exceeds R1,000.
 *
 * @example
 * productInterestSchema.parse({ productName: 'Bleach 5L', category: 'cleaning-supplies', quantity: 40, priceViewed: 1380 });
 */
export const productInterestSchema = eventSchema({
  ...clientFields,
  productName: plainText(200, 'Product name'),
  category: plainText(100, 'Category'),
  quantity: z.number().int().min(1).max(10_000_000),
  priceViewed: z.number().min(1000).max(1_000_000_000).optional(),
});
/**
 * A product interest.
 *
 * @example
 * const interest: ProductInterest = { productName: 'Bleach 5L', category: 'cleaning-supplies', quantity: 40 };
 */
export type ProductInterest = z.input<typeof productInterestSchema>;

/**
 * `POST /api/analytics/form-interaction`: the quote request form was started, a field changed
 * (its name, never its value) or it was submitted.
 *
 * @example
 * formInteractionSchema.parse({ formType: 'rfq-form', action: 'field_change', fieldName: 'quantity' });
 */
export const formInteractionSchema = eventSchema({
  ...clientFields,
  formType: z.literal('rfq-form'),
  action: z.enum(['start', 'field_change', 'submit']),
  fieldName: z.enum(FORM_FIELD_NAMES).optional(),
}).refine((v) => (v.action === 'field_change') === (v.fieldName !== undefined), { path: ['fieldName'], error: ANALYTICS_MESSAGES.fieldName });
/**
 * A form interaction.
 *
 * @example
 * const start: FormInteraction = { formType: 'rfq-form', action: 'start' };
 */
export type FormInteraction = z.input<typeof formInteractionSchema>;

/**
 * `POST /api/analytics/quote-request`: a request whose quotes were shown: the catalogue product
 * (when one was chosen), the quantity, the estimated value in rand and the city of Procura's list.
 *
 * @example
 * quoteRequestEventSchema.parse({ productName: 'Bleach 5L', quantity: 40, estimatedValue: 1380, location: 'Durban' });
 */
export const quoteRequestEventSchema = eventSchema({
  ...clientFields,
  productName: plainText(200, 'Product name').optional(),
  quantity: z.number().int().min(1).max(10_000_000),
  estimatedValue: z.number().min(0).max(1_000_000_000),
  location: plainText(100, 'Location').optional(),
});
/**
 * A quote request as analytics counts it.
 *
 * @example
 * const request: QuoteRequestEvent = { quantity: 40, estimatedValue: 1380, location: 'Durban' };
 */
export type QuoteRequestEvent = z.input<typeof quoteRequestEventSchema>;

/**
 * The body schema of each event type.
 *
 * @example
 * ANALYTICS_EVENT_SCHEMAS['page-view'].parse({ path: '/' });
 */
export const ANALYTICS_EVENT_SCHEMAS = {
  'page-view': pageViewSchema,
  'product-interest': productInterestSchema,
  'form-interaction': formInteractionSchema,
  'quote-request': quoteRequestEventSchema,
} as const;

/**
 * `POST /api/consent`: one cookie choice, as proof: the browser's random consent id, the
 * choice, the policy revision and when it was made. No address, no session.
 *
 * @example
 * consentDecisionSchema.parse({ consentId: 'V1StGXR8_Z5jdHi6B-myT', analytics: true, revision: 1, timestamp: '2026-11-24T08:00:00.000Z', globalPrivacyControl: false });
 */
export const consentDecisionSchema = eventSchema({
  consentId: z.string().regex(ANALYTICS_SESSION_ID, { error: ANALYTICS_MESSAGES.consentId }),
  essential: z.literal(true).optional(),
  analytics: z.boolean(),
  marketing: z.literal(false).optional(),
  revision: z.number().int().min(1).max(1000),
  timestamp: z.iso.datetime({ offset: true }),
  globalPrivacyControl: z.boolean(),
});
/**
 * A cookie choice as posted.
 *
 * @example
 * const decision: ConsentDecision = { consentId, analytics: false, revision: 1, timestamp: new Date().toISOString(), globalPrivacyControl: false };
 */
export type ConsentDecision = z.input<typeof consentDecisionSchema>;

/**
 * `POST /api/privacy/data-requests`: the address a buyer wants to see and delete the data of.
 *
 * @example
 * dataRequestSchema.parse({ email: 'jane.buyer@example.co.za' });
 */
export const dataRequestSchema = z.strictObject({
  email: z
    .string({ error: ANALYTICS_MESSAGES.dataRequestEmail })
    .trim()
    .max(254, { error: ANALYTICS_MESSAGES.dataRequestEmail })
    .pipe(z.email({ error: ANALYTICS_MESSAGES.dataRequestEmail })),
});
/**
 * What the data request form sends.
 *
 * @example
 * const input: DataRequestInput = { email: 'jane.buyer@example.co.za' };
 */
export type DataRequestInput = z.input<typeof dataRequestSchema>;

/**
 * The answer to a data request, the same whether or not Procura holds anything for the address.
 *
 * @example
 * dataRequestAcceptedSchema.parse({ message: 'If Procura holds …' });
 */
export const dataRequestAcceptedSchema = z.object({ message: z.string() });
/**
 * The answer to a data request.
 *
 * @example
 * const { message }: DataRequestAccepted = await privacy.requestData({ email });
 */
export type DataRequestAccepted = z.infer<typeof dataRequestAcceptedSchema>;

/**
 * The token of a data request link: `POST /api/privacy/my-data` and `POST /api/privacy/my-data/delete`.
 *
 * @example
 * dataRequestTokenSchema.parse({ token: 'dr_…' });
 */
export const dataRequestTokenSchema = z.strictObject({
  token: z.string({ error: ANALYTICS_MESSAGES.dataRequestToken }).regex(/^dr_[A-Za-z0-9_-]{43}$/, { error: ANALYTICS_MESSAGES.dataRequestToken }),
});
/**
 * A data request link's token.
 *
 * @example
 * const input: DataRequestToken = { token: new URLSearchParams(location.hash.slice(1)).get('token')! };
 */
export type DataRequestToken = z.input<typeof dataRequestTokenSchema>;

/**
 * Everything Procura still holds for an address: the requests it sent (in full) or was copied
 * on (without the sender's details), and the e-mails to it.
 *
 * @example
 * myDataSchema.parse(json).rfqs.length;
 */
export const myDataSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
  rfqs: z.array(
    z.object({
      rfqId: z.string(),
      role: z.enum(['sender', 'copied']),
      createdAt: z.string(),
      productName: z.string(),
      productDescription: z.string().nullable(),
      quantity: z.number().int(),
      unit: z.string(),
      deliveryLocation: z.string(),
      budgetRange: z.string().nullable(),
      primaryEmail: z.string().nullable(),
      additionalEmails: z.array(z.string()),
      companyName: z.string().nullable(),
      contactName: z.string().nullable(),
      /**
       * What the sender gave when last accepting a quote; null when not given, or for a copied
       * address. Each purchase order keeps what was given for it.
       */
      deliveryAddress: z.string().nullable(),
      phone: z.string().nullable(),
      purchaseOrderReference: z.string().nullable(),
      vatNumber: z.string().nullable(),
      quoteCount: z.number().int(),
      /** The purchase orders issued on the sender's acceptance: empty for a copied address. */
      purchaseOrders: z.array(
        z.object({
          poNumber: z.string(),
          issuedOn: z.string(),
          /** The day the supplier withdrew, which cancelled it; null while it stands. */
          cancelledOn: z.string().nullable(),
          quoteId: z.string(),
          supplierName: z.string(),
          /** What the sender gave when accepting this quote; null when not given. */
          deliveryAddress: z.string().nullable(),
          phone: z.string().nullable(),
          purchaseOrderReference: z.string().nullable(),
          vatNumber: z.string().nullable(),
          /** What was ordered: a basket's lines ordered from this supplier, excl. VAT. */
          totalPrice: z.number(),
          vatAmount: z.number(),
          totalPriceInclVat: z.number(),
        }),
      ),
    }),
  ),
  emails: z.array(
    z.object({
      kind: z.string(),
      /** What the e-mail was, in words. */
      about: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
/**
 * What Procura holds for an address.
 *
 * @example
 * const data: MyData = await privacy.myData({ token });
 */
export type MyData = z.infer<typeof myDataSchema>;

/**
 * The answer to deleting: how many requests lost the address, and how many e-mails were deleted.
 *
 * @example
 * myDataDeletedSchema.parse({ rfqs: 2, emails: 3 });
 */
export const myDataDeletedSchema = z.object({ rfqs: z.number().int(), emails: z.number().int() });
/**
 * What deleting removed.
 *
 * @example
 * const { rfqs, emails }: MyDataDeleted = await privacy.deleteMyData({ token });
 */
export type MyDataDeleted = z.infer<typeof myDataDeletedSchema>;

/**
 * The stages of the quote funnel, in order.
 *
 * @example
 * FUNNEL_STAGES[0]; // 'form-start'
 */
export const FUNNEL_STAGES = ['form-start', 'form-submit', 'quotes-shown', 'tracking-opened'] as const;

/**
 * `GET /api/analytics/dashboard?days=`: how many days the staff view covers (30).
 *
 * @example
 * dashboardQuerySchema.parse({ days: '7' });
 */
export const dashboardQuerySchema = z.strictObject({
  days: z
    .preprocess(
      numberInput,
      z.number({ error: 'days must be 7, 30 or 90' }).pipe(z.union([z.literal(7), z.literal(30), z.literal(90)], { error: 'days must be 7, 30 or 90' })),
    )
    .default(30),
});

const countSchema = z.number().int();

/**
 * The staff's analytics view: the status tiles from the database, visitors and page views per
 * day, top pages, the quote funnel, devices and the share of consenting visitors.
 *
 * @example
 * siteAnalyticsDashboardSchema.parse(json).funnel[0].visitors;
 */
export const siteAnalyticsDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  tiles: z.object({
    userTracking: z.object({ eventsToday: countSchema, visitorsToday: countSchema, lastEventAt: z.string().nullable(), rawEvents: countSchema }),
    leadScoring: z.object({ rfqs: countSchema, averageScore: z.number().nullable(), high: countSchema, medium: countSchema, low: countSchema }),
    databaseStorage: z.object({ dialect: z.enum(['sqlite', 'postgres']), tables: z.array(z.object({ name: z.string(), rows: countSchema })) }),
    quoteTracking: z.object({ quotes: countSchema, viewed: countSchema, views: countSchema, lastViewedAt: z.string().nullable() }),
    alertPriorities: z.array(
      z.object({ priority: countSchema, kinds: z.array(z.string()), waiting: countSchema, sent: countSchema, held: countSchema, dead: countSchema }),
    ),
  }),
  daily: z.array(z.object({ day: z.string(), visitors: countSchema, pageViews: countSchema })),
  topPages: z.array(z.object({ path: z.string(), views: countSchema, visitors: countSchema })),
  funnel: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), visitors: countSchema })),
  devices: z.array(z.object({ device: z.enum(['mobile', 'tablet', 'desktop']), visitors: countSchema })),
  consent: z.object({ decisions: countSchema, accepted: countSchema, globalPrivacyControl: countSchema }),
});
/**
 * The staff's analytics view.
 *
 * @example
 * const view: SiteAnalyticsDashboard = await client.analytics.dashboard({ days: 30 });
 */
export type SiteAnalyticsDashboard = z.infer<typeof siteAnalyticsDashboardSchema>;
