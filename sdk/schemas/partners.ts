import { z } from 'zod';
import { BUSINESS_TYPES, INTEGRATION_TYPES, PARTNER_MESSAGES, TRAFFIC_BANDS } from '../data-api';
import { PARTNER_LIMITS } from '../partner-rules';

const text = ({ min, max }: { min: number; max: number }, message: string) => z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });

/**
 * A partner's registration (`POST /api/partners/register`), with the spec's field messages.
 *
 * @example
 * partnerRegistrationSchema.parse({ companyName: 'Acme', contactEmail: 'dev@acme.co.za', contactName: 'Thandi', website: 'https://acme.co.za', businessType: 'directory', integrationType: 'both', monthlyTraffic: '10k-50k', useCase: 'Quotes beside every supplier listing in our directory' });
 */
export const partnerRegistrationSchema = z.object({
  companyName: text(PARTNER_LIMITS.companyName, PARTNER_MESSAGES.companyName),
  contactEmail: z.string({ error: PARTNER_MESSAGES.contactEmail }).trim().max(PARTNER_LIMITS.contactEmail.max, { error: PARTNER_MESSAGES.contactEmail }).pipe(z.email({ error: PARTNER_MESSAGES.contactEmail })),
  contactName: text(PARTNER_LIMITS.contactName, PARTNER_MESSAGES.contactName),
  website: z
    .string({ error: PARTNER_MESSAGES.website })
    .trim()
    .max(PARTNER_LIMITS.website.max, { error: PARTNER_MESSAGES.website })
    .pipe(z.url({ protocol: /^https?$/, error: PARTNER_MESSAGES.website })),
  businessType: z.enum(BUSINESS_TYPES, { error: PARTNER_MESSAGES.businessType }),
  integrationType: z.enum(INTEGRATION_TYPES, { error: PARTNER_MESSAGES.integrationType }),
  monthlyTraffic: z.enum(TRAFFIC_BANDS, { error: PARTNER_MESSAGES.monthlyTraffic }),
  useCase: text(PARTNER_LIMITS.useCase, PARTNER_MESSAGES.useCase),
});
/**
 * What a client sends to register.
 *
 * @example
 * const form: PartnerRegistrationInput = { companyName: 'Acme', contactEmail: 'dev@acme.co.za', contactName: 'Thandi', website: 'https://acme.co.za', businessType: 'directory', integrationType: 'both', monthlyTraffic: '10k-50k', useCase: 'Quotes beside every supplier listing' };
 */
export type PartnerRegistrationInput = z.input<typeof partnerRegistrationSchema>;
/**
 * A registration after parsing.
 *
 * @example
 * const registration: PartnerRegistration = partnerRegistrationSchema.parse(form);
 */
export type PartnerRegistration = z.output<typeof partnerRegistrationSchema>;

/**
 * The answer to a registration: the key is shown this once and never again.
 *
 * @example
 * const { credentials } = partnerCredentialsSchema.parse(await res.json());
 */
export const partnerCredentialsSchema = z.object({
  success: z.literal(true),
  credentials: z.object({ partnerId: z.string(), apiKey: z.string() }),
});
/**
 * The answer to a registration.
 *
 * @example
 * const { credentials }: PartnerCredentials = await procura.partners.register(form);
 */
export type PartnerCredentials = z.infer<typeof partnerCredentialsSchema>;

/**
 * What a partner's widgets brought (`GET /api/embed/analytics`): RFQs credited to the partner,
 * the qualified ones (at least one supplier quoted), this month's earnings in rand under the
 * revenue model, the share of this month's widget loads that became RFQs (percent; null before any load), the most
 * requested products and six months of trend. Nothing names a buyer.
 *
 * @example
 * partnerAnalyticsSchema.parse(json).revenue; // 1500
 */
export const partnerAnalyticsSchema = z.object({
  partnerId: z.string(),
  totalRfqs: z.number().int(),
  qualifiedRfqs: z.number().int(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  monthRfqs: z.number().int(),
  monthQualifiedRfqs: z.number().int(),
  revenue: z.number(),
  widgetLoads: z.number().int(),
  conversionRate: z.number().nullable(),
  topProducts: z.array(z.object({ product: z.string(), rfqs: z.number().int() })),
  monthlyTrends: z.array(z.object({ month: z.string(), rfqs: z.number().int(), qualifiedRfqs: z.number().int(), revenue: z.number() })),
});
/**
 * The answer to `GET /api/embed/analytics`.
 *
 * @example
 * const { revenue, conversionRate }: PartnerAnalytics = await procura.partners.analytics();
 */
export type PartnerAnalytics = z.infer<typeof partnerAnalyticsSchema>;

/**
 * The partner area's view of the signed-in partner (`GET /api/partners/me`).
 *
 * @example
 * partnerProfileSchema.parse(await res.json()).tier;
 */
export const partnerProfileSchema = z.object({
  partnerId: z.string(),
  companyName: z.string(),
  tier: z.enum(['starter', 'professional', 'enterprise']),
  keyPrefix: z.string(),
  keyCreatedAt: z.string(),
});
/**
 * The answer to `GET /api/partners/me`.
 *
 * @example
 * const me: PartnerProfile = await procura.partners.me();
 */
export type PartnerProfile = z.infer<typeof partnerProfileSchema>;
