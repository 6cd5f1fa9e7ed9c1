/**
 * Staff accounts: signing in, setting a password from a one-time link, and who is signed in.
 * Staff calls are made by Procura's own portal with its session cookie; they are not part of
 * the published package.
 *
 * @module
 */
import { z } from 'zod';
import { singleLine } from '../../sdk/schemas/text';

/**
 * What a staff role may do: `admin` runs imports and the scraper, `sales` the sales workspace.
 *
 * @example
 * STAFF_ROLES.includes('admin'); // true
 */
export const STAFF_ROLES = ['admin', 'sales'] as const;
/**
 * A staff role.
 *
 * @example
 * const role: StaffRole = 'sales';
 */
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The shortest password a staff member may set.
 *
 * @example
 * password.length >= STAFF_PASSWORD_MIN_LENGTH;
 */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/**
 * What the staff pages and API say, in one place.
 *
 * @example
 * STAFF_MESSAGES.signInFailed; // 'Wrong e-mail or password.'
 */
export const STAFF_MESSAGES = {
  email: 'Enter your e-mail address',
  password: 'Enter your password',
  passwordTooShort: `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: 'Use at most 200 characters',
  passwordCommon: 'This password is one of the most common ones. Choose another.',
  passwordWeak: 'This password is too easy to guess. Add a word or two that have nothing to do with you or Procura.',
  signInFailed: 'Wrong e-mail or password.',
  linkInvalid: 'This link has expired or was already used. Ask an admin for a new one.',
  signedOut: 'Sign in to continue.',
  wrongRole: 'Your account may not do this.',
  /** Names the address the server serves its pages at: one opened at another (127.0.0.1 for localhost) cannot sign in or change anything. */
  badOrigin: (origin: string) => `This request did not come from a Procura page. Open Procura at ${origin} and try again there.`,
} as const;

/**
 * `POST /api/staff/sign-in`.
 *
 * @example
 * staffSignInSchema.parse({ email: 'thandi@procura.co.za', password: 'correct horse battery' });
 */
export const staffSignInSchema = z.object({
  email: z
    .string({ error: STAFF_MESSAGES.email })
    .trim()
    .check(singleLine('E-mail address'))
    .min(1, { error: STAFF_MESSAGES.email })
    .max(254, { error: STAFF_MESSAGES.email }),
  password: z
    .string({ error: STAFF_MESSAGES.password })
    .check(singleLine('Password'))
    .min(1, { error: STAFF_MESSAGES.password })
    .max(200, { error: STAFF_MESSAGES.passwordTooLong }),
});
/**
 * What the sign-in form sends.
 *
 * @example
 * const input: StaffSignInInput = { email: 'thandi@procura.co.za', password: 'correct horse battery' };
 */
export type StaffSignInInput = z.input<typeof staffSignInSchema>;

const linkToken = z.string({ error: STAFF_MESSAGES.linkInvalid }).regex(/^[\w-]{1,200}$/, { error: STAFF_MESSAGES.linkInvalid });

/**
 * `POST /api/staff/password/peek`: the token of a set-password link, to learn whom it is for
 * without spending it.
 *
 * @example
 * staffLinkTokenSchema.parse({ token: 'st_…' });
 */
export const staffLinkTokenSchema = z.object({ token: linkToken });

/**
 * Whom a set-password link is for: their name, which the page shows before they choose a password.
 *
 * @example
 * const { name } = staffLinkHolderSchema.parse(json);
 */
export const staffLinkHolderSchema = z.object({ name: z.string() });
/**
 * Whom a set-password link is for.
 *
 * @example
 * const holder: StaffLinkHolder = await staff.peekLink(token);
 */
export type StaffLinkHolder = z.infer<typeof staffLinkHolderSchema>;

/**
 * `POST /api/staff/password`: the token from a set-password link and the new password.
 *
 * @example
 * staffSetPasswordSchema.parse({ token: 'st_…', password: 'correct horse battery' });
 */
export const staffSetPasswordSchema = z.object({
  token: linkToken,
  password: z
    .string({ error: STAFF_MESSAGES.passwordTooShort })
    .check(singleLine('Password'))
    .min(STAFF_PASSWORD_MIN_LENGTH, { error: STAFF_MESSAGES.passwordTooShort })
    .max(200, { error: STAFF_MESSAGES.passwordTooLong }),
});
/**
 * What the set-password form sends.
 *
 * @example
 * const input: StaffSetPasswordInput = { token, password: 'correct horse battery' };
 */
export type StaffSetPasswordInput = z.input<typeof staffSetPasswordSchema>;

/**
 * The signed-in staff member (`GET /api/staff/me`, and the answer to signing in).
 *
 * @example
 * const { name, role } = staffUserSchema.parse(json);
 */
export const staffUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
/**
 * A signed-in staff member.
 *
 * @example
 * const me: StaffUser = await staff.me();
 */
export type StaffUser = z.infer<typeof staffUserSchema>;

/**
 * The answer to setting a password: the person, whom it signed in (the answer sets the session
 * cookie, as signing in does).
 *
 * @example
 * const { email, role } = staffPasswordSetSchema.parse(json);
 */
export const staffPasswordSetSchema = z.object({ email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) });
/**
 * The answer to setting a password: the person, now signed in.
 *
 * @example
 * const { email }: StaffPasswordSet = await staff.setPassword(input);
 */
export type StaffPasswordSet = z.infer<typeof staffPasswordSetSchema>;
