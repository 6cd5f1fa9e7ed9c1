// Listed businesses that never asked: suppliers Procura found (crawled or imported) that have no
// workspace user. Every e-mail to their listed address says how to claim the listing and carries a
// one-click stop; a stopped address gets no leads and its supplier is not quoted until it joins.
import { marketChanged } from '../catalogue/market-store';
import type { Executor } from '../db/executor';
import { addressHash, hashSecret, maskEmail, randomBytesPooled } from '../lib/ids';
import * as repo from './listed-suppliers.repository';

export type { ListedSupplierRow } from './listed-suppliers.repository';

/** The join page, prefilled with the listing: `PUBLIC_URL/suppliers/join?supplier={slug}`. */
function joinUrlOf(publicUrl: string, slug: string | null): string {
  return `${publicUrl}/suppliers/join${slug ? `?supplier=${encodeURIComponent(slug)}` : ''}`;
}

/** The claim line's and stop link's addresses of one e-mail to a listed business. */
export interface ListedSupplierLinks {
  joinUrl: string;
  stopUrl: string;
}

/**
 * The links of an e-mail to the supplier's listed address, or null when people sign in for the
 * supplier (they manage it in the workspace). Each e-mail gets a stop link of its own: a random
 * token whose hash alone is stored, with the hash of the address it stops.
 */
export async function listedSupplierLinks(db: Executor, supplier: repo.ListedSupplierRow, publicUrl: string, now: Date): Promise<ListedSupplierLinks | null> {
  if (supplier.hasUsers) return null;
  const token = randomBytesPooled(18).toString('base64url');
  await repo.insertStopLink(db, {
    token_hash: hashSecret(token),
    supplier_id: supplier.id,
    address_hash: addressHash(supplier.email),
    masked_address: maskEmail(supplier.email),
    created_at: now.toISOString(),
  });
  return { joinUrl: joinUrlOf(publicUrl, supplier.slug), stopUrl: `${publicUrl}/mail/stop/${token}` };
}

/**
 * Days a stop link works after its e-mail was sent: a year, so the stop in any e-mail a
 * business still keeps at hand, the year's B-BBEE reminder among them, still stops. CAN-SPAM asks
 * for 30 days; a business still e-mailed has a newer link in each new e-mail.
 */
const STOP_LINK_DAYS = 365;

/**
 * Deletes the stop links of e-mails sent more than {@link STOP_LINK_DAYS} days before `nowMs`.
 * The stops themselves (`supplier_mail_stops`) stay: a stopped address stays stopped.
 */
export function pruneStopLinks(db: Executor, nowMs: number): Promise<number> {
  return repo.deleteStopLinksBefore(db, new Date(nowMs - STOP_LINK_DAYS * 24 * 60 * 60 * 1000).toISOString());
}

/** The supplier a quote was made in the name of, as its e-mails' links need it. */
export function supplierOfQuote(db: Executor, quoteId: number) {
  return repo.supplierOfQuote(db, quoteId);
}

/** A supplier by id, as its e-mails' links need it. */
export function listedSupplier(db: Executor, supplierId: number) {
  return repo.listedSupplier(db, supplierId);
}

/** What a stop link's page shows. */
export interface StopLink {
  supplierName: string;
  maskedAddress: string;
  joinPath: string;
  stopped: boolean;
  /** People sign in for the supplier now: it manages its e-mails in the workspace, and the link stops nothing. */
  joined: boolean;
}

/** The stop link of a token, or undefined for an unknown one. */
export async function findStopLink(db: Executor, token: string): Promise<(StopLink & { addressHash: string }) | undefined> {
  if (!/^[A-Za-z0-9_-]{10,100}$/.test(token)) return undefined;
  const row = await repo.findStopLink(db, hashSecret(token));
  return (
    row && {
      addressHash: row.address_hash,
      supplierName: row.name,
      maskedAddress: row.masked_address,
      joinPath: joinUrlOf('', row.slug),
      stopped: row.stopped_at !== null,
      joined: Boolean(row.has_users),
    }
  );
}

/**
 * Stops the link's address: no more leads or other e-mails to it, and its supplier out of the
 * market (whose revision this bumps, so every process reads it again). A supplier that has joined
 * since is left as it is. Answers the link as it now stands, or undefined for an unknown token.
 */
export async function stopByLink(db: Executor, token: string, now: Date): Promise<StopLink | undefined> {
  const link = await findStopLink(db, token);
  if (!link || link.joined) return link;
  await repo.insertStop(db, link.addressHash, now.toISOString());
  await marketChanged(db);
  return { ...link, stopped: true };
}

/** Lifts the stop of a supplier's listed address: the business joined. Answers whether there was one. */
export async function liftStop(db: Executor, email: string): Promise<boolean> {
  const lifted = (await repo.deleteStop(db, addressHash(email))) > 0;
  if (lifted) await marketChanged(db);
  return lifted;
}

/** Whether an address asked Procura to stop. */
export async function isStopped(db: Executor, email: string): Promise<boolean> {
  return (await repo.stopsAmong(db, [addressHash(email)])).size > 0;
}

/** When each of the addresses that asked Procura to stop did, by address. */
export async function stopsOf(db: Executor, emails: string[]): Promise<Map<string, string>> {
  const hashes = new Map(emails.map((e) => [addressHash(e), e]));
  const stops = await repo.stopsAmong(db, [...hashes.keys()]);
  return new Map([...stops].map(([hash, at]) => [hashes.get(hash)!, at]));
}
