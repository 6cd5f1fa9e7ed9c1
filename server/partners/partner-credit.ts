import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, PartnerCredit } from '../db/schema';
import type { Executor } from '../db/executor';
import type { GroupCommit } from '../db/group-commit';
import { ENTERPRISE_COMPANY_SIZES, type RevenueModel } from '../../contract/revenue';
import { creditPartner } from '../billing/billing.service';
import { mailboxOf } from '../mail/guard';
import { claimPartnerCredit, findPendingCredit, isPartnerHost, partnerCreditKey, settlePendingCredit } from './partners.repository';

/** A buyer's second qualified RFQ through the same partner within this time earns nothing; a pending RFQ qualifies within it or never. */
export const CREDIT_WINDOW_MS = 30 * 24 * 3_600_000;

/**
 * How a widget RFQ that names a registered partner counts for it: 'uncredited' unless the widget's
 * page is on one of the partner's hosts, 'pending' when a supplier quoted (it pays only once the
 * buyer shows the address is theirs: {@link qualifyPendingCredit}), 'host' otherwise. Run it
 * inside the transaction that stores the RFQ, so the mark and the RFQ commit together.
 */
export async function partnerCredit(db: Kysely<DB>, r: { partnerId: string; host: string | null; quoted: boolean }): Promise<PartnerCredit> {
  if (r.host === null || !(await isPartnerHost(db, r.partnerId, r.host))) return 'uncredited';
  return r.quoted ? 'pending' : 'host';
}

/**
 * Settles a pending RFQ on evidence that its buyer holds the address: 'qualified' (paid, and the
 * partner's share written to the ledger) when the buyer brought the partner no qualified RFQ in the
 * last 30 days, 'host' otherwise. Nothing changes for an RFQ that is not pending, is 30 days old, or
 * whose buyer's address is deleted. Answers the RFQ's credit after the call, or null when it has none to settle.
 */
export async function qualifyPendingCredit(db: Executor, rfqId: string, revenue: Readonly<RevenueModel>, now: Date): Promise<PartnerCredit | null> {
  const pending = await findPendingCredit(db, rfqId);
  if (!pending || pending.primary_email === null || now.getTime() - Date.parse(pending.created_at) >= CREDIT_WINDOW_MS) return null;
  // A keyed hash of the mailbox (a +tag or capitals make no new buyer): the 30-day rule needs to
  // recognise the buyer, not to know the address.
  const buyerKey = createHmac('sha256', await partnerCreditKey(db))
    .update(mailboxOf(pending.primary_email))
    .digest('base64url');
  const expiresAt = new Date(now.getTime() + CREDIT_WINDOW_MS).toISOString();
  const credit = (await claimPartnerCredit(db, pending.partner_id, buyerKey, expiresAt, now.toISOString())) ? 'qualified' : 'host';
  // Only the first settlement counts: another one that got here first leaves this one nothing to change.
  if (!(await settlePendingCredit(db, rfqId, credit))) return null;
  if (credit === 'qualified') {
    const enterprise = (ENTERPRISE_COMPANY_SIZES as readonly string[]).includes(pending.company_size ?? '');
    await creditPartner(db, { partnerId: pending.partner_id, rfqId, enterprise }, revenue, now);
  }
  return credit;
}

const PROOF_LENGTH = 22;

/**
 * What the buyer's e-mail about a pending RFQ carries in its links (`/mail/open/{rfqId}/{proof}`):
 * a keyed hash of the RFQ's id that only the e-mail holds, since the answer to the request (which a
 * script reads) carries its id and tracking tokens but never this.
 */
export async function mailOpenProof(db: Executor, rfqId: string): Promise<string> {
  return createHmac('sha256', await partnerCreditKey(db))
    .update(`mail-open ${rfqId}`)
    .digest('base64url')
    .slice(0, PROOF_LENGTH);
}

/** Whether `proof` is the one {@link mailOpenProof} makes for the RFQ. */
async function isMailOpenProof(db: Executor, rfqId: string, proof: string): Promise<boolean> {
  if (proof.length !== PROOF_LENGTH) return false;
  return timingSafeEqual(Buffer.from(proof), Buffer.from(await mailOpenProof(db, rfqId)));
}

/**
 * A link of a buyer's e-mail was opened (`/mail/open/{rfqId}/{proof}`): with the right proof, the
 * request's pending credit is settled. Answers where the link leads: the quote it names (`token`,
 * with the accept confirmation open when `accept`), or the request's results. A wrong proof
 * still leads there, crediting nothing.
 */
export async function openMailLink(
  deps: { db: Kysely<DB>; writes: GroupCommit; publicUrl: string; revenue: Readonly<RevenueModel> },
  link: { rfqId: string; proof: string; token?: string | undefined; accept: boolean },
  now: Date,
): Promise<string> {
  // Most opens are of requests already settled: one read, and no write, decides that.
  if ((await isMailOpenProof(deps.db, link.rfqId, link.proof)) && (await findPendingCredit(deps.db, link.rfqId))) {
    await deps.writes.run((trx) => qualifyPendingCredit(trx, link.rfqId, deps.revenue, now));
  }
  return link.token === undefined
    ? `${deps.publicUrl}/quote-success?rfqId=${encodeURIComponent(link.rfqId)}`
    : `${deps.publicUrl}/quote/${encodeURIComponent(link.token)}${link.accept ? '?action=accept' : ''}`;
}
