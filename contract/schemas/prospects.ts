/**
 * The sales workspace's prospects: a new prospect, a change to one, a prospect as the API answers
 * it, the list and its filters, and a CSV import's input and result.
 *
 * @module
 */
import { z } from 'zod';
import { multiLine, singleLine } from '../../sdk/schemas/text';
import { PROSPECT_SOURCES, PROSPECT_STATUSES, PROSPECT_TIERS, type ProspectStatus, SALES_MESSAGES } from './sales';

const text = (max: number, rule: z.core.$ZodCheck<string>) =>
  z.string({ error: SALES_MESSAGES.tooLong }).trim().check(rule).max(max, { error: SALES_MESSAGES.tooLong });

const emailOrEmpty = z
  .string({ error: SALES_MESSAGES.email })
  .trim()
  .check(singleLine('E-mail'))
  .max(254, { error: SALES_MESSAGES.email })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: SALES_MESSAGES.email })
  .transform((v) => v.toLowerCase());

const rand = z
  .number({ error: SALES_MESSAGES.estimatedValue })
  .min(0, { error: SALES_MESSAGES.estimatedValue })
  .max(1_000_000_000, { error: SALES_MESSAGES.estimatedValue })
  .transform((v) => Math.round(v * 100) / 100);

const prospectFields = {
  company: z
    .string({ error: SALES_MESSAGES.company })
    .trim()
    .check(singleLine('Company'))
    .min(1, { error: SALES_MESSAGES.company })
    .max(200, { error: SALES_MESSAGES.tooLong }),
  contact: text(200, singleLine('Contact')),
  phone: text(40, singleLine('Phone')),
  email: emailOrEmpty,
  tier: z.enum(PROSPECT_TIERS, { error: SALES_MESSAGES.tier }),
  status: z.enum(PROSPECT_STATUSES, { error: SALES_MESSAGES.status }),
  nextAction: text(500, singleLine('Next action')),
  notes: text(5000, multiLine('Notes')),
  estimatedValue: rand,
  industry: text(100, singleLine('Industry')),
  conversionProbability: z
    .number({ error: SALES_MESSAGES.conversionProbability })
    .int({ error: SALES_MESSAGES.conversionProbability })
    .min(0, { error: SALES_MESSAGES.conversionProbability })
    .max(100, { error: SALES_MESSAGES.conversionProbability }),
  actualResponse: text(2000, multiLine('Their response')),
  callNotes: text(5000, multiLine('Call notes')),
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
  q: z.string().trim().check(singleLine('Search text')).max(200, { error: SALES_MESSAGES.tooLong }).optional(),
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
const importProblemSchema = z.object({ line: z.number(), reason: z.string() });

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
