// A buyer company's people: the first user, who is an approver, and the colleagues approvers
// invite at the organisation's own domain, each e-mailed a sign-in link.
import type { Kysely } from 'kysely';
import { COMPANY_MESSAGES, type Colleague, type ColleagueInput, type Colleagues } from '../../contract/schemas/buyer-company';
import { centsToRand } from '../../sdk/format';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { organisationDomain } from '../mail/guard';
import { admitLinkTo, issueLink, storedLink } from '../sign-in-links/sign-in-links';
import { BUYER_LINKS, type BuyerAccessDeps } from './buyer.service';
import { reject } from './approvals.service';
import * as repo from './company.repository';
import type { CompanyMember } from './company-members';

/** Addresses that are never an organisation's, beyond the mail guard's list of public providers. */
const PUBLIC_PROVIDERS = new Set(['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'outlook.co.za', 'hotmail.co.za']);

/** The organisation's domain of an address, or null for a public mail provider's. */
function companyDomain(email: string): string | null {
  const domain = organisationDomain(email);
  return domain === null || PUBLIC_PROVIDERS.has(domain) ? null : domain;
}

const toColleague = (row: repo.MemberRow, member: CompanyMember): Colleague => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  spendingLimit: row.spending_limit_cents === null ? null : centsToRand(row.spending_limit_cents),
  firstUser: row.id === member.companyId,
  you: row.id === member.id,
});

/** `GET /api/buyer/colleagues`: everyone of the company, and whether the buyer may invite. */
export async function listColleagues(db: Kysely<DB>, member: CompanyMember): Promise<Colleagues> {
  const rows = await repo.findCompanyMembers(db, member.companyId);
  const domain = companyDomain(member.email);
  return { colleagues: rows.map((r) => toColleague(r, member)), canInvite: member.role === 'approver' && domain !== null, domain };
}

const refuseEmail = (message: string) => new ApiError(400, 'validation_error', 'Request validation failed', { fields: { email: message } });

/**
 * `POST /api/buyer/colleagues`: an approver brings a colleague at the same organisation's domain
 * into the company (a new account, or one of that address that is alone) and e-mails them a
 * sign-in link, within the link limits every buyer's address has.
 */
export async function inviteColleague(
  deps: BuyerAccessDeps,
  member: CompanyMember,
  input: ColleagueInput & { spendingLimit: number | null },
): Promise<Colleague> {
  if (member.role !== 'approver') throw new ApiError(403, 'forbidden', COMPANY_MESSAGES.approverOnly);
  const domain = companyDomain(member.email);
  if (domain === null) throw refuseEmail(COMPANY_MESSAGES.ownPublicProvider);
  const email = input.email.trim().toLowerCase();
  const theirs = companyDomain(email);
  if (theirs === null) throw refuseEmail(COMPANY_MESSAGES.publicProvider);
  if (theirs !== domain) throw refuseEmail(COMPANY_MESSAGES.otherDomain(domain));
  const nowMs = deps.clock();
  const now = new Date(nowMs).toISOString();
  const limitCents = input.role === 'requester' && input.spendingLimit !== null ? Math.round(input.spendingLimit * 100) : null;
  const id = await deps.database.db.transaction().execute(async (trx) => {
    const existing = await repo.findMemberByEmail(trx, email);
    let accountId: number;
    if (existing) {
      const company = existing.company_id ?? existing.id;
      if (company === member.companyId) throw new ApiError(409, 'colleague_exists', COMPANY_MESSAGES.exists);
      if (existing.company_id !== null || (await repo.hasColleagues(trx, existing.id))) throw new ApiError(409, 'colleague_exists', COMPANY_MESSAGES.elsewhere);
      await repo.joinCompany(trx, existing.id, member.companyId, input.role, input.name, limitCents);
      accountId = existing.id;
    } else {
      accountId = await repo.insertColleague(trx, {
        email,
        companyId: member.companyId,
        role: input.role,
        name: input.name,
        spendingLimitCents: limitCents,
        now,
      });
    }
    const { allowed } = await admitLinkTo(trx, BUYER_LINKS, email, nowMs);
    const link = await issueLink(trx, BUYER_LINKS, allowed ? accountId : null, nowMs);
    await deps.outbox.enqueueWhere(trx, [{ kind: 'buyer-sign-in', recipient: email, payload: { token: link.token } }], new Date(nowMs), storedLink(trx, link));
    return accountId;
  });
  deps.outbox.notify();
  const row = await repo.findMember(deps.database.db, id);
  return toColleague(row!, member);
}

/**
 * `DELETE /api/buyer/colleagues/:id`: an approver takes a colleague out; their account stays, alone. Their orders that
 * wait for the company's approval are rejected by the approver who took them out, so no one decides them later: the
 * colleague is e-mailed why, and the quotes are offered to them again.
 */
export async function removeColleague(deps: Parameters<typeof reject>[0], member: CompanyMember, id: number): Promise<void> {
  const { db } = deps.database;
  if (member.role !== 'approver') throw new ApiError(403, 'forbidden', COMPANY_MESSAGES.approverOnly);
  if (id === member.id) throw new ApiError(409, 'colleague_kept', COMPANY_MESSAGES.self);
  if (id === member.companyId) throw new ApiError(409, 'colleague_kept', COMPANY_MESSAGES.firstUser);
  if (!(await repo.leaveCompany(db, id, member.companyId))) throw new ApiError(404, 'colleague_not_found', COMPANY_MESSAGES.notFound);
  for (const approval of await repo.findWaitingApprovals(db, member.companyId)) {
    if (approval.requester_account_id !== id) continue;
    // One another approver decided meanwhile stays as they decided it.
    await reject(deps, member, approval.id, COMPANY_MESSAGES.removed).catch((err: unknown) => {
      if (!(err instanceof ApiError && err.code === 'approval_decided')) throw err;
    });
  }
}
