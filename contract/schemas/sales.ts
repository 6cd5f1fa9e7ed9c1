/**
 * The sales workspace's words: the one prospect pipeline, tiers, sources, the kinds of outreach
 * activity and their labels, the targets the team is counted against, and what the sales pages and
 * API say. The prospects themselves are in prospects.ts, the activity log, dashboard and share
 * links in outreach.ts, the public demo form in demo-request.ts. Staff calls are made by Procura's
 * own portal with its session cookie; they are not part of the published package.
 *
 * @module
 */

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
  /** Not Contacted is where a prospect starts: once contacted, it never goes back. */
  contacted: (company: string) => `${company} has been contacted: its status cannot go back to Not Contacted`,
  expiresInDays: 'A share link lasts from 1 to 90 days',
  shareLinkNotFound: 'Share link not found',
  shareLinkGone: 'This link has expired or was revoked',
  csvEmpty: 'Paste or choose a CSV file with a header row and at least one prospect',
  csvBadLines: 'Some lines cannot be imported; nothing was imported',
} as const;
