import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, PartnerCredit } from '../db/schema';
import { claimPartnerCredit, isPartnerHost, partnerCreditKey } from './partners.repository';

/** A buyer's second qualified RFQ through the same partner within this time earns nothing. */
export const CREDIT_WINDOW_MS = 30 * 24 * 3_600_000;

/**
 * How a widget RFQ that names a registered partner counts for it: 'uncredited' unless the widget's
 * page is on one of the partner's hosts, 'qualified' (paid) when a supplier quoted and the buyer
 * brought the partner no qualified RFQ in the last 30 days, 'host' otherwise. Run it inside the
 * transaction that stores the RFQ, so the mark and the RFQ commit together.
 */
export async function partnerCredit(
  db: Kysely<DB>,
  r: { partnerId: string; host: string | null; buyerEmail: string; quoted: boolean; now: Date },
): Promise<PartnerCredit> {
  if (r.host === null || !(await isPartnerHost(db, r.partnerId, r.host))) return 'uncredited';
  if (!r.quoted) return 'host';
  // A keyed hash: the 30-day rule needs to recognise the buyer, not to know the address.
  const buyerKey = createHmac('sha256', await partnerCreditKey(db)).update(r.buyerEmail.trim().toLowerCase()).digest('base64url');
  const expiresAt = new Date(r.now.getTime() + CREDIT_WINDOW_MS).toISOString();
  return (await claimPartnerCredit(db, r.partnerId, buyerKey, expiresAt, r.now.toISOString())) ? 'qualified' : 'host';
}
