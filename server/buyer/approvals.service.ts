// The orders above a requester's limit that wait for the company's approvers: listed, approved
// (placed exactly as the acceptance would have been) or rejected (the requester told why).
import type { Kysely } from 'kysely';
import { type Approval, type ApprovalDecision, COMPANY_MESSAGES } from '../../contract/schemas/buyer-company';
import { centsToRand } from '../../sdk/format';
import type { DB } from '../db/schema';
import type { Executor } from '../db/executor';
import { ApiError } from '../errors';
import type { OutboxMessage } from '../mail/messages';
import { endedHolds, type HeldOrder, heldOrderSummary, offerHeldAgain, placeHeldOrder, releaseHeldOrder } from '../requests/quotes/approved-orders';
import type { QuoteDeps } from '../requests/quotes/quotes.service';
import type { CompanyMember } from './company-members';
import * as repo from './company.repository';

type ApprovalDeps = Pick<QuoteDeps, 'database' | 'writes' | 'outbox'> & { clock: () => number };

function approverOnly(member: CompanyMember): void {
  if (member.role !== 'approver') throw new ApiError(403, 'forbidden', COMPANY_MESSAGES.approverOnlyApprovals);
}

const awardsOf = (row: { awards_json: string }) => JSON.parse(row.awards_json) as HeldOrder['awards'];

/** `GET /api/buyer/approvals`: what waits for the company's approvers, oldest first. */
export async function listApprovals(db: Kysely<DB>, member: CompanyMember): Promise<{ approvals: Approval[] }> {
  approverOnly(member);
  const [rows, people] = await Promise.all([repo.findWaitingApprovals(db, member.companyId), repo.findCompanyMembers(db, member.companyId)]);
  const approvals: Approval[] = [];
  for (const row of rows) {
    const summary = await heldOrderSummary(db, awardsOf(row));
    if (!summary) continue;
    const requester = people.find((p) => p.id === row.requester_account_id);
    approvals.push({
      id: row.id,
      rfqId: row.rfq_id,
      product: summary.product,
      requestedBy: requester ? (requester.name ?? requester.email) : 'A former colleague',
      requestedAt: row.requested_at,
      spendingLimit: requester?.spending_limit_cents == null ? null : centsToRand(requester.spending_limit_cents),
      suppliers: summary.suppliers,
      totalInclVat: centsToRand(row.total_incl_vat_cents),
      validUntil: summary.validUntil,
    });
  }
  return { approvals };
}

/** The company's waiting approval `id`, with what was held (404 when none such, 409 once decided). */
async function waiting(db: Kysely<DB>, member: CompanyMember, id: number) {
  approverOnly(member);
  const row = await repo.findApproval(db, member.companyId, id);
  if (!row) throw new ApiError(404, 'approval_not_found', COMPANY_MESSAGES.approvalNotFound);
  if (row.status === 'expired') throw new ApiError(409, 'approval_decided', COMPANY_MESSAGES.expired);
  if (row.status !== 'waiting' || row.order_details_json === null || row.tracking_token === null)
    throw new ApiError(409, 'approval_decided', COMPANY_MESSAGES.decided);
  return { row, held: { kind: row.kind, awards: awardsOf(row), details: JSON.parse(row.order_details_json), token: row.tracking_token } as HeldOrder };
}

const alreadyDecided = () => new ApiError(409, 'approval_decided', COMPANY_MESSAGES.decided);

/** `POST /api/buyer/approvals/:id/approve`: places the held orders; refused as the acceptance would be (a quote past its validity). */
export async function approve(deps: ApprovalDeps, member: CompanyMember, id: number): Promise<ApprovalDecision> {
  const { row, held } = await waiting(deps.database.db, member, id);
  const now = new Date(deps.clock());
  await placeHeldOrder(deps, held, now, async (trx) => {
    if (!(await repo.decideApproval(trx, id, { status: 'approved', reason: null, at: now.toISOString(), by: member.id }))) throw alreadyDecided();
  });
  return { id, status: 'approved', rfqId: row.rfq_id };
}

/** `POST /api/buyer/approvals/:id/reject`: the quotes are offered again and the requester is e-mailed the reason. */
export async function reject(deps: ApprovalDeps, member: CompanyMember, id: number, reason: string): Promise<ApprovalDecision> {
  const { row, held } = await waiting(deps.database.db, member, id);
  const now = new Date(deps.clock());
  await releaseHeldOrder(deps, held, now, async (trx) => {
    if (!(await repo.decideApproval(trx, id, { status: 'rejected', reason, at: now.toISOString(), by: member.id }))) throw alreadyDecided();
    const requester = row.requester_account_id === null ? undefined : await repo.findMember(trx, row.requester_account_id);
    const tell: OutboxMessage[] = requester ? [{ kind: 'buyer-approval-rejected', recipient: requester.email, payload: { approvalId: id } }] : [];
    return tell;
  });
  return { id, status: 'rejected', rfqId: row.rfq_id };
}

/**
 * Closes, as expired, the waiting approvals whose order can no longer be placed (see
 * `endedHolds`): a quote past its validity would be refused, and once a request's personal data
 * is deleted no order details may outlive it. The order details and tracking token go; the quotes
 * are offered again (reading `expired` past their validity) and no supplier hears anything. The
 * retention sweep runs it hourly, and the erasure of an address for the requests it anonymised
 * (`of`); answers how many it closed.
 */
export async function expireEndedApprovals(db: Executor, now: Date, of?: readonly string[]): Promise<number> {
  const at = now.toISOString();
  // Read from the few orders that wait, not from every quote: a request's quotes are found by its id.
  const waiting = await repo.waitingApprovalsOn(db, of);
  const ended = new Set(await endedHolds(db, [...new Set(waiting.map((a) => a.rfq_id))], now));
  let closed = 0;
  for (const approval of waiting.filter((a) => ended.has(a.rfq_id))) {
    // Closed first: an approver's decision that came between leaves its quotes as it placed them.
    if (!(await repo.decideApproval(db, approval.id, { status: 'expired', reason: null, at, by: null }))) continue;
    await offerHeldAgain(db, { awards: awardsOf(approval) }, at);
    closed++;
  }
  return closed;
}
