import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * `n` bytes from the operating system's generator, drawn from a pool refilled 4 KB at a time (as
 * Node's own randomUUID does): a request needs several small random values, and each call to the
 * generator costs more than the bytes. Every byte is handed out once.
 */
export function randomBytesPooled(n: number): Buffer {
  if (n > POOL_BYTES) return randomBytes(n);
  if (poolOffset + n > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + n);
  poolOffset += n;
  return bytes;
}

/** An RFQ id: 18 random digits, the first not zero (about 60 bits, unguessable, digits only). */
export function newRfqId(): string {
  const digits: string[] = [];
  while (digits.length < 18) {
    for (const byte of randomBytesPooled(24)) {
      if (byte >= 250) continue; // keep the digits uniform
      const d = byte % 10;
      if (digits.length === 0 && d === 0) continue;
      digits.push(String(d));
      if (digits.length === 18) break;
    }
  }
  return digits.join('');
}

/**
 * The secret part of a tracking token: 144 random bits, base64url. One request's quotes share
 * one secret: every token went to the same buyer in the same e-mail, and holding one lets the
 * tracking page offer the others for comparing and accepting.
 */
export function newTrackingSecret(): string {
  return randomBytesPooled(18).toString('base64url');
}

/**
 * A quote's tracking token: `qt_`, the quote id in base 36, `_`, and the secret. The id locates
 * the quote without an index on random values; only the secret's hash is stored.
 */
export function trackingToken(quoteId: number, secret: string): string {
  return `qt_${quoteId.toString(36)}_${secret}`;
}

/** Quote ids are 32-bit integer keys on both databases. */
const MAX_QUOTE_ID = 2_147_483_647;

/** The quote id and secret of a well-formed token, else null. */
export function parseTrackingToken(token: string): { quoteId: number; secret: string } | null {
  const match = /^qt_([0-9a-z]{1,7})_([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return null;
  const quoteId = Number.parseInt(match[1]!, 36);
  return quoteId > 0 && quoteId <= MAX_QUOTE_ID ? { quoteId, secret: match[2]! } : null;
}

/**
 * A supplier's response token: `sr_`, the quote id in base 36, `_`, and a secret of its own
 * (144 random bits, made when the buyer accepts); only the secret's hash is stored.
 */
export function responseToken(quoteId: number, secret: string): string {
  return `sr_${quoteId.toString(36)}_${secret}`;
}

/** The quote id and secret of a well-formed response token, else null. */
export function parseResponseToken(token: string): { quoteId: number; secret: string } | null {
  const match = /^sr_([0-9a-z]{1,7})_([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return null;
  const quoteId = Number.parseInt(match[1]!, 36);
  return quoteId > 0 && quoteId <= MAX_QUOTE_ID ? { quoteId, secret: match[2]! } : null;
}

/** Secrets are stored only as their SHA-256, hex. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** Whether a secret matches a stored hash, in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Milliseconds in base 36, nine digits (until the year 5188), so that text starting with it sorts
 * in time order: keys written with it go to the end of their index, not to a random page.
 */
export function timePrefix(nowMs: number): string {
  return nowMs.toString(36).padStart(9, '0');
}

/** The quote reference buyers and suppliers quote back. */
export function quoteReference(quoteId: number): string {
  return `Q-${quoteId}`;
}

/** The quote id a {@link quoteReference} names. */
export function quoteIdOf(reference: string): number {
  return Number(reference.slice('Q-'.length));
}

/** How an address is recognised without being kept: SHA-256 of its lower-case form. */
export function addressHash(email: string): string {
  return hashSecret(email.trim().toLowerCase());
}

/** Hides most of an e-mail's local part: jane@example.co.za -> j***@example.co.za. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
