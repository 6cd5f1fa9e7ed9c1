import { BUYER_EMAILS_PER_DAY, DOMAIN_EMAILS_PER_DAY, type EmailNotSentReason } from '../../sdk/rules';
import type { Executor } from '../db/executor';
import { addressHash, hashSecret, maskEmail, randomBytesPooled, timePrefix } from '../lib/ids';
import type { SharedFirst } from '../db/group-commit';
import {
  countAddresses,
  countAddressesTogether,
  deleteMailLinksBefore,
  type AddressCounting,
  findMailLink,
  suppressAddress,
  suppressedHashes,
  uncountAddress,
  unsuppressAddress,
  type AddressCount,
  type AddressCounts,
  type MailLinkRow,
} from './guard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Above this many requests in 24 hours, an address's requests still get quotes but send no supplier leads. */
const REQUESTS_PER_DAY_WITH_LEADS = 10;

/** Providers that ignore dots in the local part: j.ane@gmail.com reaches jane@gmail.com. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as the caps count it: lower-case, without a `+tag` (which every
 * large provider delivers to the untagged mailbox), without dots where the provider ignores them.
 * `Stranger+7@Example.com` and `stranger@example.com` are one mailbox.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** How a mailbox is counted without being kept: SHA-256 of {@link mailboxOf}. */
export function mailboxHash(email: string): string {
  return hashSecret(mailboxOf(email));
}

/** A mailbox's and its organisation's domain's counts, and how to take one count of a kind back from both. */
interface Counted {
  mailbox: AddressCounts;
  domain: AddressCounts | undefined;
  suppressed: Set<string>;
  takeBack(count: AddressCount): Promise<void>;
}

/**
 * What counting `email` adds: to the mailbox it reaches and, unless `domain` is null or the address is a public
 * provider's, to its organisation's domain, counted together over the last 24 hours.
 */
function countingOf(
  email: string,
  add: { mailbox: Partial<AddressCounts>; domain: Partial<AddressCounts> | null },
  now: Date,
  suppressedAmong: string[] = [],
): AddressCounting {
  const domain = add.domain === null ? null : domainHash(email);
  const entries = [{ addressHash: mailboxHash(email), add: add.mailbox }];
  if (domain !== null) entries.push({ addressHash: domain, add: add.domain! });
  return { entries, now: now.toISOString(), since: new Date(now.getTime() - DAY_MS).toISOString(), suppressedAmong };
}

/** The counts {@link countingOf}'s entries read, with the way to take one back from both. */
function countedOf(trx: Executor, counting: AddressCounting, { counts, suppressed }: { counts: AddressCounts[]; suppressed: Set<string> }): Counted {
  return {
    mailbox: counts[0]!,
    domain: counts[1],
    suppressed,
    async takeBack(count) {
      for (const { addressHash } of counting.entries) await uncountAddress(trx, { addressHash, count, now: counting.now });
    },
  };
}

/**
 * Adds to the counts of the mailbox `email` reaches and of its organisation's domain ({@link countingOf}), in one go
 * (the counts are written before they are read, so two processes at once can only both refuse). Answers both counts
 * over the last 24 hours, and how to take one count of a kind back from both for an e-mail that is not sent.
 */
async function countMailboxAndDomain(
  trx: Executor,
  email: string,
  add: { mailbox: Partial<AddressCounts>; domain: Partial<AddressCounts> | null },
  now: Date,
): Promise<Counted> {
  const counting = countingOf(email, add, now);
  return countedOf(trx, counting, await countAddresses(trx, counting));
}

/**
 * Counts one e-mail of kind `count` to the mailbox `email` reaches and answers whether it is
 * within `perDay` in the last 24 hours, and its organisation's domain within
 * {@link DOMAIN_EMAILS_PER_DAY}; an e-mail over either cap is not sent, so it is not counted.
 */
export async function mayMailMailbox(trx: Executor, email: string, count: AddressCount, perDay: number, now: Date): Promise<boolean> {
  const counted = await countMailboxAndDomain(trx, email, { mailbox: { [count]: 1 }, domain: { [count]: 1 } }, now);
  if (counted.mailbox[count] <= perDay && (counted.domain === undefined || counted.domain[count] <= DOMAIN_EMAILS_PER_DAY)) return true;
  await counted.takeBack(count);
  return false;
}

/**
 * Public mail providers: each mailbox there is a different person's, so their domains have no
 * cap of their own (each mailbox keeps its own). Every other domain is one organisation's.
 */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'zoho.com',
  'mail.com',
  'mweb.co.za',
  'webmail.co.za',
  'vodamail.co.za',
  'telkomsa.net',
  'iafrica.com',
  'absamail.co.za',
  'lantic.net',
  'afrihost.co.za',
  'cybersmart.co.za',
  'polka.co.za',
  'icon.co.za',
  'xsinet.co.za',
  'mtnloaded.co.za',
  'cellc.co.za',
  'rain.co.za',
]);

/**
 * Hosts where anyone may have a site or a page: a website there names its host, not a business,
 * so two businesses with sites on one of them share nothing.
 */
const PUBLIC_HOSTING_DOMAINS = [
  'wixsite.com',
  'wix.com',
  'wordpress.com',
  'blogspot.com',
  'squarespace.com',
  'weebly.com',
  'webflow.io',
  'github.io',
  'netlify.app',
  'vercel.app',
  'godaddysites.com',
  'site123.me',
  'jimdosite.com',
  'business.site',
  'google.com',
  'sites.google.com',
  'facebook.com',
  'instagram.com',
  'linkedin.com',
  'x.com',
  'twitter.com',
  'yellowpages.co.za',
  'co.za',
];

/**
 * The business a website belongs to, as its host without `www.`, lower-case: null for a public
 * mail or hosting provider's host or one beneath it (`cleanco.wixsite.com`), or text that is no URL.
 */
export function websiteDomain(website: string): string | null {
  let host: string;
  try {
    host = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
  if (!host.includes('.')) return null;
  const shared = (d: string) => host === d || host.endsWith(`.${d}`);
  return PUBLIC_HOSTING_DOMAINS.some(shared) || [...PUBLIC_MAIL_DOMAINS].some(shared) ? null : host;
}

/**
 * The organisation an address belongs to: its domain, lower-case, or null for a public mail
 * provider's (whose mailboxes are different people's) or an address without one.
 */
export function organisationDomain(email: string): string | null {
  const domain = mailboxOf(email).split('@')[1];
  return domain === undefined || domain === '' || PUBLIC_MAIL_DOMAINS.has(domain) ? null : domain;
}

/** The hash a domain's counts are kept under, or null for a public provider's; `@domain` is no mailbox's form. */
function domainHash(email: string): string | null {
  const domain = mailboxOf(email).split('@')[1];
  return domain === undefined || PUBLIC_MAIL_DOMAINS.has(domain) ? null : hashSecret(`@${domain}`);
}

/** Characters of a link token's time prefix ({@link timePrefix}). */
const LINK_TIME_DIGITS = timePrefix(0).length;

/**
 * A new unsubscribe link token: the time in base 36, then 120 random bits. The time keeps the
 * stored keys in order, so storing one appends to the table's index instead of landing on a random page.
 */
function newLinkToken(nowMs: number): string {
  return `${timePrefix(nowMs)}${randomBytesPooled(15).toString('base64url')}`;
}

/**
 * The key a link token is stored under: its time prefix in clear and the hash of the whole token;
 * a token of the older form (24 random characters, no time) is stored under its hash alone.
 */
function linkKey(token: string): string {
  return token.length === LINK_TIME_DIGITS + 20 ? `${token.slice(0, LINK_TIME_DIGITS)}.${hashSecret(token)}` : hashSecret(token);
}

export interface RfqMailDecision {
  /** The buyer addresses to e-mail, each with the token of its unsubscribe links. */
  buyers: { email: string; linkToken: string }[];
  notSent: { email: string; reason: EmailNotSentReason }[];
  sendLeads: boolean;
  /** The unsubscribe links of `buyers`, for the caller to write with the request. */
  links: MailLinkRow[];
}

/** The addresses a new RFQ names, each mailbox once, and how its primary address is counted. */
export interface RfqMailPart {
  addresses: string[];
  hashes: string[];
  now: Date;
  /**
   * The request counted against the primary address's mailbox with its e-mail, the mailbox and its organisation's domain
   * together, before either is read; which of the request's addresses are suppressed read in the same statement.
   */
  primary: AddressCounting;
}

/** What {@link decideRfqMail} decides from: a new RFQ's addresses, one mailbox once however many of its spellings (+tags, capitals) it names. */
export function rfqMailPart({ primaryEmail, additionalEmails, now }: { primaryEmail: string; additionalEmails: string[]; now: Date }): RfqMailPart {
  const seen = new Set<string>();
  const addresses = [primaryEmail, ...additionalEmails].filter((e) => !seen.has(mailboxOf(e)) && seen.add(mailboxOf(e)));
  const hashes = addresses.map(addressHash);
  return { addresses, hashes, now, primary: countingOf(primaryEmail, { mailbox: { requests: 1, quote_emails: 1 }, domain: { quote_emails: 1 } }, now, hashes) };
}

/**
 * The primary addresses' counts of the new RFQs of one transaction, counted together: one statement on PostgreSQL for
 * the whole batch where each request made its own (see `GroupCommit.runAfter`). Each request reads the counts it would
 * have read had the batch's requests counted one after another, so each cap holds as it did; the one difference is an
 * e-mail refused (and its count taken back) after a later request of the batch read its domain's count with it, which
 * can make that one refuse too, never send one more.
 */
export const RFQ_MAIL_COUNTS: SharedFirst<RfqMailPart, { counts: AddressCounts[]; suppressed: Set<string> }> = {
  run: (trx, parts) =>
    countAddressesTogether(
      trx,
      parts.map((p) => p.primary),
    ),
};

/**
 * Decides, inside the request's transaction, who a new RFQ e-mails (the caller writes the links), its primary address
 * counted already ({@link RFQ_MAIL_COUNTS}). Every count is written before it is read, so two processes counting at once
 * can only both refuse, never both send a sixth. Caps count mailboxes ({@link mailboxOf}): tagged variants of one
 * address share its caps, and one request names each mailbox once; an organisation's domain has a cap of its own.
 */
export async function decideRfqMail(trx: Executor, part: RfqMailPart, primary: { counts: AddressCounts[]; suppressed: Set<string> }): Promise<RfqMailDecision> {
  const { addresses, hashes, now } = part;
  const at = now.toISOString();
  const decision: RfqMailDecision = { buyers: [], notSent: [], sendLeads: true, links: [] };
  // Which addresses are suppressed was read with the primary address's counts, so the primary is
  // counted as mailed and its e-mail's counts taken back if it is not.
  const { suppressed } = primary;
  for (const [i, email] of addresses.entries()) {
    const hash = hashes[i]!;
    if (i > 0 && suppressed.has(hash)) {
      decision.notSent.push({ email: maskEmail(email), reason: 'unsubscribed' });
      continue;
    }
    const counted =
      i === 0
        ? countedOf(trx, part.primary, primary)
        : await countMailboxAndDomain(trx, email, { mailbox: { quote_emails: 1 }, domain: { quote_emails: 1 } }, now);
    if (i === 0) decision.sendLeads = counted.mailbox.requests <= REQUESTS_PER_DAY_WITH_LEADS;
    if (suppressed.has(hash)) {
      await counted.takeBack('quote_emails');
      decision.notSent.push({ email: maskEmail(email), reason: 'unsubscribed' });
      continue;
    }
    const refused =
      counted.mailbox.quote_emails > BUYER_EMAILS_PER_DAY
        ? 'daily_limit'
        : counted.domain !== undefined && counted.domain.quote_emails > DOMAIN_EMAILS_PER_DAY
          ? 'domain_limit'
          : null;
    if (refused !== null) {
      await counted.takeBack('quote_emails');
      decision.notSent.push({ email: maskEmail(email), reason: refused });
      continue;
    }
    const linkToken = newLinkToken(now.getTime());
    decision.links.push({ token_hash: linkKey(linkToken), address_hash: hash, masked_address: maskEmail(email), created_at: at });
    decision.buyers.push({ email, linkToken });
  }
  return decision;
}

/** How long a buyer e-mail's unsubscribe and "not me" links work: a year, as a listed business's stop link. */
const MAIL_LINK_DAYS = 365;

/** Deletes the links of buyer e-mails written more than {@link MAIL_LINK_DAYS} ago; the suppressions they made stay. */
export function pruneMailLinks(db: Executor, nowMs: number): Promise<number> {
  const beforeMs = nowMs - MAIL_LINK_DAYS * DAY_MS;
  return deleteMailLinksBefore(db, new Date(beforeMs).toISOString(), timePrefix(beforeMs));
}

export type LinkAction = 'unsubscribe' | 'not-me';

/** The masked address and suppression state behind an e-mail's link token, or undefined for an unknown token. */
export async function findLink(db: Executor, token: string) {
  if (!/^[A-Za-z0-9_-]{10,100}$/.test(token)) return undefined;
  const link = await findMailLink(db, linkKey(token));
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
