// Whether an acceptance commits the buyer's company at once, or waits for an approver: the limit
// follows the request's owner, the account of the address that made it, however the acceptance
// reached the server (signed in, or through the tracking link anyone holding it may use).
import type { OrderDetails } from '../../sdk/schemas/rfq';
import type { Executor } from '../db/executor';
import type { OutboxMessage } from '../mail/messages';
import * as repo from './company.repository';

/** A requester whose order waits: their account and company. */
export interface HeldRequester {
  accountId: number;
  companyId: number;
}

/**
 * The requester whose order of `totalCents` (incl. VAT) must wait for approval: the account of
 * the request's address when it is a company's requester with a limit the total is above; null
 * for anyone else, a buyer with no account included.
 */
export async function approvalNeeded(db: Executor, primaryEmail: string, totalCents: number): Promise<HeldRequester | null> {
  if (!primaryEmail) return null;
  const member = await repo.findMemberByEmail(db, primaryEmail.trim().toLowerCase());
  if (member?.role !== 'requester' || member.spending_limit_cents === null || member.company_id === null) return null;
  return totalCents > member.spending_limit_cents ? { accountId: member.id, companyId: member.company_id } : null;
}

/**
 * Keeps an acceptance for the company's approvers (its order details and tracking token with it,
 * forgotten once decided) and answers the e-mail each approver is sent.
 */
export async function holdForApproval(
  db: Executor,
  requester: HeldRequester,
  hold: {
    rfqId: string;
    kind: 'accept' | 'split';
    awards: { quoteId: number; lineNos: number[] | null }[];
    details: OrderDetails;
    token: string;
    totalCents: number;
    at: string;
  },
): Promise<OutboxMessage[]> {
  const approvalId = await repo.insertApproval(db, {
    company_id: requester.companyId,
    requester_account_id: requester.accountId,
    rfq_id: hold.rfqId,
    kind: hold.kind,
    awards_json: JSON.stringify(hold.awards),
    order_details_json: JSON.stringify(hold.details),
    tracking_token: hold.token,
    total_incl_vat_cents: hold.totalCents,
    requested_at: hold.at,
    reason: null,
    decided_at: null,
    decided_by_account_id: null,
  });
  const approvers = (await repo.findCompanyMembers(db, requester.companyId)).filter((m) => m.role === 'approver');
  return approvers.map((a) => ({ kind: 'buyer-approval-requested', recipient: a.email, payload: { approvalId } }));
}
