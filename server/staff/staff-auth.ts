import type { Context, Middleware, Next } from 'koa';
import { STAFF_MESSAGES, type StaffRole } from '../../sdk/schemas/staff';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { SESSION_MAX_DAYS, staffForSession, type StaffMember } from './staff.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session cookie's name: with `__Host-` when PUBLIC_URL is https (the browser then keeps it
 * Secure, for this host alone, on every path), plain otherwise (browsers refuse the prefix on http).
 */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? '__Host-procura_staff' : 'procura_staff';
}

/** The Set-Cookie of a session; with no id, the one that deletes it. */
export function sessionCookie(publicUrl: string, sessionId: string | null): string {
  const parts = [`${sessionCookieName(publicUrl)}=${sessionId ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (publicUrl.startsWith('https://')) parts.push('Secure');
  // The browser forgets it when the session's hard end comes; the server decides before that.
  parts.push(sessionId ? `Max-Age=${SESSION_MAX_DAYS * 24 * 3600}` : 'Max-Age=0');
  return parts.join('; ');
}

/** The session id the request's cookie carries, if any. */
export function sessionIdOf(ctx: Context, publicUrl: string): string | null {
  const name = sessionCookieName(publicUrl);
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
 * Refuses a state change whose `Origin` is not PUBLIC_URL's: with SameSite=Lax cookies this
 * closes cross-site request forgery, and a request with no Origin at all is refused too.
 */
export function sameOrigin(deps: Pick<AppDeps, 'config'>): Middleware {
  const origin = new URL(deps.config.publicUrl).origin;
  return async function checkOrigin(ctx: Context, next: Next) {
    if (!SAFE_METHODS.has(ctx.method) && ctx.get('origin') !== origin) throw new ApiError(403, 'bad_origin', STAFF_MESSAGES.badOrigin);
    await next();
  };
}

/** The staff member a handler after {@link staffOnly} runs for. */
export const staffOf = (ctx: Context) => ctx.state.staff as StaffMember;

/**
 * Lets a request through only with a live staff session of one of `roles` (401 signed out, 403
 * for another role), and a state change only from PUBLIC_URL's origin (403). Answers are never cached.
 */
export function staffOnly(deps: Pick<AppDeps, 'config' | 'database' | 'clock'>, ...roles: StaffRole[]): Middleware {
  const origin = sameOrigin(deps);
  return async function requireStaff(ctx: Context, next: Next) {
    ctx.set('Cache-Control', 'no-store');
    await origin(ctx, async () => {
      const sessionId = sessionIdOf(ctx, deps.config.publicUrl);
      const staff = sessionId ? await staffForSession(deps.database.db, sessionId, deps.clock()) : null;
      if (!staff) throw new ApiError(401, 'unauthorized', STAFF_MESSAGES.signedOut);
      if (roles.length > 0 && !roles.includes(staff.role)) throw new ApiError(403, 'forbidden', STAFF_MESSAGES.wrongRole);
      ctx.state.staff = staff;
      await next();
    });
  };
}
