/**
 * A buyer company's contract: the colleagues who share an account (approvers and requesters, a
 * requester perhaps with a spending limit) and the orders above a limit that wait for an
 * approver. Called by Procura's own pages with the buyer session cookie; not part of the
 * published package.
 *
 * @module
 */
import { z } from 'zod';
import { multiLineText, singleLine } from '../../sdk/schemas/text';
import { rfqLineSchema } from '../../sdk/schemas/rfq';
import { buyerSignInLinkSchema } from './buyer';

/**
 * What the colleagues and approvals sections and their API say, in one place.
 *
 * @example
 * COMPANY_MESSAGES.approverOnly; // 'Only an approver can invite or remove colleagues.'
 */
export const COMPANY_MESSAGES = {
  approverOnly: 'Only an approver can invite or remove colleagues.',
  approverOnlyApprovals: 'Only an approver can see and decide the orders that wait for approval.',
  publicProvider: 'Invite a colleague at your organisation’s own domain: addresses at a public mail provider cannot share an account.',
  ownPublicProvider: 'Your address is at a public mail provider: only an account at an organisation’s own domain can have colleagues.',
  otherDomain: (domain: string) => `Invite a colleague whose address is at @${domain}, as yours is.`,
  name: 'Enter your colleague’s name (up to 100 characters)',
  role: 'Choose requester or approver',
  spendingLimit: 'Give the spending limit in rand, more than 0 and up to R10,000,000, or leave it empty for none',
  exists: 'This address is already one of your colleagues.',
  elsewhere: 'This address already shares another company’s account.',
  firstUser: 'The account’s first user cannot be removed.',
  self: 'You cannot remove yourself.',
  notFound: 'No colleague of yours has this id.',
  approvalNotFound: 'No order of your company waits with this id.',
  decided: 'This order was already decided.',
  expired: 'This order was closed unordered: its quotes’ validity ended, or its request’s details were deleted, before an approver decided.',
  reason: 'Give a reason of 2 to 500 characters: the colleague who asked reads it',
  /** The reason a removed colleague's waiting orders are rejected with, which the e-mail telling them quotes. */
  removed:
    'You were taken out of your company’s account, so its approvers no longer decide your orders. Its quotes are open to you again, to order on your own.',
  invited: 'Invited. Your colleague was e-mailed a link to sign in.',
};

/**
 * A person of the company: approvers invite and remove colleagues and decide the orders that wait;
 * a requester's order above their limit waits for an approver.
 *
 * @example
 * BUYER_ROLES.includes('approver'); // true
 */
export const BUYER_ROLES = ['requester', 'approver'] as const;

/**
 * `POST /api/buyer/colleagues`: the colleague's address (at the inviter's own domain), name, role
 * and, for a requester, a spending limit per order in rand incl. VAT.
 *
 * @example
 * colleagueInputSchema.parse({ email: 'lindiwe@school.co.za', name: 'Lindiwe Khumalo', role: 'requester', spendingLimit: 5000 });
 */
export const colleagueInputSchema = z.object({
  email: buyerSignInLinkSchema.shape.email,
  name: z
    .string({ error: COMPANY_MESSAGES.name })
    .trim()
    .min(1, { error: COMPANY_MESSAGES.name })
    .max(100, { error: COMPANY_MESSAGES.name })
    .check(singleLine('Name')),
  role: z.enum(BUYER_ROLES, { error: COMPANY_MESSAGES.role }),
  spendingLimit: z
    .number({ error: COMPANY_MESSAGES.spendingLimit })
    .gt(0, { error: COMPANY_MESSAGES.spendingLimit })
    .max(10_000_000, { error: COMPANY_MESSAGES.spendingLimit })
    .optional()
    .nullable()
    .transform((v) => v ?? null),
});
export type ColleagueInput = z.input<typeof colleagueInputSchema>;

/**
 * One person of the company, as the colleagues list shows them.
 *
 * @example
 * colleagueSchema.parse({ id: 2, email: 'lindiwe@school.co.za', name: 'Lindiwe', role: 'requester', spendingLimit: 5000, firstUser: false, you: false });
 */
export const colleagueSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(BUYER_ROLES),
  /** Rand incl. VAT per order; null: none. */
  spendingLimit: z.number().nullable(),
  firstUser: z.boolean(),
  you: z.boolean(),
});
export type Colleague = z.infer<typeof colleagueSchema>;

/**
 * `GET /api/buyer/colleagues`: everyone of the company, the first user first, and whether the
 * signed-in buyer may invite and remove (an approver at an organisation's own domain).
 *
 * @example
 * colleaguesSchema.parse({ colleagues: [], canInvite: true, domain: 'school.co.za' });
 */
export const colleaguesSchema = z.object({ colleagues: z.array(colleagueSchema), canInvite: z.boolean(), domain: z.string().nullable() });
export type Colleagues = z.infer<typeof colleaguesSchema>;

/**
 * A colleague's or an approval's id in the path.
 *
 * @example
 * companyIdParamsSchema.parse({ id: '7' });
 */
export const companyIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * An order that waits for an approver (`GET /api/buyer/approvals`): the request, who asked, each
 * supplier with the lines it would be ordered, and the order's total incl. VAT.
 *
 * @example
 * approvalSchema.shape.totalInclVat.parse(11500);
 */
export const approvalSchema = z.object({
  id: z.number().int(),
  rfqId: z.string(),
  product: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** The requester's limit when they asked, rand incl. VAT. */
  spendingLimit: z.number().nullable(),
  suppliers: z.array(z.object({ supplierName: z.string(), quoteId: z.string(), lines: z.array(rfqLineSchema) })),
  totalInclVat: z.number(),
  validUntil: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

/**
 * `GET /api/buyer/approvals`: what waits for the company's approvers, oldest first.
 *
 * @example
 * approvalsSchema.parse({ approvals: [] });
 */
export const approvalsSchema = z.object({ approvals: z.array(approvalSchema) });
export type Approvals = z.infer<typeof approvalsSchema>;

/**
 * `POST /api/buyer/approvals/:id/reject`: why, e-mailed to the colleague who asked.
 *
 * @example
 * approvalRejectSchema.parse({ reason: 'Order from the framework supplier instead.' });
 */
export const approvalRejectSchema = z.object({
  reason: multiLineText('Reason', { min: 2, max: 500 }, COMPANY_MESSAGES.reason),
});
export type ApprovalRejectInput = z.input<typeof approvalRejectSchema>;

/**
 * What an approval's decision answers: the approval's id and how it ended.
 *
 * @example
 * approvalDecisionSchema.parse({ id: 3, status: 'approved', rfqId: '123456789012345' });
 */
export const approvalDecisionSchema = z.object({ id: z.number().int(), status: z.enum(['approved', 'rejected']), rfqId: z.string() });
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;
