// The buyer's account e-mails: the one-time link into their history of requests; the notice before
// an unused account is deleted; an approver asked to approve a colleague's order above their limit,
// linking to the account's Approvals section, and the requester told of a rejection and why.
import type { Kysely } from 'kysely';
import { centsToRand, formatDate, formatRand } from '../../../sdk/format';
import { formatQuantity } from '../../../sdk/units';
import { findApprovalById, findMember } from '../../buyer/company.repository';
import type { DB } from '../../db/schema';
import { BUYER_SIGN_IN_LINK_MINUTES, type OutboxMessage } from '../../mail/messages';
import { html } from '../../lib/html';
import { type HeldOrder, heldOrderSummary } from '../../requests/quotes/approved-orders';
import { button, detailsEmail, type Email, footer, layout, link, signInLinkEmail } from './layout';

export interface BuyerSignInInput {
  /** `PUBLIC_URL/account/sign-in#bl_…`: the token rides in the fragment, which browsers never send. */
  link: string;
  validMinutes: number;
}

/** A buyer's one-time link to every request they made with this address. */
function buyerSignInEmail(input: BuyerSignInInput): Email {
  const subject = 'Sign in to see your requests on Procura';
  const intro = 'Use this link to see every request you made on Procura with this address: its quotes, your orders and their delivery.';
  return signInLinkEmail(subject, intro, 'See your requests', input);
}

export interface BuyerAccountExpiringInput {
  /** `PUBLIC_URL/account/sign-in`, where the buyer asks for a link. */
  signInUrl: string;
  /** The day the account goes, YYYY-MM-DD. */
  deleteOn: string;
}

/** The one notice, 30 days before, that an account unused for 24 months will be deleted. */
function buyerAccountExpiringEmail(input: BuyerAccountExpiringInput): Email {
  const subject = 'Your Procura account will be deleted unless you sign in';
  const day = formatDate(input.deleteOn);
  const intro = `Nobody has signed in to your Procura account for almost two years, so on ${day} it is deleted, with your saved details and the contact details of every request you made with this address. To keep it, sign in once before then.`;
  const after = 'If you no longer need it, do nothing: the requests stay on Procura without your name, e-mail address or phone number.';
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
<p style="margin:0 0 16px;">${button(input.signInUrl, 'Sign in to keep your account')}</p>
<p style="margin:0 0 16px;">${link(input.signInUrl)}</p>
<p style="margin:0;color:#475569;">${after}</p>`;
  const text = [intro, '', input.signInUrl, '', after, '', footer].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

/** A buyer account's e-mail from its row, or why it cannot be rendered (a sign-in link is not kept once sent). */
export function buyerAccountEmail(publicUrl: string, message: Extract<OutboxMessage, { kind: 'buyer-sign-in' | 'buyer-account-expiring' }>): Email | string {
  if (message.kind === 'buyer-account-expiring')
    return buyerAccountExpiringEmail({ signInUrl: `${publicUrl}/account/sign-in`, deleteOn: message.payload.deleteOn });
  const { token } = message.payload;
  if (!token) return 'This e-mail was sent; its link is not kept';
  return buyerSignInEmail({ link: `${publicUrl}/account/sign-in#${token}`, validMinutes: BUYER_SIGN_IN_LINK_MINUTES });
}

type ApprovalMessage = Extract<OutboxMessage, { kind: 'buyer-approval-requested' | 'buyer-approval-rejected' }>;

/** Renders an approval's e-mail from its rows, or answers why it cannot be (the approval or its request is gone). */
export async function approvalEmail(db: Kysely<DB>, publicUrl: string, message: ApprovalMessage): Promise<Email | string> {
  const row = await findApprovalById(db, message.payload.approvalId);
  if (!row) return `Approval ${message.payload.approvalId} no longer exists`;
  // An approver asked after the order was decided or closed (the e-mail held meanwhile) would be asked for nothing.
  if (message.kind === 'buyer-approval-requested' && row.status !== 'waiting') return `Approval ${row.id} no longer waits`;
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
