import type { Executor } from '../db/executor';
import { deleteAccountRows, findAccountByEmail } from './buyer.repository';

/**
 * Deletes the buyer account of a lower-cased address, if it has one, with everything kept for it
 * (saved details, sessions, sign-in links); answers whether there was one. The erasure of an
 * address's personal data runs it, so a data request, the buyer's own deletion and the retention
 * sweep all end the account the same way.
 */
export async function deleteAccountOf(db: Executor, email: string): Promise<boolean> {
  const account = await findAccountByEmail(db, email);
  if (!account) return false;
  await deleteAccountRows(db, account.id);
  return true;
}
