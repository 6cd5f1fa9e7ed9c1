import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import {
  BUYER_MESSAGES,
  buyerHistoryQuerySchema,
  buyerProfileInputSchema,
  buyerRepeatInputSchema,
  buyerSessionInputSchema,
  buyerSignInLinkSchema,
} from '../../contract/schemas/buyer';
import { BUYER_PRESENT_COOKIE } from '../../contract/buyer-session';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { idempotencyKey } from '../http/idempotency';
import { answerLinkRequest, cookieSessionId, sameOrigin, sessionSetCookie, signOutOf } from '../http/sessions';
import { validate } from '../http/validate';
import { noStore } from '../http/security-headers';
import { limitPerClient } from '../limits/rate-limiter';
import { signInLimits } from '../sign-in-links/sign-in-links';
import {
  BUYER_LINKS,
  type BuyerMember,
  buyerForSession,
  buyerHistory,
  buyerProfile,
  deleteOwnAccount,
  endSession,
  repeatOwnRequest,
  requestSignInLink,
  saveBuyerProfile,
  startSession,
} from './buyer.service';

/** The buyer session's cookie: its own, never the staff or supplier one (`__Host-` prefixed on https). */
const COOKIE = 'procura_buyer';

/**
 * The Set-Cookie of the page-readable mark that a buyer session may exist ({@link BUYER_PRESENT_COOKIE}):
 * kept as long as the session's cookie, or deleted with it.
 */
function presentCookie(publicUrl: string, present: boolean): string {
  const parts = [`${BUYER_PRESENT_COOKIE}=${present ? '1' : ''}`, 'Path=/', 'SameSite=Lax'];
  if (publicUrl.startsWith('https://')) parts.push('Secure');
  parts.push(present ? `Max-Age=${7 * 24 * 3600}` : 'Max-Age=0');
  return parts.join('; ');
}

/** Lets a request through only with a live buyer session (401 otherwise), and a change only from PUBLIC_URL's origin (403). */
export function buyerOnly(deps: Pick<AppDeps, 'config' | 'database' | 'clock'>): Middleware {
  const origin = sameOrigin(deps);
  return async function requireBuyer(ctx: Context, next: Next) {
    ctx.set('Cache-Control', 'no-store');
    await origin(ctx, async () => {
      const sessionId = cookieSessionId(ctx, COOKIE, deps.config.publicUrl);
      const buyer = sessionId ? await buyerForSession(deps.database.db, sessionId, deps.clock()) : null;
      if (!buyer) {
        // The page's mark of a session goes too, so it stops asking.
        ctx.append('Set-Cookie', presentCookie(deps.config.publicUrl, false));
        throw new ApiError(401, 'unauthorized', BUYER_MESSAGES.signedOut);
      }
      ctx.state.buyer = buyer;
      await next();
    });
  };
}

/** A returning buyer's access (sign-in links, sessions) and the history of their requests. */
export function buyerRouter(deps: AppDeps) {
  const router = new Router();
  const origin = sameOrigin(deps);

  const { linkLimit, useLimit } = signInLimits(deps, BUYER_LINKS);
  router.post('/api/buyer/sign-in-link', noStore, origin, linkLimit, validate({ body: buyerSignInLinkSchema }), answerLinkRequest(deps, requestSignInLink));

  router.post('/api/buyer/session', noStore, origin, useLimit, validate({ body: buyerSessionInputSchema }), async (ctx) => {
    const { sessionId, me } = await startSession(deps.database.db, ctx.request.body.token, deps.clock());
    ctx.append('Set-Cookie', sessionSetCookie(COOKIE, deps.config.publicUrl, sessionId));
    ctx.append('Set-Cookie', presentCookie(deps.config.publicUrl, true));
    ctx.body = me;
  });

  const forgetPresence = async (ctx: Context, next: Next) => {
    ctx.append('Set-Cookie', presentCookie(deps.config.publicUrl, false));
    await next();
  };
  router.delete(
    '/api/buyer/session',
    origin,
    forgetPresence,
    signOutOf(COOKIE, deps.config.publicUrl, (sessionId) => endSession(deps.database.db, sessionId)),
  );

  router.get('/api/buyer/requests', buyerOnly(deps), validate({ query: buyerHistoryQuerySchema }), async (ctx) => {
    ctx.body = await buyerHistory(deps.database.db, ctx.state.buyer as BuyerMember, ctx.query.cursor as string | undefined);
  });

  // A repeat is a new request: it counts against the same limit as POST /api/rfq, per client.
  const rfqLimit = limitPerClient(deps, { bucket: 'rfq', ...deps.config.rateLimits.rfq }, 'quote requests');
  router.post('/api/buyer/requests/:rfqId/repeat', buyerOnly(deps), rfqLimit, validate({ body: buyerRepeatInputSchema }), async (ctx) => {
    const key = idempotencyKey(ctx);
    const result = await repeatOwnRequest(deps, ctx.state.buyer as BuyerMember, ctx.params.rfqId!, ctx.request.body.quantities ?? {}, key);
    if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = result.status;
    ctx.body = result.body;
  });

  router.get('/api/buyer/profile', buyerOnly(deps), async (ctx) => {
    ctx.body = await buyerProfile(deps.database.db, ctx.state.buyer as BuyerMember);
  });

  router.put('/api/buyer/profile', buyerOnly(deps), validate({ body: buyerProfileInputSchema }), async (ctx) => {
    ctx.body = await saveBuyerProfile(deps.database.db, ctx.state.buyer as BuyerMember, ctx.request.body, deps.clock());
  });

  // The buyer deletes the account, its saved details and every request's personal data, as a data request's link does.
  router.delete('/api/buyer/account', buyerOnly(deps), async (ctx) => {
    ctx.body = await deleteOwnAccount(deps, ctx.state.buyer as BuyerMember);
    ctx.append('Set-Cookie', sessionSetCookie(COOKIE, deps.config.publicUrl, null));
    ctx.append('Set-Cookie', presentCookie(deps.config.publicUrl, false));
  });

  return router;
}
