/**
 * The sales team's outreach: the activity log, the counters read from it, the Internal Analytics
 * Dashboard built on them, and the read-only share links of that dashboard.
 *
 * @module
 */
import { z } from 'zod';
import { singleLine } from '../../sdk/schemas/text';
import { ACTIVITY_KINDS, PROSPECT_STATUSES, PROSPECT_TIERS, SALES_MESSAGES } from './sales';
import { staffRefSchema } from './prospects';

/**
 * An activity logged by hand (`POST /api/staff/prospects/:id/activities`).
 *
 * @example
 * activityInputSchema.parse({ kind: 'call', note: 'Left a message with reception' });
 */
export const activityInputSchema = z.strictObject({
  kind: z.enum(ACTIVITY_KINDS, { error: SALES_MESSAGES.activityKind }),
  note: z.string({ error: SALES_MESSAGES.tooLong }).trim().check(singleLine('Note')).max(1000, { error: SALES_MESSAGES.tooLong }).default(''),
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
 * const { daily, pipeline } = outreachDashboardSchema.parse(json);
 */
export const outreachDashboardSchema = z.object({
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
 * const dashboard: OutreachDashboard = await sales.analytics();
 */
export type OutreachDashboard = z.infer<typeof outreachDashboardSchema>;

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
