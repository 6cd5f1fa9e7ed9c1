/**
 * The sales workspace: prospects, the outreach activity log, the targets it is counted against,
 * read-only share links of the analytics dashboard, and demo requests from the public form.
 * Staff calls are made by Procura's own portal with its session cookie; they are not part of the
 * published package.
 *
 * @module
 */
import { z } from 'zod';

/**
 * The one prospect pipeline (the spec's two status lists joined), in the order a deal moves.
 *
 * @example
 * PROSPECT_STATUSES[0]; // 'Not Contacted'
 */
export const PROSPECT_STATUSES = [
  'Not Contacted',
  'Email Sent',
  'Called - No Answer',
  'Spoke to Contact',
  'Interested',
  'Demo Scheduled',
  'Trial',
  'Customer',
  'Not Interested',
  'Follow Up Required',
] as const;
/**
 * A prospect's place in the pipeline.
 *
 * @example
 * const status: ProspectStatus = 'Interested';
 */
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];

/**
 * How large a prospect's business is, and so how much attention it gets.
 *
 * @example
 * PROSPECT_TIERS.includes('Tier 1'); // true
 */
export const PROSPECT_TIERS = ['Tier 1', 'Tier 2', 'Tier 3'] as const;
/**
 * A prospect's tier.
 *
 * @example
 * const tier: ProspectTier = 'Tier 2';
 */
export type ProspectTier = (typeof PROSPECT_TIERS)[number];

/**
 * What each tier means, as the pages explain it.
 *
 * @example
 * TIER_DESCRIPTIONS['Tier 1']; // 'Large buyers: hospitals, mines, facilities companies'
 */
export const TIER_DESCRIPTIONS: Record<ProspectTier, string> = {
  'Tier 1': 'Large buyers: hospitals, mines, facilities companies',
  'Tier 2': 'Mid-size buyers: schools, hotels, office parks',
  'Tier 3': 'Small buyers: restaurants, practices, shops',
};

/**
 * Where a prospect came from: typed in, a CSV import, or the public demo form.
 *
 * @example
 * PROSPECT_SOURCES; // ['manual', 'import', 'demo request']
 */
export const PROSPECT_SOURCES = ['manual', 'import', 'demo request'] as const;
/**
 * A prospect's source.
 *
 * @example
 * const source: ProspectSource = 'demo request';
 */
export type ProspectSource = (typeof PROSPECT_SOURCES)[number];

/**
 * What a salesperson did, as the activity log records it. The first four are the spec's
 * counters; a trial or a customer won is logged when a prospect reaches that status.
 *
 * @example
 * ACTIVITY_KINDS.includes('call'); // true
 */
export const ACTIVITY_KINDS = ['email', 'call', 'response', 'demo', 'trial', 'customer'] as const;
/**
 * One kind of activity.
 *
 * @example
 * const kind: ActivityKind = 'email';
 */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * What each kind of activity is called on the pages.
 *
 * @example
 * ACTIVITY_LABELS.email; // 'E-mail sent'
 */
export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  email: 'E-mail sent',
  call: 'Call made',
  response: 'Response received',
  demo: 'Demo scheduled',
  trial: 'Trial started',
  customer: 'Customer won',
};

/**
 * The activity a status change records: setting a prospect to one of these statuses logs what
 * it says happened.
 *
 * @example
 * STATUS_ACTIVITY['Called - No Answer']; // 'call'
 */
export const STATUS_ACTIVITY: Partial<Record<ProspectStatus, ActivityKind>> = {
  'Email Sent': 'email',
  'Called - No Answer': 'call',
  'Spoke to Contact': 'call',
  Interested: 'response',
  'Demo Scheduled': 'demo',
  Trial: 'trial',
  Customer: 'customer',
};

/**
 * Spec 9's outreach targets, held here once: per person per day, for the team's first week,
 * the response rate, and the days to the first customer.
 *
 * @example
 * OUTREACH_TARGETS.daily.emailsSent; // 5
 */
export const OUTREACH_TARGETS = {
  daily: { emailsSent: 5, callsMade: 5, responsesReceived: 1, demosScheduled: 1 },
  week1: { contacts: 20, responses: 4, demos: 2, trials: 1 },
  responseRatePercent: 20,
  daysToFirstCustomer: 30,
} as const;

/**
 * Spec 9's projection: Procura's success fee on the spend it brings, and three scenarios of
 * monthly spend. The fee of each is computed from these figures, never typed.
 *
 * @example
 * REVENUE_PROJECTION.scenarios[0].monthlySpend * REVENUE_PROJECTION.successFeePercent / 100; // 1800
 */
export const REVENUE_PROJECTION = {
  successFeePercent: 3,
  scenarios: [
    { label: 'Conservative', monthlySpend: 60_000, orMore: false },
    { label: 'Expected', monthlySpend: 250_000, orMore: false },
    { label: 'Ambitious', monthlySpend: 500_000, orMore: true },
  ],
} as const;

/**
 * The demo form's monthly spend bands.
 *
 * @example
 * MONTHLY_SPEND_BANDS[0]; // 'under-10k'
 */
export const MONTHLY_SPEND_BANDS = ['under-10k', '10k-50k', '50k-200k', 'over-200k'] as const;

/**
 * How each monthly spend band reads.
 *
 * @example
 * MONTHLY_SPEND_LABELS['10k-50k']; // 'R10,000 - R50,000'
 */
export const MONTHLY_SPEND_LABELS: Record<(typeof MONTHLY_SPEND_BANDS)[number], string> = {
  'under-10k': 'Under R10,000',
  '10k-50k': 'R10,000 - R50,000',
  '50k-200k': 'R50,000 - R200,000',
  'over-200k': 'Over R200,000',
};

/**
 * What the sales pages and API say, in one place.
 *
 * @example
 * SALES_MESSAGES.conversionProbability; // 'Conversion probability must be a whole number from 0 to 100'
 */
export const SALES_MESSAGES = {
  company: 'Company is required',
  email: 'Enter a valid e-mail address or leave it empty',
  estimatedValue: 'Estimated value must be an amount in rand from 0 to 1,000,000,000',
  conversionProbability: 'Conversion probability must be a whole number from 0 to 100',
  status: `Status must be one of: ${PROSPECT_STATUSES.join(', ')}`,
  tier: `Tier must be one of: ${PROSPECT_TIERS.join(', ')}`,
  owner: 'Choose a staff member as owner',
  tooLong: 'This is too long',
  nothingToChange: 'Send at least one field to change',
  activityKind: `Activity must be one of: ${ACTIVITY_KINDS.join(', ')}`,
  prospectNotFound: 'Prospect not found',
  expiresInDays: 'A share link lasts from 1 to 90 days',
  shareLinkNotFound: 'Share link not found',
  shareLinkGone: 'This link has expired or was revoked',
  csvEmpty: 'Paste or choose a CSV file with a header row and at least one prospect',
  csvBadLines: 'Some lines cannot be imported; nothing was imported',
  demoCompanyName: 'Company name is required',
  demoContactPerson: 'Your name is required',
  demoEmail: 'Please enter a valid email address',
  demoPhone: 'Please enter a phone number we can call (at least 7 digits)',
  demoMonthlySpend: 'Choose a monthly spend band or leave it empty',
} as const;

const text = (max: number) => z.string({ error: SALES_MESSAGES.tooLong }).trim().max(max, { error: SALES_MESSAGES.tooLong });

const emailOrEmpty = z
  .string({ error: SALES_MESSAGES.email })
  .trim()
  .max(254, { error: SALES_MESSAGES.email })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: SALES_MESSAGES.email })
  .transform((v) => v.toLowerCase());

const rand = z
  .number({ error: SALES_MESSAGES.estimatedValue })
  .min(0, { error: SALES_MESSAGES.estimatedValue })
  .max(1_000_000_000, { error: SALES_MESSAGES.estimatedValue })
  .transform((v) => Math.round(v * 100) / 100);

const prospectFields = {
  company: z.string({ error: SALES_MESSAGES.company }).trim().min(1, { error: SALES_MESSAGES.company }).max(200, { error: SALES_MESSAGES.tooLong }),
  contact: text(200),
  phone: text(40),
  email: emailOrEmpty,
  tier: z.enum(PROSPECT_TIERS, { error: SALES_MESSAGES.tier }),
  status: z.enum(PROSPECT_STATUSES, { error: SALES_MESSAGES.status }),
  nextAction: text(500),
  notes: text(5000),
  estimatedValue: rand,
  industry: text(100),
  conversionProbability: z
    .number({ error: SALES_MESSAGES.conversionProbability })
    .int({ error: SALES_MESSAGES.conversionProbability })
    .min(0, { error: SALES_MESSAGES.conversionProbability })
    .max(100, { error: SALES_MESSAGES.conversionProbability }),
  actualResponse: text(2000),
  callNotes: text(5000),
  ownerId: z.number({ error: SALES_MESSAGES.owner }).int({ error: SALES_MESSAGES.owner }).positive({ error: SALES_MESSAGES.owner }).nullable(),
};

/**
 * A new prospect (`POST /api/staff/prospects`): only the company is required.
 *
 * @example
 * prospectInputSchema.parse({ company: 'Umhlanga Hospital Group', tier: 'Tier 1' });
 */
export const prospectInputSchema = z.strictObject({
  company: prospectFields.company,
  contact: prospectFields.contact.default(''),
  phone: prospectFields.phone.default(''),
  email: prospectFields.email.default(''),
  tier: prospectFields.tier.default('Tier 3'),
  status: prospectFields.status.default('Not Contacted'),
  nextAction: prospectFields.nextAction.default(''),
  notes: prospectFields.notes.default(''),
  estimatedValue: prospectFields.estimatedValue.default(0),
  industry: prospectFields.industry.default(''),
  conversionProbability: prospectFields.conversionProbability.default(0),
  actualResponse: prospectFields.actualResponse.default(''),
  callNotes: prospectFields.callNotes.default(''),
  ownerId: prospectFields.ownerId.optional(),
});
/**
 * What a client sends to add a prospect.
 *
 * @example
 * const input: ProspectInput = { company: 'Umhlanga Hospital Group' };
 */
export type ProspectInput = z.input<typeof prospectInputSchema>;

/**
 * A change to a prospect (`PATCH /api/staff/prospects/:id`): any of its fields. A new status
 * stamps `lastContact` with today's date in Johannesburg and logs the activity it implies.
 *
 * @example
 * prospectPatchSchema.parse({ status: 'Interested', conversionProbability: 40 });
 */
export const prospectPatchSchema = z
  .strictObject({
    company: prospectFields.company.optional(),
    contact: prospectFields.contact.optional(),
    phone: prospectFields.phone.optional(),
    email: prospectFields.email.optional(),
    tier: prospectFields.tier.optional(),
    status: prospectFields.status.optional(),
    nextAction: prospectFields.nextAction.optional(),
    notes: prospectFields.notes.optional(),
    estimatedValue: prospectFields.estimatedValue.optional(),
    industry: prospectFields.industry.optional(),
    conversionProbability: prospectFields.conversionProbability.optional(),
    actualResponse: prospectFields.actualResponse.optional(),
    callNotes: prospectFields.callNotes.optional(),
    ownerId: prospectFields.ownerId.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: SALES_MESSAGES.nothingToChange });
/**
 * What a client sends to change a prospect.
 *
 * @example
 * const change: ProspectPatch = { status: 'Demo Scheduled' };
 */
export type ProspectPatch = z.input<typeof prospectPatchSchema>;

/**
 * A staff member a prospect can belong to.
 *
 * @example
 * const { id, name } = staffRefSchema.parse({ id: 3, name: 'Thandi Nkosi' });
 */
export const staffRefSchema = z.object({ id: z.number(), name: z.string() });

/**
 * A prospect as the API answers it. The flags say whether the activity log holds an e-mail,
 * a call, a response or a demo for it; they are counted, never stored.
 *
 * @example
 * const prospect = prospectSchema.parse(json);
 */
export const prospectSchema = z.object({
  id: z.number(),
  company: z.string(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
  tier: z.enum(PROSPECT_TIERS),
  status: z.enum(PROSPECT_STATUSES),
  /** YYYY-MM-DD in Johannesburg, or null before the first status change. */
  lastContact: z.string().nullable(),
  nextAction: z.string(),
  notes: z.string(),
  estimatedValue: z.number(),
  industry: z.string(),
  conversionProbability: z.number(),
  actualResponse: z.string(),
  callNotes: z.string(),
  source: z.enum(PROSPECT_SOURCES),
  owner: staffRefSchema.nullable(),
  emailSent: z.boolean(),
  callMade: z.boolean(),
  responseReceived: z.boolean(),
  demoScheduled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/**
 * A prospect.
 *
 * @example
 * const { company, status }: Prospect = await sales.prospect(7);
 */
export type Prospect = z.infer<typeof prospectSchema>;

const positiveInt = (fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from 1 to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/**
 * The prospect list's filters (`GET /api/staff/prospects`): a status, an owner's id (or `none`),
 * text found in the company, contact, e-mail, industry or notes, and the page.
 *
 * @example
 * prospectListQuerySchema.parse({ status: 'Interested', q: 'hospital', page: '2' });
 */
export const prospectListQuerySchema = z.strictObject({
  status: z.enum(PROSPECT_STATUSES, { error: SALES_MESSAGES.status }).optional(),
  owner: z
    .string()
    .regex(/^(\d{1,9}|none)$/, { error: 'owner must be a staff id or none' })
    .optional(),
  q: z.string().trim().max(200, { error: SALES_MESSAGES.tooLong }).optional(),
  page: positiveInt(1, 100_000),
  pageSize: positiveInt(25, 100),
});
/**
 * The prospect list's filters as a client sends them.
 *
 * @example
 * const filters: ProspectListQuery = { status: 'Interested', page: 1 };
 */
export type ProspectListQuery = { status?: ProspectStatus; owner?: number | 'none'; q?: string; page?: number; pageSize?: number };

/**
 * One page of prospects, newest first, with the staff they can be assigned to.
 *
 * @example
 * const { prospects, total } = prospectListSchema.parse(json);
 */
export const prospectListSchema = z.object({
  prospects: z.array(prospectSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  owners: z.array(staffRefSchema),
});
/**
 * A page of prospects.
 *
 * @example
 * const page: ProspectList = await sales.prospects({ q: 'hospital' });
 */
export type ProspectList = z.infer<typeof prospectListSchema>;

/**
 * An activity logged by hand (`POST /api/staff/prospects/:id/activities`).
 *
 * @example
 * activityInputSchema.parse({ kind: 'call', note: 'Left a message with reception' });
 */
export const activityInputSchema = z.strictObject({
  kind: z.enum(ACTIVITY_KINDS, { error: SALES_MESSAGES.activityKind }),
  note: text(1000).default(''),
});
/**
 * What a client sends to log an activity.
 *
 * @example
 * const input: ActivityInput = { kind: 'email' };
 */
export type ActivityInput = z.input<typeof activityInputSchema>;

/**
 * One row of the activity log: who did what, when, for which prospect (its company null once deleted).
 *
 * @example
 * const { kind, day } = activitySchema.parse(json);
 */
export const activitySchema = z.object({
  id: z.number(),
  kind: z.enum(ACTIVITY_KINDS),
  note: z.string(),
  prospectId: z.number(),
  company: z.string().nullable(),
  staff: staffRefSchema,
  occurredAt: z.string(),
  /** The day in Johannesburg it counts for, YYYY-MM-DD. */
  day: z.string(),
});
/**
 * An activity.
 *
 * @example
 * const activity: Activity = await sales.logActivity(7, { kind: 'call' });
 */
export type Activity = z.infer<typeof activitySchema>;

/**
 * The spec's four counters over a span of days, counted from the activity log.
 *
 * @example
 * countersSchema.parse({ emailsSent: 3, callsMade: 5, responsesReceived: 1, demosScheduled: 0 });
 */
export const countersSchema = z.object({
  emailsSent: z.number(),
  callsMade: z.number(),
  responsesReceived: z.number(),
  demosScheduled: z.number(),
});
/**
 * The four counters.
 *
 * @example
 * const { emailsSent }: Counters = summary.team.today;
 */
export type Counters = z.infer<typeof countersSchema>;

const weekCountersSchema = countersSchema.extend({
  /** Prospects e-mailed or called in the week, each once. */
  contacts: z.number(),
  trials: z.number(),
  /** Responses per contact, in percent with one decimal; null without contacts. */
  responseRate: z.number().nullable(),
});

const targetsSchema = z.object({
  daily: countersSchema,
  week1: z.object({ contacts: z.number(), responses: z.number(), demos: z.number(), trials: z.number() }),
  responseRatePercent: z.number(),
  daysToFirstCustomer: z.number(),
});

/**
 * Today's and this week's counters (`GET /api/staff/activity`) against the targets, for the team
 * and for each person who logged anything this week, and today's log. Days are Johannesburg's;
 * weeks start on Monday.
 *
 * @example
 * const { team, targets } = activitySummarySchema.parse(json);
 * team.today.emailsSent >= targets.daily.emailsSent;
 */
export const activitySummarySchema = z.object({
  today: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  targets: targetsSchema,
  team: z.object({ today: countersSchema, week: weekCountersSchema }),
  people: z.array(z.object({ id: z.number(), name: z.string(), today: countersSchema, week: weekCountersSchema })),
  log: z.array(activitySchema),
});
/**
 * The activity summary.
 *
 * @example
 * const summary: ActivitySummary = await sales.activity();
 */
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

/**
 * One prospect as the analytics dashboard lists it. A share link's answer leaves out every
 * field that reaches a person: contact, e-mail, phone, notes, the response and call notes.
 *
 * @example
 * const row = outreachRowSchema.parse(json);
 */
export const outreachRowSchema = z.object({
  id: z.number(),
  company: z.string(),
  industry: z.string(),
  tier: z.enum(PROSPECT_TIERS),
  status: z.enum(PROSPECT_STATUSES),
  lastContact: z.string().nullable(),
  estimatedValue: z.number(),
  conversionProbability: z.number(),
  emailSent: z.boolean(),
  callMade: z.boolean(),
  responseReceived: z.boolean(),
  demoScheduled: z.boolean(),
  contact: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  actualResponse: z.string().optional(),
  callNotes: z.string().optional(),
});
/**
 * A row of outreach tracking.
 *
 * @example
 * const rows: OutreachRow[] = dashboard.outreach;
 */
export type OutreachRow = z.infer<typeof outreachRowSchema>;

/**
 * The Internal Analytics Dashboard (`GET /api/staff/analytics`, and through a share link
 * `GET /api/shared-dashboard/:token`): the team's counters, the last 14 days and 8 weeks, the
 * pipeline by status, the time to the first customer and the outreach list.
 *
 * @example
 * const { daily, pipeline } = analyticsDashboardSchema.parse(json);
 */
export const analyticsDashboardSchema = z.object({
  generatedAt: z.string(),
  /** True when read through a share link: no person's contact details, no staff names. */
  shared: z.boolean(),
  activity: activitySummarySchema.omit({ log: true }),
  daily: z.array(countersSchema.extend({ day: z.string() })),
  weekly: z.array(z.object({ weekStart: z.string(), contacts: z.number(), responses: z.number(), responseRate: z.number().nullable() })),
  pipeline: z.array(z.object({ status: z.enum(PROSPECT_STATUSES), count: z.number(), estimatedValue: z.number() })),
  firstCustomer: z.object({
    /** The day of the team's first logged activity, when the clock to the first customer started. */
    startDay: z.string().nullable(),
    /** The day the first customer was won, if one was. */
    customerDay: z.string().nullable(),
    /** Days from the start to the customer, or to today while there is none. */
    days: z.number().nullable(),
  }),
  outreach: z.array(outreachRowSchema),
  /** When the share link stops working; only in a shared answer. */
  expiresAt: z.string().optional(),
});
/**
 * The analytics dashboard.
 *
 * @example
 * const dashboard: AnalyticsDashboard = await sales.analytics();
 */
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;

/**
 * A CSV import (`POST /api/staff/prospects/import`): the text of a file with a header row, as
 * `GET /api/staff/prospects.csv` writes it. With `dryRun` nothing is written and the answer is
 * the preview.
 *
 * @example
 * prospectImportSchema.parse({ csv: 'Company,Status\r\nAcme,Not Contacted\r\n', dryRun: true });
 */
export const prospectImportSchema = z.strictObject({
  csv: z.string({ error: SALES_MESSAGES.csvEmpty }).max(1_000_000, { error: 'A CSV file of at most 1 MB can be imported at once' }),
  dryRun: z.boolean().default(false),
});
/**
 * What a client sends to import.
 *
 * @example
 * const input: ProspectImportInput = { csv, dryRun: true };
 */
export type ProspectImportInput = z.input<typeof prospectImportSchema>;

/**
 * A bad line of an import: its line number in the file (the header is line 1) and why.
 *
 * @example
 * importProblemSchema.parse({ line: 3, reason: 'Conversion probability must be a whole number from 0 to 100' });
 */
export const importProblemSchema = z.object({ line: z.number(), reason: z.string() });

/**
 * The answer to an import: each good line (new or updating an existing id), each bad one, and
 * whether anything was written (all lines or none).
 *
 * @example
 * const { created, updated, problems } = prospectImportResultSchema.parse(json);
 */
export const prospectImportResultSchema = z.object({
  imported: z.boolean(),
  created: z.number(),
  updated: z.number(),
  lines: z.array(z.object({ line: z.number(), company: z.string(), status: z.enum(PROSPECT_STATUSES), action: z.enum(['create', 'update']) })),
  problems: z.array(importProblemSchema),
});
/**
 * The import's answer.
 *
 * @example
 * const result: ProspectImportResult = await sales.importProspects({ csv, dryRun: true });
 */
export type ProspectImportResult = z.infer<typeof prospectImportResultSchema>;

/**
 * A new share link (`POST /api/staff/share-links`): how many days it works, 1 to 90.
 *
 * @example
 * shareLinkInputSchema.parse({ expiresInDays: 7 });
 */
export const shareLinkInputSchema = z.strictObject({
  expiresInDays: z
    .number({ error: SALES_MESSAGES.expiresInDays })
    .int({ error: SALES_MESSAGES.expiresInDays })
    .min(1, { error: SALES_MESSAGES.expiresInDays })
    .max(90, { error: SALES_MESSAGES.expiresInDays }),
});
/**
 * What a client sends to make a share link.
 *
 * @example
 * const input: ShareLinkInput = { expiresInDays: 30 };
 */
export type ShareLinkInput = z.input<typeof shareLinkInputSchema>;

/**
 * A share link as it is made: the only time its address is shown.
 *
 * @example
 * const { url, expiresAt } = shareLinkCreatedSchema.parse(json);
 */
export const shareLinkCreatedSchema = z.object({ id: z.number(), url: z.string(), expiresAt: z.string() });
/**
 * A new share link.
 *
 * @example
 * const link: ShareLinkCreated = await sales.createShareLink({ expiresInDays: 7 });
 */
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>;

/**
 * The share links made (`GET /api/staff/share-links`), newest first; the addresses themselves
 * are not kept, only their hashes.
 *
 * @example
 * const { links } = shareLinkListSchema.parse(json);
 */
export const shareLinkListSchema = z.object({
  links: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      createdBy: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
      active: z.boolean(),
    }),
  ),
});
/**
 * The share links.
 *
 * @example
 * const { links }: ShareLinkList = await sales.shareLinks();
 */
export type ShareLinkList = z.infer<typeof shareLinkListSchema>;

const demoText = (max: number, message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
const optionalText = (max: number) =>
  z
    .string({ error: SALES_MESSAGES.tooLong })
    .trim()
    .max(max, { error: SALES_MESSAGES.tooLong })
    .optional()
    .transform((v) => v ?? '');

/**
 * A demo booking from the public form (`POST /api/demo-requests`): company name, name, e-mail
 * and phone required; monthly spend, current suppliers and the challenge optional.
 *
 * @example
 * demoRequestSchema.parse({ companyName: 'Berea Clinics', contactPerson: 'Ayesha Patel', email: 'ayesha@berea.example.co.za', phone: '031 555 0100' });
 */
export const demoRequestSchema = z.strictObject({
  companyName: demoText(200, SALES_MESSAGES.demoCompanyName),
  contactPerson: demoText(200, SALES_MESSAGES.demoContactPerson),
  email: z.string({ error: SALES_MESSAGES.demoEmail }).trim().max(254, { error: SALES_MESSAGES.demoEmail }).pipe(z.email({ error: SALES_MESSAGES.demoEmail })),
  phone: z
    .string({ error: SALES_MESSAGES.demoPhone })
    .trim()
    .max(40, { error: SALES_MESSAGES.demoPhone })
    .refine((v) => /^\+?[\d\s()-]+$/.test(v) && v.replace(/\D/g, '').length >= 7, { error: SALES_MESSAGES.demoPhone }),
  monthlySpend: z
    .union([z.enum(MONTHLY_SPEND_BANDS), z.literal('')], { error: SALES_MESSAGES.demoMonthlySpend })
    .optional()
    .transform((v) => v || null),
  currentSuppliers: optionalText(1000),
  painPoints: optionalText(5000),
});
/**
 * What the demo form sends.
 *
 * @example
 * const form: DemoRequestInput = { companyName: 'Berea Clinics', contactPerson: 'Ayesha Patel', email: 'ayesha@berea.example.co.za', phone: '031 555 0100' };
 */
export type DemoRequestInput = z.input<typeof demoRequestSchema>;

/**
 * The answer to a demo booking.
 *
 * @example
 * const { demoRequestId } = demoRequestResponseSchema.parse(json);
 */
export const demoRequestResponseSchema = z.object({ success: z.literal(true), demoRequestId: z.number() });
/**
 * The answer to a demo booking.
 *
 * @example
 * const { success }: DemoRequestResponse = await sales.bookDemo(form);
 */
export type DemoRequestResponse = z.infer<typeof demoRequestResponseSchema>;
