import type { Executor } from '../db/executor';
import { type HeldOrder, offerHeldAgain } from '../requests/quotes/approved-orders';
import { deleteAccountRows, findAccountByEmail } from './buyer.repository';
import { deleteApprovals, waitingApprovalsOf } from './company.repository';

/**
 * Deletes the buyer account of a lower-cased address, if it has one, with everything kept for it
 * (saved details, sessions, sign-in links); answers whether there was one. The erasure of an
 * address's personal data runs it, so a data request, the buyer's own deletion and the retention
 * sweep all end the account the same way.
 */
export async function deleteAccountOf(db: Executor, email: string, now: Date): Promise<boolean> {
  const account = await findAccountByEmail(db, email);
  if (!account) return false;
  // What waits for approval, held by this account's company or asked by it, is offered again and
  // goes with the account: its order details and tracking token are the buyer's personal data.
  const held = await waitingApprovalsOf(db, account.id);
  const at = now.toISOString();
  for (const approval of held) await offerHeldAgain(db, { awards: JSON.parse(approval.awards_json) as HeldOrder['awards'] }, at);
  await deleteApprovals(
    db,
    held.map((h) => h.id),
  );
  await deleteAccountRows(db, account.id);
  return true;
}
