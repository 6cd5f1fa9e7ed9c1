import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { COMPANY } from '../../contract/content';
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

/** zxcvbn's score a staff password must reach: 3 is "safely unguessable" (about 10^8 guesses or more). */
const MIN_PASSWORD_SCORE = 3;

/** Words anyone who knows where the password is used would try first. */
const PRODUCT_WORDS = ['Procura', 'procurement', COMPANY.name];

let estimator: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn with its English and common dictionaries: loaded, and built, the first time a password is set. */
function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({ translations: en.translations, graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...en.dictionary } }),
  );
  return estimator;
}

/** The person's own words: their name, each part of it and all of it joined as addresses join it, and their e-mail address and its parts. */
function personalWords(person: { name: string; email: string }): string[] {
  const names = person.name.split(/[\s.'-]+/).filter(Boolean);
  const [local = '', domain = ''] = person.email.toLowerCase().split('@');
  const joined = ['', '.', '-', '_'].map((glue) => names.join(glue));
  return [...new Set([person.name, ...names, ...joined, person.email, local, ...local.split(/[._+-]+/), domain.split('.')[0] ?? ''])].filter(
    (w) => w.length > 1,
  );
}

/**
 * Whether a password is hard enough to guess: zxcvbn's score at least {@link MIN_PASSWORD_SCORE},
 * with Procura's own words and the person's as words an attacker tries first.
 */
export async function isStrongPassword(password: string, person: { name: string; email: string }): Promise<boolean> {
  const zxcvbn = await strengthEstimator();
  return zxcvbn.check(password, [...PRODUCT_WORDS, ...personalWords(person)]).score >= MIN_PASSWORD_SCORE;
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
