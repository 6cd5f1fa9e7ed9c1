import Router from '@koa/router';
import { staffSetPasswordSchema, staffSignInSchema } from '../../sdk/schemas/staff';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { sameOrigin, sessionCookie, sessionIdOf, staffOf, staffOnly } from './staff-auth';
import { setStaffPassword, signIn, signOut } from './staff.service';

const publicUser = ({ email, name, role }: { email: string; name: string; role: 'admin' | 'sales' }) => ({ email, name, role });

/** Staff sign-in, sign-out, who is signed in, and setting a password from a one-time link. */
export function staffRouter(deps: AppDeps) {
  const router = new Router();
  const origin = sameOrigin(deps);

  router.post('/api/staff/password', origin, validate({ body: staffSetPasswordSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await setStaffPassword(deps.database.db, ctx.request.body, deps.clock());
  });

  router.post('/api/staff/sign-in', origin, validate({ body: staffSignInSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { sessionId, user } = await signIn(deps.database.db, ctx.request.body, ctx.ip, deps.clock());
    ctx.append('Set-Cookie', sessionCookie(deps.config.publicUrl, sessionId));
    ctx.body = publicUser(user);
  });

  router.post('/api/staff/sign-out', origin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const sessionId = sessionIdOf(ctx, deps.config.publicUrl);
    if (sessionId) await signOut(deps.database.db, sessionId);
    ctx.append('Set-Cookie', sessionCookie(deps.config.publicUrl, null));
    ctx.status = 204;
  });

  router.get('/api/staff/me', staffOnly(deps), async (ctx) => {
    ctx.body = publicUser(staffOf(ctx));
  });

  return router;
}
