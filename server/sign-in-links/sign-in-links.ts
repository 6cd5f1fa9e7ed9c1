import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/executor';
import { hashSecret } from '../lib/ids';
import { admit, limitPerClient, type RatePolicy } from '../limits/rate-limiter';
import * as repo from './sign-in-links.repository';

/**
 * A kind of one-time link: whom it is for and how it behaves. Each kind names only this, its
 * cookie and what the link opens; making, looking up, spending and limiting links is this
 * module's, the same for every kind.
 */
export interface LinkKind {
  /** Stored with each link, so that one kind's token never opens another kind's page. */
  kind: 'supplier' | 'staff' | 'buyer' | 'applicant';
  /** How each token begins, so that a pasted token says what it is: `sl_`, `st_`, `bl_`, `ap_`. */
  prefix: string;
  /** How long a link works. */
  lifetimeMinutes: number;
  /** Live links one person may hold: making one more drops the oldest. */
  liveAtOnce: number;
  /** The table of the people this kind's links are for: a link is made only for a row there. */
  owners: repo.OwnerTable;
  /**
   * Links one address may be sent in any hour, whoever asks (a sliding window, counted in the
   * database by the address's hash). Kept at most `liveAtOnce`, so that someone asking for
   * links to another's address cannot push out the one that person is about to open.
   */
  perAddressPerHour?: number;
}

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A made link: its token, in clear only here and in the e-mail or output that carries it. */
export interface IssuedLink {
  token: string;
  hash: string;
  /** Whether the link was written: false when there was nobody to make it for. */
  made: boolean;
}

/**
 * Makes a link of `kind` for `ownerId`, or for nobody (null): the same statements either way, so
 * that a caller answering alike for known and unknown people also takes the same steps. The new
 * link leaves the owner's earlier ones working, up to {@link LinkKind.liveAtOnce} with it.
 */
export async function issueLink(db: Executor, kind: LinkKind, ownerId: number | null, nowMs: number): Promise<IssuedLink> {
  const token = `${kind.prefix}${randomBytes(32).toString('base64url')}`;
  const hash = hashSecret(token);
  await repo.keepNewestLinks(db, { kind: kind.kind, ownerId, keep: kind.liveAtOnce - 1 });
  const made = await repo.insertLinkFor(db, {
    hash,
    kind: kind.kind,
    owners: kind.owners,
    ownerId,
    createdAt: iso(nowMs),
    expiresAt: iso(nowMs + kind.lifetimeMinutes * MINUTE),
  });
  return { token, hash, made };
}

/** The stored link of an issued one, as a query to build on: one row when it was made, none otherwise. */
export const storedLink = (db: Executor, link: IssuedLink) => repo.linkRow(db, link.hash);

/**
 * Counts a link about to be sent to `address` against the kind's per-address limit, and says
 * whether it may go, or in how long one may. A refused link is not counted. Where an answer must
 * not tell whether an address is known, call it for every address asked for, known or not, so
 * that both take the same steps.
 */
export async function admitLinkTo(db: Executor, kind: LinkKind, address: string, nowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  if (kind.perAddressPerHour === undefined) return { allowed: true, retryAfterSeconds: 0 };
  const policy: RatePolicy = { bucket: `${kind.kind}-links-to-address`, limit: kind.perAddressPerHour, windowSeconds: 3600, sliding: true };
  const admission = await admit(db, policy, address, nowMs);
  return { allowed: admission.allowed, retryAfterSeconds: admission.allowed ? 0 : admission.resetSeconds };
}

/** A token that cannot be one of the kind's is never looked up. */
const shaped = (kind: LinkKind, token: string) => token.startsWith(kind.prefix) && token.length <= 200;

/**
 * Whose live link `token` is, without spending it: what a page shows before the person clicks.
 * Undefined when it is not a live link of this kind.
 */
export async function peekLink(db: Executor, kind: LinkKind, token: string, nowMs: number): Promise<number | undefined> {
  if (!shaped(kind, token)) return undefined;
  return repo.liveLinkOwner(db, { hash: hashSecret(token), kind: kind.kind, now: iso(nowMs) });
}

/** Spends a live link once, in one conditional update; answers whose it was, or undefined. */
export async function spendLink(db: Executor, kind: LinkKind, token: string, nowMs: number): Promise<number | undefined> {
  if (!shaped(kind, token)) return undefined;
  return repo.spendLink(db, { hash: hashSecret(token), kind: kind.kind, now: iso(nowMs) });
}

/** Ends every link of a person at once (disabled, removed, or given a new password). */
export function revokeLinks(db: Executor, kind: LinkKind, ownerId: number): Promise<void> {
  return repo.deleteLinks(db, { kind: kind.kind, ownerId });
}

/** For the retention sweep: links expired or used. */
export function pruneSignInLinks(db: Executor, nowMs: number): Promise<number> {
  return repo.pruneLinks(db, iso(nowMs));
}

/**
 * Looking a kind's links up and spending them, per client (an IPv6 client by its /64): 30 in any
 * 15 minutes. Tokens are 256 random bits, so guessing is hopeless; this stops a client trying
 * many all the same, before any is looked up. A sign-in is two: the page's look-up and the click.
 */
export const linkUsesPerClient = (kind: LinkKind): RatePolicy => ({ bucket: `${kind.kind}-link-uses`, limit: 30, windowSeconds: 15 * 60, sliding: true });

/** Asking for a kind's sign-in links, per client (an IPv6 client by its /64): 10 in any 15 minutes, whatever the addresses. */
const linkRequestsPerClient = (kind: LinkKind): RatePolicy => ({
  bucket: `${kind.kind}-sign-in-link-requests`,
  limit: 10,
  windowSeconds: 15 * 60,
  sliding: true,
});

/**
 * The per-client limits of a kind's sign-in pages: `linkLimit` on asking for a link, `useLimit`
 * on looking one up or spending it, so that a client trying many tokens is refused before any is
 * looked up.
 */
export function signInLimits(deps: Parameters<typeof limitPerClient>[0], kind: LinkKind) {
  return {
    linkLimit: limitPerClient(deps, linkRequestsPerClient(kind), 'sign-in link requests'),
    useLimit: limitPerClient(deps, linkUsesPerClient(kind), 'sign-in attempts'),
  };
}
