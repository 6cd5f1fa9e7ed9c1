import Router from '@koa/router';
import { staffLinkTokenSchema, staffSetPasswordSchema, staffSignInSchema } from '../../contract/schemas/staff';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { noStore } from '../http/security-headers';
import { sameOrigin, sessionCookie, staffOf, staffOnly, staffSignOut } from './staff-auth';
import { setPasswordLinkHolder, setStaffPassword, signIn, STAFF_LINKS } from './staff.service';
import { limitPerClient } from '../limits/rate-limiter';
import { linkUsesPerClient } from '../sign-in-links/sign-in-links';

const publicUser = ({ email, name, role }: { email: string; name: string; role: 'admin' | 'sales' }) => ({ email, name, role });

/** Staff sign-in, sign-out, who is signed in, and setting a password from a one-time link. */
export function staffRouter(deps: AppDeps) {
  const router = new Router();
  const origin = sameOrigin(deps);

  // Links are long random tokens; a client trying many is refused before any is looked up.
  const linkLimit = limitPerClient(deps, linkUsesPerClient(STAFF_LINKS), 'attempts to use a link');
  // Whom the link is for, without spending it: the page shows the name before the person sets a password.
  router.post('/api/staff/password/peek', noStore, origin, linkLimit, validate({ body: staffLinkTokenSchema }), async (ctx) => {
    ctx.body = await setPasswordLinkHolder(deps.database.db, ctx.request.body.token, deps.clock());
  });

  router.post('/api/staff/password', noStore, origin, linkLimit, validate({ body: staffSetPasswordSchema }), async (ctx) => {
    const { sessionId, user } = await setStaffPassword(deps.database.db, ctx.request.body, deps.clock());
    ctx.append('Set-Cookie', sessionCookie(deps.config.publicUrl, sessionId));
    ctx.body = publicUser(user);
  });

  router.post('/api/staff/sign-in', noStore, origin, validate({ body: staffSignInSchema }), async (ctx) => {
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
