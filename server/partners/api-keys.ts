import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX } from '../../contract/data-api';
import { hashSecret } from '../lib/ids';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(bytes: Uint8Array, length: number): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (out.length < length) {
    out = BASE62[Number(n % 62n)]! + out;
    n /= 62n;
  }
  return out;
}

function checksum(body: string): string {
  const sum = crc32(body);
  return base62(Buffer.from([sum >>> 24, (sum >>> 16) & 255, (sum >>> 8) & 255, sum & 255]), 6);
}

/** The length of a key's random part: 32 bytes in base 62. */
const BODY_LENGTH = 43;

/**
 * A new API key: `procura_live_`, 32 random bytes in base 62, and a 6-character CRC-32 checksum
 * of those, so a secret scanner can tell a real key from a look-alike without asking us.
 */
export function newApiKey(): string {
  const body = base62(randomBytes(32), BODY_LENGTH);
  return `${API_KEY_PREFIX}${body}${checksum(body)}`;
}

/** Whether a string has a key's shape and a matching checksum (no database needed). */
export function isWellFormedApiKey(key: string): boolean {
  if (!key.startsWith(API_KEY_PREFIX) || key.length !== API_KEY_PREFIX.length + BODY_LENGTH + 6) return false;
  const body = key.slice(API_KEY_PREFIX.length, -6);
  return /^[0-9A-Za-z]+$/.test(body) && checksum(body) === key.slice(-6);
}

/** What is stored of a key: its SHA-256 and a short prefix to recognise it by. */
export function storedKey(key: string): { hash: string; prefix: string } {
  return { hash: hashSecret(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

/** A partner id: `p_` and 16 random base-62 characters. */
export function newPartnerId(): string {
  return `p_${base62(randomBytes(12), 16)}`;
}
