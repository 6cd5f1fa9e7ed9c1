import type { Context, Next } from 'koa';
import type { AppDeps } from '../deps';
import { notFound, type PortalShell } from '../http/static';
import { liveShareLink } from './share-links.service';

/**
 * Serves a share link's page (`/da_<token>`) only while its link lives: the token is checked
 * before the page is sent, and an unknown, revoked or expired one answers 404 with the
 * 'Page Not Found' page. The page is never cached, indexed or named in a Referer.
 */
export function sharedDashboardPage(deps: Pick<AppDeps, 'database' | 'clock'>, portal: PortalShell | null) {
  const answerNotFound = notFound(portal);
  return async function sharePage(ctx: Context, next: Next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/da_')) return next();
    ctx.state.route = '/da_:token';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    const token = /^\/da_([^/]*)\/?$/.exec(ctx.path)?.[1] ?? '';
    const live = portal ? await liveShareLink(deps.database.db, token, deps.clock()) : null;
    if (!live || !portal) {
      await answerNotFound(ctx);
      ctx.set('Cache-Control', 'no-store');
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = ctx.method === 'HEAD' ? null : portal.html;
  };
}
