import type { Context, Middleware, Next } from 'koa';
import { STAFF_MESSAGES, type StaffRole } from '../../contract/schemas/staff';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { cookieSessionId, sameOrigin, sessionSetCookie, signOutOf } from '../http/sessions';
import { signOut, staffForSession, type StaffMember } from './staff.service';

const COOKIE = 'procura_staff';

/** The Set-Cookie of a staff session; with no id, the one that deletes it. */
export const sessionCookie = (publicUrl: string, sessionId: string | null) => sessionSetCookie(COOKIE, publicUrl, sessionId);

/** The staff session id the request's cookie carries, if any. */
const sessionIdOf = (ctx: Context, publicUrl: string) => cookieSessionId(ctx, COOKIE, publicUrl);

/** Ends the staff session the request's cookie names, and deletes the cookie. */
export const staffSignOut = (deps: Pick<AppDeps, 'config' | 'database'>) =>
  signOutOf(COOKIE, deps.config.publicUrl, (sessionId) => signOut(deps.database.db, sessionId));

export { sameOrigin };

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
