import { hash, verify } from '@node-rs/argon2';
import commonPasswords from './common-passwords.json';

/**
 * argon2id with OWASP's first recommended setting: 19 MiB of memory, 2 passes, 1 lane. About
 * 60 ms a hash on one core; the parameters are in each stored hash, so raising them later still
 * verifies the old ones.
 */
const ARGON2 = { algorithm: 2 /* Argon2id; the package's enum is a const enum */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// The 10,000 most used passwords (the ranked list zxcvbn ships, from leaked password sets),
// compared lower-cased so a capital letter does not make one acceptable.
const COMMON = new Set((commonPasswords as string[]).map((p) => p.toLowerCase()));

/** Whether a password is among the 10,000 most common ones. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `storedHash`. With no hash (an unknown e-mail, a disabled account,
 * a password never set) it checks against a hash of nothing anyone knows and answers false, so
 * every failure costs the same time as a wrong password.
 */
export async function passwordMatches(password: string, storedHash: string | null): Promise<boolean> {
  dummyHash ??= hash('no account has this password', ARGON2);
  const against = storedHash ?? (await dummyHash);
  const ok = await verify(against, password).catch(() => false);
  return storedHash !== null && ok;
}
