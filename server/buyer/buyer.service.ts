import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { MyDataDeleted } from '../../contract/schemas/analytics';
import { BUYER_MESSAGES, type BuyerHistory, type BuyerMe, type BuyerProfile, type BuyerProfileChange } from '../../contract/schemas/buyer';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { newSessionId, sessionHardEnd, sessionState } from '../http/sessions';
import * as sessions from '../http/sessions.repository';
import { hashSecret } from '../lib/ids';
import { BUYER_SIGN_IN_LINK_MINUTES } from '../mail/messages';
import type { Outbox } from '../mail/outbox';
import type { SubmitResult } from '../requests/rfq/idempotency';
import type { RfqDeps } from '../requests/rfq/new-request';
import { eraseAddress } from '../requests/privacy/privacy.service';
import { repeatRequest } from '../requests/rfq/repeat';
import { addressMadeRequest, type HistoryKey, requestsOfAddresses } from '../requests/rfq/buyer-history';
import { companyAddresses, memberOf } from './company-members';
import { admitLinkTo, issueLink, spendLink, storedLink, type LinkKind } from '../sign-in-links/sign-in-links';
import * as repo from './buyer.repository';

/**
 * Buyers sign in with these links, e-mailed to an address that made a request: each works once
 * within 15 minutes, an address holds up to 3 live at once, and is sent at most 3 in any hour,
 * whoever asks, so nobody can flood a mailbox nor cancel the link its owner is about to open.
 */
export const BUYER_LINKS: LinkKind = {
  kind: 'buyer',
  prefix: 'bl_',
  lifetimeMinutes: BUYER_SIGN_IN_LINK_MINUTES,
  liveAtOnce: 3,
  owners: 'buyer_accounts',
  perAddressPerHour: 3,
};

/** Requests on a page of the history. */
const HISTORY_PAGE = 20;

const iso = (ms: number) => new Date(ms).toISOString();

export interface BuyerAccessDeps {
  database: Database;
  outbox: Outbox;
  clock: () => number;
}

/** The signed-in buyer a handler runs for. */
export interface BuyerMember {
  id: number;
  email: string;
}

/**
 * E-mails a sign-in link to an address that made a request or has an account, within
 * {@link BUYER_LINKS}' limit for the address. The caller answers the same whatever the address;
 * an account is opened for an address that made a request when it first asks.
 */
export async function requestSignInLink(deps: BuyerAccessDeps, input: { email: string }): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  const nowMs = deps.clock();
  await deps.database.db.transaction().execute(async (trx) => {
    const { allowed } = await admitLinkTo(trx, BUYER_LINKS, email, nowMs);
    let accountId = (await repo.findAccountByEmail(trx, email))?.id ?? null;
    if (accountId === null && allowed && (await addressMadeRequest(trx, email))) accountId = await repo.insertAccount(trx, email, iso(nowMs));
    const link = await issueLink(trx, BUYER_LINKS, allowed ? accountId : null, nowMs);
    await deps.outbox.enqueueWhere(trx, [{ kind: 'buyer-sign-in', recipient: email, payload: { token: link.token } }], new Date(nowMs), storedLink(trx, link));
  });
  deps.outbox.notify();
  return { message: BUYER_MESSAGES.linkSent };
}

/** Exchanges a sign-in link's token for a new session: answers the session id (for the cookie) and who signed in. */
export async function startSession(db: Kysely<DB>, token: string, nowMs: number): Promise<{ sessionId: string; me: BuyerMe }> {
  const now = iso(nowMs);
  const sessionId = newSessionId();
  const account = await db.transaction().execute(async (trx) => {
    const accountId = await spendLink(trx, BUYER_LINKS, token, nowMs);
    const found = accountId === undefined ? undefined : await repo.findAccount(trx, accountId);
    if (!found) throw new ApiError(400, 'invalid_token', BUYER_MESSAGES.linkInvalid);
    await sessions.insertSession(trx, 'buyer', { idHash: hashSecret(sessionId), personId: found.id, now, expiresAt: sessionHardEnd(nowMs) });
    await repo.recordSignIn(trx, found.id, now);
    return found;
  });
  return { sessionId, me: { email: account.email } };
}

/** The buyer a session id belongs to, or null when it is unknown, ended or idle too long. */
export async function buyerForSession(db: Kysely<DB>, sessionId: string, nowMs: number): Promise<BuyerMember | null> {
  const idHash = hashSecret(sessionId);
  const row = await sessions.findSession(db, 'buyer', idHash);
  if (!row) return null;
  const state = sessionState(row, nowMs);
  if (state === 'ended') {
    await sessions.deleteSession(db, 'buyer', idHash);
    return null;
  }
  if (state === 'touch') {
    await sessions.touchSession(db, 'buyer', idHash, iso(nowMs));
    await repo.recordUse(db, row.id, iso(nowMs));
  }
  return { id: row.id, email: row.email };
}

/** Ends one buyer session. */
export async function endSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await sessions.deleteSession(db, 'buyer', hashSecret(sessionId));
}

const encodeCursor = (key: HistoryKey) => Buffer.from(JSON.stringify([key.createdAt, key.id])).toString('base64url');

function decodeCursor(cursor: string): HistoryKey {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string') return { createdAt, id };
  } catch {
    // Falls through to the one answer for a cursor that is not one.
  }
  throw new ApiError(400, 'validation_error', BUYER_MESSAGES.cursor);
}

/**
 * A page of the requests made with the addresses of the buyer's company (theirs alone without
 * colleagues), newest first, each marked by who made it, and the next page's cursor.
 */
export async function buyerHistory(db: Kysely<DB>, buyer: BuyerMember, cursor: string | undefined): Promise<BuyerHistory> {
  const people = await companyAddresses(db, await memberOf(db, buyer));
  const rows = await requestsOfAddresses(db, [...people.keys()], cursor ? decodeCursor(cursor) : null, HISTORY_PAGE + 1);
  const page = rows.slice(0, HISTORY_PAGE);
  const last = page.at(-1);
  return {
    requests: page.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      requestedBy: r.email === buyer.email ? 'You' : (people.get(r.email) ?? r.email),
      product: r.productName,
      lineCount: r.lineCount,
      lines: r.lines,
      city: r.deliveryLocation,
      status: r.awaitingApproval ? 'awaiting_approval' : r.status,
      quoteCount: r.quoteCount,
      bestPriceCents: r.bestPriceCents,
      orders: r.orders,
    })),
    nextCursor: rows.length > HISTORY_PAGE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** Sends again a request the buyer made, with new quantities by line id, as `POST /api/rfq` would (404 when it is not theirs). */
export function repeatOwnRequest(
  deps: RfqDeps & { clock: () => number },
  buyer: BuyerMember,
  rfqId: string,
  quantities: Record<string, number>,
  idempotencyKey: string | undefined,
): Promise<SubmitResult> {
  return repeatRequest(deps, buyer.email, rfqId, quantities, idempotencyKey, new Date(deps.clock()));
}

/** The buyer's saved details; nulls and no addresses until saved. */
export async function buyerProfile(db: Kysely<DB>, buyer: BuyerMember): Promise<BuyerProfile> {
  const row = await repo.findProfile(db, buyer.id);
  return {
    companyName: row?.company_name ?? null,
    contactName: row?.contact_name ?? null,
    phone: row?.phone ?? null,
    vatNumber: row?.vat_number ?? null,
    addresses: row ? (JSON.parse(row.addresses_json) as BuyerProfile['addresses']) : [],
    defaultPurchaseOrderPrefix: row?.default_purchase_order_prefix ?? null,
  };
}

/** Replaces the buyer's saved details, already checked, and answers them as stored. */
export async function saveBuyerProfile(db: Kysely<DB>, buyer: BuyerMember, input: BuyerProfileChange, nowMs: number): Promise<BuyerProfile> {
  await repo.saveProfile(db, {
    buyer_account_id: buyer.id,
    company_name: input.companyName,
    contact_name: input.contactName,
    phone: input.phone,
    vat_number: input.vatNumber,
    addresses_json: JSON.stringify(input.addresses),
    default_purchase_order_prefix: input.defaultPurchaseOrderPrefix,
    updated_at: iso(nowMs),
  });
  return buyerProfile(db, buyer);
}

/**
 * Deletes the signed-in buyer's account as a data request's link does ({@link eraseAddress}): the
 * account, its saved details and sessions, and every request's personal data. Logged, as data
 * requests are, with the counts alone.
 */
export async function deleteOwnAccount(deps: { database: Database; logger: Logger; clock: () => number }, buyer: BuyerMember): Promise<MyDataDeleted> {
  const now = new Date(deps.clock());
  const result = await deps.database.db.transaction().execute((trx) => eraseAddress(trx, buyer.email, now));
  deps.logger.info(result, 'buyer account deleted on request');
  return result;
}

/** An account's one warning goes this long before it is deleted. */
const ACCOUNT_WARNING_DAYS = 30;
const WARNING_MS = ACCOUNT_WARNING_DAYS * 24 * 60 * 60 * 1000;

/** What a sweep of unused accounts did: warnings written and accounts deleted. */
export interface AccountSweep {
  warned: number;
  deleted: number;
}

/**
 * Buyer accounts unused since `unusedBefore` (24 months before `now`) go: each is e-mailed once,
 * {@link ACCOUNT_WARNING_DAYS} days before, when it is that close, and is deleted as its owner
 * would delete it ({@link eraseAddress}) that many days after the warning unless it is used in
 * between (a use clears the warning). Nothing is deleted without its warning.
 */
export async function sweepUnusedAccounts(database: Database, outbox: Outbox, now: Date, unusedBefore: Date): Promise<AccountSweep> {
  const warnFrom = new Date(unusedBefore.getTime() + WARNING_MS).toISOString();
  const deleteOn = new Date(now.getTime() + WARNING_MS).toISOString();
  const warned = await database.db.transaction().execute(async (trx) => {
    const due = await repo.unwarnedAccountsUnusedSince(trx, warnFrom);
    for (const account of due) {
      await repo.recordExpiryWarning(trx, account.id, now.toISOString());
      await outbox.enqueue(trx, [{ kind: 'buyer-account-expiring', recipient: account.email, payload: { deleteOn } }], now);
    }
    return due.length;
  });
  if (warned > 0) outbox.notify();
  const expired = await repo.accountsWarnedBy(database.db, new Date(now.getTime() - WARNING_MS).toISOString());
  for (const account of expired) await database.db.transaction().execute((trx) => eraseAddress(trx, account.email, now));
  return { warned, deleted: expired.length };
}
