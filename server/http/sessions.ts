import { randomBytes } from 'node:crypto';
import type { RouterMiddleware } from '@koa/router';
import type { Context, DefaultState, Middleware, Next } from 'koa';
import { STAFF_MESSAGES } from '../../contract/schemas/staff';
import type { Config } from '../config';
import { ApiError } from '../errors';
import type { ValidatedContext } from './validate';

const HOUR = 3_600_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The rules every signed-in session follows, staff and supplier alike: it ends after
 * {@link SESSION_IDLE_HOURS} unused and in any case {@link SESSION_MAX_DAYS} after sign-in.
 */
const SESSION_IDLE_HOURS = 12;
const SESSION_MAX_DAYS = 7;
/** The idle clock is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 60_000;

/** A new session id: 256 random bits; only its SHA-256 is stored. */
export const newSessionId = () => randomBytes(32).toString('base64url');

/** When a session signed in at `nowMs` ends at the latest. */
export const sessionHardEnd = (nowMs: number) => new Date(nowMs + SESSION_MAX_DAYS * 24 * HOUR).toISOString();

/** The moment before which an unused session has ended. */
export const idleSince = (nowMs: number) => new Date(nowMs - SESSION_IDLE_HOURS * HOUR).toISOString();

/** What to do with a stored session at `nowMs`: drop it (ended), write its idle clock, or nothing. */
export function sessionState(row: { last_seen_at: string; expires_at: string }, nowMs: number): 'ended' | 'touch' | 'live' {
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= nowMs || lastSeen + SESSION_IDLE_HOURS * HOUR <= nowMs) return 'ended';
  return nowMs - lastSeen >= TOUCH_EVERY_MS ? 'touch' : 'live';
}

/**
 * A session cookie's name: with `__Host-` when PUBLIC_URL is https (the browser then keeps it
 * Secure, for this host alone, on every path), plain otherwise (browsers refuse the prefix on http).
 */
function cookieName(base: string, publicUrl: string): string {
  return publicUrl.startsWith('https://') ? `__Host-${base}` : base;
}

/** The Set-Cookie of a session; with no id, the one that deletes it. */
export function sessionSetCookie(base: string, publicUrl: string, sessionId: string | null): string {
  const parts = [`${cookieName(base, publicUrl)}=${sessionId ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (publicUrl.startsWith('https://')) parts.push('Secure');
  // The browser forgets it when the session's hard end comes; the server decides before that.
  parts.push(sessionId ? `Max-Age=${SESSION_MAX_DAYS * 24 * 3600}` : 'Max-Age=0');
  return parts.join('; ');
}

/** The session id the request's cookie `base` carries, if any. */
export function cookieSessionId(ctx: Context, base: string, publicUrl: string): string | null {
  const name = cookieName(base, publicUrl);
  for (const pair of (ctx.get('cookie') || '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      const value = pair.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * The sign-out of the session kept in cookie `base`: the session ends where it is stored (when the
 * cookie names one) and the browser is told to delete the cookie; 204 either way.
 */
export function signOutOf(base: string, publicUrl: string, end: (sessionId: string) => Promise<void>): Middleware {
  return async function signOut(ctx: Context) {
    ctx.set('Cache-Control', 'no-store');
    const sessionId = cookieSessionId(ctx, base, publicUrl);
    if (sessionId) await end(sessionId);
    ctx.append('Set-Cookie', sessionSetCookie(base, publicUrl, null));
    ctx.status = 204;
  };
}

/**
 * Refuses a state change whose `Origin` is not PUBLIC_URL's: with SameSite=Lax cookies this
 * closes cross-site request forgery, and a request with no Origin at all is refused too.
 */
export function sameOrigin(deps: { config: Pick<Config, 'publicUrl'> }): Middleware {
  const origin = new URL(deps.config.publicUrl).origin;
  return async function checkOrigin(ctx: Context, next: Next) {
    if (!SAFE_METHODS.has(ctx.method) && ctx.get('origin') !== origin) throw new ApiError(403, 'bad_origin', STAFF_MESSAGES.badOrigin(origin));
    await next();
  };
}

/**
 * The call that e-mails a sign-in link, after its limits and the validation of its body: `send`
 * is given the body, and the answer is 202 with its message, the same whether or not the address
 * is known.
 */
export function answerLinkRequest<D, I>(
  deps: D,
  send: (deps: D, input: I) => Promise<{ message: string }>,
): RouterMiddleware<DefaultState, ValidatedContext<I, unknown, unknown>> {
  return async function linkRequested(ctx) {
    ctx.status = 202;
    ctx.body = await send(deps, ctx.request.body);
  };
}
