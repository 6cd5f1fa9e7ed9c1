import Router from '@koa/router';
import { staffSetPasswordSchema, staffSignInSchema } from '../../contract/schemas/staff';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { sameOrigin, sessionCookie, staffOf, staffOnly, staffSignOut } from './staff-auth';
import { setStaffPassword, signIn } from './staff.service';
import { limitPerClient, type RatePolicy } from '../limits/rate-limiter';

const publicUser = ({ email, name, role }: { email: string; name: string; role: 'admin' | 'sales' }) => ({ email, name, role });

/** Attempts to set a password per client (an IPv6 client by its /64): 20 in 15 minutes. */
const SET_PASSWORD_ATTEMPTS: RatePolicy = { bucket: 'staff-set-password', limit: 20, windowSeconds: 15 * 60 };

/** Staff sign-in, sign-out, who is signed in, and setting a password from a one-time link. */
export function staffRouter(deps: AppDeps) {
  const router = new Router();
  const origin = sameOrigin(deps);

  // Links are long random tokens; a client trying many is refused before any is looked up.
  const passwordLimit = limitPerClient(deps, SET_PASSWORD_ATTEMPTS, 'attempts to set a password');
  router.post('/api/staff/password', origin, passwordLimit, validate({ body: staffSetPasswordSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await setStaffPassword(deps.database.db, ctx.request.body, deps.clock());
  });

  router.post('/api/staff/sign-in', origin, validate({ body: staffSignInSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { sessionId, user } = await signIn(deps.database.db, ctx.request.body, ctx.ip, deps.clock());
    ctx.append('Set-Cookie', sessionCookie(deps.config.publicUrl, sessionId));
    ctx.body = publicUser(user);
  });

  router.post('/api/staff/sign-out', origin, staffSignOut(deps));

  router.get('/api/staff/me', staffOnly(deps), async (ctx) => {
    ctx.body = publicUser(staffOf(ctx));
  });

  return router;
}
