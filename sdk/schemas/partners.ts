import { z } from 'zod';
import { BUSINESS_TYPES, INTEGRATION_TYPES, PARTNER_MESSAGES, TRAFFIC_BANDS } from '../data-api';
import { PARTNER_LIMITS } from '../partner-rules';
import { multiLine, singleLine } from './text';

const text = ({ min, max }: { min: number; max: number }, message: string, rule: z.core.$ZodCheck<string>) =>
  z.string({ error: message }).trim().check(rule).min(min, { error: message }).max(max, { error: message });

/**
 * A partner's registration (`POST /api/partners/register`), with the spec's field messages.
 *
 * @example
 * partnerRegistrationSchema.parse({ companyName: 'Acme', contactEmail: 'dev@acme.co.za', contactName: 'Thandi', website: 'https://acme.co.za', businessType: 'directory', integrationType: 'both', monthlyTraffic: '10k-50k', useCase: 'Quotes beside every supplier listing in our directory' });
 */
export const partnerRegistrationSchema = z.object({
  companyName: text(PARTNER_LIMITS.companyName, PARTNER_MESSAGES.companyName, singleLine('Company name')),
  contactEmail: z
    .string({ error: PARTNER_MESSAGES.contactEmail })
    .trim()
    .max(PARTNER_LIMITS.contactEmail.max, { error: PARTNER_MESSAGES.contactEmail })
    .pipe(z.email({ error: PARTNER_MESSAGES.contactEmail })),
  contactName: text(PARTNER_LIMITS.contactName, PARTNER_MESSAGES.contactName, singleLine('Contact name')),
  website: z
    .string({ error: PARTNER_MESSAGES.website })
    .trim()
    .check(singleLine('Website'))
    .max(PARTNER_LIMITS.website.max, { error: PARTNER_MESSAGES.website })
    .pipe(z.url({ protocol: /^https?$/, error: PARTNER_MESSAGES.website })),
  businessType: z.enum(BUSINESS_TYPES, { error: PARTNER_MESSAGES.businessType }),
  integrationType: z.enum(INTEGRATION_TYPES, { error: PARTNER_MESSAGES.integrationType }),
  monthlyTraffic: z.enum(TRAFFIC_BANDS, { error: PARTNER_MESSAGES.monthlyTraffic }),
  useCase: text(PARTNER_LIMITS.useCase, PARTNER_MESSAGES.useCase, multiLine('Use case')),
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
 * the qualified ones (at least one supplier quoted, and the buyer opened the quote e-mail or the
 * supplier confirmed the order), the pending ones (quoted, not yet qualified: they pay once they
 * qualify, within 30 days of the request, or never), this month's earnings in rand under the
 * revenue model and the balance with what earlier months carried over (a balance under the minimum
 * payout is carried to the next month until it reaches it), the share of this month's widget loads that became RFQs (percent; null before any load), the most
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
  /** Quoted RFQs waiting for evidence that the buyer's address is theirs, all time and this month. */
  pendingRfqs: z.number().int(),
  monthPendingRfqs: z.number().int(),
  /** Qualified RFQs from companies of more than 100 employees, all time and this month. */
  enterpriseLeads: z.number().int(),
  monthEnterpriseLeads: z.number().int(),
  /** RFQs whose buyer accepted a quote, all time and this month. */
  awardedRfqs: z.number().int(),
  monthAwardedRfqs: z.number().int(),
  /** This month's share, enterprise leads at the enterprise rate. */
  revenue: z.number(),
  /** What earlier months carried into this one: their balance was under the minimum payout. */
  carriedIn: z.number(),
  /** This month's balance, `carriedIn` plus `revenue`: paid after the month when it reaches the minimum payout, else carried over to the next. */
  balance: z.number(),
  /** The terms the server applies. */
  revenueModel: z.object({
    perQualifiedRfq: z.number(),
    perEnterpriseLead: z.number(),
    enterpriseEmployees: z.number().int(),
    partnerShare: z.number(),
    paymentTerms: z.string(),
    minimumPayout: z.number(),
    payout: z.literal('monthly'),
  }),
  widgetLoads: z.number().int(),
  conversionRate: z.number().nullable(),
  topProducts: z.array(z.object({ product: z.string(), rfqs: z.number().int() })),
  /** Each month's counts and share, what earlier months carried in, what the month pays (its balance, once it reaches the minimum payout) and what it carries over. */
  monthlyTrends: z.array(
    z.object({
      month: z.string(),
      rfqs: z.number().int(),
      qualifiedRfqs: z.number().int(),
      pendingRfqs: z.number().int(),
      enterpriseLeads: z.number().int(),
      awardedRfqs: z.number().int(),
      revenue: z.number(),
      carriedIn: z.number(),
      payout: z.number(),
      carriedOver: z.number(),
    }),
  ),
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

/**
 * The message a bad host name answers with (`POST /api/partners/hosts`).
 *
 * @example
 * PARTNER_HOST_MESSAGES.host; // 'Enter a host name such as shop.example.co.za, without https:// or a path'
 */
export const PARTNER_HOST_MESSAGES = {
  host: 'Enter a host name such as shop.example.co.za, without https:// or a path',
} as const;

/** A host name as a browser reports it in a page's address: lower-case labels, an optional port. */
const HOST_PATTERN = /^(?=.{1,253}(:|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/**
 * A host the partner adds to the pages whose widget RFQs are credited to it.
 *
 * @example
 * partnerHostInputSchema.parse({ host: 'shop.example.co.za' });
 */
export const partnerHostInputSchema = z.object({
  host: z
    .string({ error: PARTNER_HOST_MESSAGES.host })
    .trim()
    .toLowerCase()
    .max(260, { error: PARTNER_HOST_MESSAGES.host })
    .regex(HOST_PATTERN, { error: PARTNER_HOST_MESSAGES.host }),
});
/**
 * What a client sends to add a host.
 *
 * @example
 * const input: PartnerHostInput = { host: 'shop.example.co.za' };
 */
export type PartnerHostInput = z.input<typeof partnerHostInputSchema>;

/**
 * The hosts whose widget RFQs are credited to the partner (the registration website's host and
 * the ones it added), and the hosts whose widget RFQs named the partner but were not credited.
 *
 * @example
 * partnerHostsSchema.parse(await res.json()).uncreditedHosts[0]?.host;
 */
export const partnerHostsSchema = z.object({
  hosts: z.array(z.object({ host: z.string(), addedAt: z.string() })),
  uncreditedHosts: z.array(z.object({ host: z.string(), rfqs: z.number().int(), lastRfqAt: z.string() })),
});
/**
 * The answer to `GET`, `POST /api/partners/hosts` and `DELETE /api/partners/hosts/{host}`.
 *
 * @example
 * const { hosts }: PartnerHosts = await procura.partners.hosts();
 */
export type PartnerHosts = z.infer<typeof partnerHostsSchema>;

/**
 * A statement of a month's revenue share, as issued: the qualified requests, the share, what came
 * in from before and was carried over below the minimum payout, and the payout due (Net 30) with
 * the day it was paid. Amounts in cents.
 *
 * @example
 * partnerStatementSchema.parse(statement).number; // 'ST-2026-000001'
 */
export const partnerStatementSchema = z.object({
  number: z.string(),
  month: z.string(),
  issuedOn: z.string(),
  qualifiedRequests: z.number().int(),
  creditsCents: z.number().int(),
  broughtForwardCents: z.number().int(),
  carriedForwardCents: z.number().int(),
  payableCents: z.number().int(),
  dueOn: z.string().nullable(),
  paidOn: z.string().nullable(),
});
/**
 * One statement of `GET /api/partners/statements`.
 *
 * @example
 * const { statements } = await procura.partners.statements();
 * const due: PartnerStatement['dueOn'] = statements[0]?.dueOn ?? null;
 */
export type PartnerStatement = z.infer<typeof partnerStatementSchema>;

/**
 * The answer to `GET /api/partners/statements`: the partner's statements, newest first.
 *
 * @example
 * partnerStatementsSchema.parse(await res.json()).statements.length;
 */
export const partnerStatementsSchema = z.object({ statements: z.array(partnerStatementSchema) });
/**
 * The answer to `GET /api/partners/statements`.
 *
 * @example
 * const list: PartnerStatements = await procura.partners.statements();
 */
export type PartnerStatements = z.infer<typeof partnerStatementsSchema>;

/**
 * A statement's number and format in its download's path.
 *
 * @example
 * partnerStatementParamsSchema.parse({ number: 'ST-2026-000001' });
 */
export const partnerStatementParamsSchema = z.object({
  number: z.string().regex(/^ST-\d{4}-\d{6}$/, { error: 'Give the statement number as ST-2026-000001' }),
});
