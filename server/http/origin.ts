import type { Context, Middleware, Next } from 'koa';
import { STAFF_MESSAGES } from '../../contract/schemas/staff';
import { ApiError } from '../errors';

/**
 * Refuses a call whose `Origin` names a site other than PUBLIC_URL's. Browsers send Origin with
 * every POST, so no other site's page can make a visitor's browser act on a link it holds;
 * clients that send none (the Node SDK, curl) may call, as they carry the token themselves.
 */
export function sameOriginWhenGiven(publicUrl: string): Middleware {
  const origin = new URL(publicUrl).origin;
  return async function checkOrigin(ctx: Context, next: Next) {
    const given = ctx.get('origin');
    if (given !== '' && given !== origin) throw new ApiError(403, 'bad_origin', STAFF_MESSAGES.badOrigin(origin));
    await next();
  };
}
