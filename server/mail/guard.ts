import { randomBytes } from 'node:crypto';
import { BUYER_EMAILS_PER_DAY, type EmailNotSentReason } from '../../sdk/rules';
import type { Executor } from '../db/executor';
import { hashSecret, maskEmail } from '../lib/ids';
import {
  deleteAddressEvent,
  findMailLink,
  insertMailLinks,
  recordAddressEvent,
  suppressAddress,
  suppressedHashes,
  unsuppressAddress,
} from './guard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Above this many requests in 24 hours, an address's requests still get quotes but send no supplier leads. */
export const REQUESTS_PER_DAY_WITH_LEADS = 10;

/** How an address is recognised without being kept: SHA-256 of its lower-case form. */
export function addressHash(email: string): string {
  return hashSecret(email.trim().toLowerCase());
}

export interface RfqMailDecision {
  /** The buyer addresses to e-mail, each with the token of its unsubscribe links. */
  buyers: { email: string; linkToken: string }[];
  notSent: { email: string; reason: EmailNotSentReason }[];
  sendLeads: boolean;
}

/**
 * Decides, inside the request's transaction, who a new RFQ e-mails. Every count is written before
 * it is read, so two processes counting at once can only both refuse, never both send a sixth.
 */
export async function decideRfqMail(
  trx: Executor,
  { primaryEmail, additionalEmails, now }: { primaryEmail: string; additionalEmails: string[]; now: Date },
): Promise<RfqMailDecision> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const requests = await recordAddressEvent(trx, { addressHash: addressHash(primaryEmail), kind: 'request', now: at, since });

  const seen = new Set<string>();
  const addresses = [primaryEmail, ...additionalEmails].filter((e) => !seen.has(e.toLowerCase()) && seen.add(e.toLowerCase()));
  const suppressed = await suppressedHashes(trx, addresses.map(addressHash));
  const decision: RfqMailDecision = { buyers: [], notSent: [], sendLeads: requests.count <= REQUESTS_PER_DAY_WITH_LEADS };
  const links: { token_hash: string; address_hash: string; masked_address: string; created_at: string }[] = [];
  for (const email of addresses) {
    const hash = addressHash(email);
    if (suppressed.has(hash)) {
      decision.notSent.push({ email: maskEmail(email), reason: 'unsubscribed' });
      continue;
    }
    const received = await recordAddressEvent(trx, { addressHash: hash, kind: 'quote-email', now: at, since });
    if (received.count > BUYER_EMAILS_PER_DAY) {
      await deleteAddressEvent(trx, received.id);
      decision.notSent.push({ email: maskEmail(email), reason: 'daily_limit' });
      continue;
    }
    const linkToken = randomBytes(18).toString('base64url');
    links.push({ token_hash: hashSecret(linkToken), address_hash: hash, masked_address: maskEmail(email), created_at: at });
    decision.buyers.push({ email, linkToken });
  }
  await insertMailLinks(trx, links);
  return decision;
}

export type LinkAction = 'unsubscribe' | 'not-me';

/** The masked address and suppression state behind an e-mail's link token, or undefined for an unknown token. */
export async function findLink(db: Executor, token: string) {
  if (!/^[A-Za-z0-9_-]{10,100}$/.test(token)) return undefined;
  const link = await findMailLink(db, hashSecret(token));
  return link && { addressHash: link.address_hash, maskedAddress: link.masked_address, suppressed: link.reason !== null };
}

/** Puts the link's address on the suppression list; answers the masked address, or undefined for an unknown token. */
export async function suppressByLink(db: Executor, token: string, action: LinkAction, now: Date): Promise<string | undefined> {
  const link = await findLink(db, token);
  if (!link) return undefined;
  await suppressAddress(db, link.addressHash, action, now.toISOString());
  return link.maskedAddress;
}

/** Takes the link's address off the suppression list: it asked for buyer e-mails again. */
export async function resubscribeByLink(db: Executor, token: string): Promise<string | undefined> {
  const link = await findLink(db, token);
  if (!link) return undefined;
  await unsuppressAddress(db, link.addressHash);
  return link.maskedAddress;
}

/**
 * Whether the buyer's address may be e-mailed about their order: not when it asked for no more
 * e-mails, or said someone else typed it.
 */
export async function mayEmailBuyer(trx: Executor, email: string): Promise<boolean> {
  return (await suppressedHashes(trx, [addressHash(email)])).size === 0;
}
