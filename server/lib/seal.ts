import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'procura sealed buyer link';

function keyFor(secret: string, purpose: string): Buffer {
  // The secret is 144 random bits or more: HKDF only shapes it into an AES key, one for each purpose.
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
}

/**
 * Encrypts `plain` (AES-256-GCM) under a key derived from `secret`, a token's random secret that
 * the database keeps only as a hash: what is sealed opens only when the token's holder calls.
 * `purpose` keeps the keys that one secret gives for different things apart.
 */
export function seal(plain: string, secret: string, purpose = INFO): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** What {@link seal} sealed under `secret` for `purpose`, or null when the secret, the purpose or the text is not the one. */
export function unseal(sealed: string, secret: string, purpose = INFO): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
