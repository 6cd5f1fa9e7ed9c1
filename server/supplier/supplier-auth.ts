import type { Context, Middleware, Next } from 'koa';
import { SUPPLIER_MESSAGES } from '../../contract/schemas/supplier-workspace';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { cookieSessionId, sameOrigin, sessionSetCookie, signOutOf } from '../http/sessions';
import { endSession, supplierForSession, type SupplierMember } from './supplier-users.service';

/** The supplier session's cookie: its own, never the staff one (`__Host-` prefixed on https). */
const COOKIE = 'procura_supplier';

/** The Set-Cookie of a supplier session; with no id, the one that deletes it. */
export const supplierCookie = (publicUrl: string, sessionId: string | null) => sessionSetCookie(COOKIE, publicUrl, sessionId);

/** The supplier session id the request's cookie carries, if any. */
const supplierSessionIdOf = (ctx: Context, publicUrl: string) => cookieSessionId(ctx, COOKIE, publicUrl);

/** Ends the supplier session the request's cookie names, and deletes the cookie. */
export const supplierSignOut = (deps: Pick<AppDeps, 'config' | 'database'>) =>
  signOutOf(COOKIE, deps.config.publicUrl, (sessionId) => endSession(deps.database.db, sessionId));

/** The supplier user a handler after {@link supplierOnly} runs for. */
export const supplierOf = (ctx: Context) => ctx.state.supplier as SupplierMember;

/**
 * Lets a request through only with a live supplier session (401 otherwise), and a state change
 * only from PUBLIC_URL's origin (403). Answers are never cached.
 */
export function supplierOnly(deps: Pick<AppDeps, 'config' | 'database' | 'clock'>): Middleware {
  const origin = sameOrigin(deps);
  return async function requireSupplier(ctx: Context, next: Next) {
    ctx.set('Cache-Control', 'no-store');
    await origin(ctx, async () => {
      const sessionId = supplierSessionIdOf(ctx, deps.config.publicUrl);
      const member = sessionId ? await supplierForSession(deps.database.db, sessionId, deps.clock()) : null;
      if (!member) throw new ApiError(401, 'unauthorized', SUPPLIER_MESSAGES.signedOut);
      ctx.state.supplier = member;
      await next();
    });
  };
}
