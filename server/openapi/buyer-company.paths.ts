import {
  approvalDecisionSchema,
  approvalRejectSchema,
  approvalsSchema,
  colleagueInputSchema,
  colleagueSchema,
  colleaguesSchema,
} from '../../contract/schemas/buyer-company';
import { callsOf, type Route } from './route';

const COMPANY = {
  tag: 'Buyer account',
  errorText: {
    401: '`unauthorized`: no live buyer session',
    403: "`forbidden`: the signed-in buyer is not an approver; or `bad_origin`: a state change from a page that is not Procura's",
  },
} as const;

/** Any colleague signed in may read who shares the account. */
const company = callsOf({ ...COMPANY, errors: [401] });
/** The rest is an approver's alone: 403 for a requester. */
const approver = callsOf({ ...COMPANY, errors: [401, 403] });

/** What deciding a held order answers: the decision, or 409 once the order was decided (or, approving, a quote expired). */
const DECISION: Pick<Route, 'ok' | 'errors'> = { ok: [200, approvalDecisionSchema], errors: [409] };

/** A buyer company: colleagues at the organisation's own domain, and the orders above a requester's limit that wait for an approver. */
export const BUYER_COMPANY_PATHS: Route[] = [
  company.get('/api/buyer/colleagues', {
    summary: "The signed-in buyer's company: everyone who shares its account",
    description:
      'The first user (an approver) first, then each colleague with their role (`requester` or `approver`) and, for a requester, the spending limit in rand incl. VAT per order. `canInvite` is true for an approver at an organisation’s own domain.',
    ok: [200, colleaguesSchema],
  }),
  approver.post('/api/buyer/colleagues', {
    summary: 'Invite a colleague at the same organisation’s domain',
    description:
      "Only an approver (403 `forbidden` otherwise). The address must be at the inviter's own domain, never a public mail provider's (Gmail, Outlook and the mail guard's list): 400 `validation_error` on `email` otherwise. The colleague is e-mailed a sign-in link to `/account/sign-in`; an address already in the company, or sharing another company's account, answers 409 `colleague_exists`. From Procura's own pages (their Origin).",
    body: colleagueInputSchema,
    ok: [201, colleagueSchema],
    errors: [409],
  }),
  approver.delete('/api/buyer/colleagues/{id}', {
    summary: 'Take a colleague out of the company',
    description:
      "Only an approver. The colleague's account stays, alone, with the requests its address made; the first user and the approver themself cannot be removed (409 `colleague_kept`); an id not of the company answers 404 `colleague_not_found`. From Procura's own pages (their Origin).",
    ok: [204, null],
    errors: [409],
  }),
  approver.get('/api/buyer/approvals', {
    summary: 'The orders that wait for the company’s approvers, oldest first',
    description:
      'Only an approver. Each order a requester accepted above their spending limit (by tracking link or signed in alike): its `id`, the request, who asked, each supplier with the lines it would be ordered, the order total incl. VAT and the earliest validity of its quotes. Its quotes read `awaiting_approval`; their suppliers were told nothing. An order still waiting once a quote’s validity has ended, or once its request’s personal data was deleted, is closed unordered within the hour, its order details with it, and is listed no more.',
    ok: [200, approvalsSchema],
  }),
  approver.post('/api/buyer/approvals/{id}/approve', {
    summary: 'Approve a held order: place it exactly as the acceptance would have',
    description:
      "Only an approver. Issues the purchase orders and sends the e-mails the acceptance would have sent (the suppliers' orders, the buyer's copy, the others not selected). A quote past its validity is refused as the acceptance would be (409 `quote_expired` with the validity message), and the order keeps waiting until it is closed; an order already decided, or closed unordered, answers 409 `approval_decided` (the message says which). From Procura's own pages (their Origin).",
    ...DECISION,
  }),
  approver.post('/api/buyer/approvals/{id}/reject', {
    summary: 'Reject a held order: its quotes are offered again and the requester is told why',
    description:
      "Only an approver. The held quotes go back to `offered` (their lines free to order again) and the colleague who asked is e-mailed the reason. From Procura's own pages (their Origin).",
    body: approvalRejectSchema,
    ...DECISION,
  }),
];
