// The buyer's account e-mails: the one-time link into their history of requests; an approver asked to
// approve a colleague's order above their limit, linking to the account's Approvals section, and the
// requester told of a rejection and why.
import type { Kysely } from 'kysely';
import { centsToRand, formatDate, formatRand } from '../../../sdk/format';
import { formatQuantity } from '../../../sdk/units';
import { findApprovalById, findMember } from '../../buyer/company.repository';
import type { DB } from '../../db/schema';
import type { OutboxMessage } from '../../mail/messages';
import { type HeldOrder, heldOrderSummary } from '../../requests/quotes/approved-orders';
import { detailsEmail, type Email, signInLinkEmail } from './layout';

export interface BuyerSignInInput {
  /** `PUBLIC_URL/account/sign-in#bl_…`: the token rides in the fragment, which browsers never send. */
  link: string;
  validMinutes: number;
}

/** A buyer's one-time link to every request they made with this address. */
export function buyerSignInEmail(input: BuyerSignInInput): Email {
  const subject = 'Sign in to see your requests on Procura';
  const intro = 'Use this link to see every request you made on Procura with this address: its quotes, your orders and their delivery.';
  return signInLinkEmail(subject, intro, 'See your requests', input);
}

type ApprovalMessage = Extract<OutboxMessage, { kind: 'buyer-approval-requested' | 'buyer-approval-rejected' }>;

/** Renders an approval's e-mail from its rows, or answers why it cannot be (the approval or its request is gone). */
export async function approvalEmail(db: Kysely<DB>, publicUrl: string, message: ApprovalMessage): Promise<Email | string> {
  const row = await findApprovalById(db, message.payload.approvalId);
  if (!row) return `Approval ${message.payload.approvalId} no longer exists`;
  const summary = await heldOrderSummary(db, JSON.parse(row.awards_json) as HeldOrder['awards']);
  if (!summary) return `The request of approval ${row.id} no longer exists`;
  const requester = row.requester_account_id === null ? undefined : await findMember(db, row.requester_account_id);
  const who = requester ? (requester.name ?? requester.email) : 'A former colleague';
  const rows: [string, string][] = [
    ['Request', row.rfq_id],
    ...summary.suppliers.map((s): [string, string] => [
      s.supplierName,
      s.lines.map((l) => `${formatQuantity(l.quantity, l.unit)} ${l.productName}`).join('; '),
    ]),
    ['Order total', `${formatRand(centsToRand(row.total_incl_vat_cents))} incl. VAT`],
  ];
  if (message.kind === 'buyer-approval-requested') {
    const limit = requester?.spending_limit_cents;
    const intro = `${who} accepted an order above their spending limit${limit == null ? '' : ` of ${formatRand(centsToRand(limit))}`}. It waits for your approval: the supplier hears nothing until you approve it. The quote is valid until ${formatDate(summary.validUntil)}.`;
    return detailsEmail(`An order waits for your approval: ${summary.product}`, intro, rows, {
      url: `${publicUrl}/account?tab=approvals`,
      label: 'Approve or reject',
    });
  }
  const intro = `An approver of your company rejected your order of ${summary.product}, so it was not placed. The reason they gave: ${row.reason ?? ''}`;
  return detailsEmail(`Your order was not approved: ${summary.product}`, intro, rows, { url: `${publicUrl}/account`, label: 'See your requests' });
}
