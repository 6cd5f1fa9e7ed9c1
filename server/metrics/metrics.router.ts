import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { ApiError } from '../errors';
import { isLoopback } from '../http/client-address';
import type { ServerMetrics } from './metrics';

/** Headers a proxy adds: a request carrying one came from elsewhere, whatever its socket says. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the caller may read the metrics: a client on this machine that no proxy forwarded (a
 * proxy on the same machine would otherwise make everyone local), or one that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. The token is compared by digest in constant time, so
 * neither its length nor its characters leak through timing.
 */
function mayReadMetrics(ctx: Context, token: string | undefined): boolean {
  const forwarded = FORWARDING_HEADERS.some((h) => ctx.get(h) !== '');
  if (!forwarded && isLoopback(ctx.req.socket.remoteAddress ?? '')) return true;
  if (!token) return false;
  const match = /^Bearer (\S+)$/i.exec(ctx.get('authorization'));
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/** `GET /metrics` for a Prometheus scraper; anyone else is told there is no such thing. */
export function metricsRouter(metrics: ServerMetrics, token: string | undefined) {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!mayReadMetrics(ctx, token)) throw new ApiError(404, 'not_found', 'No route for GET /metrics');
    const { contentType, text } = await metrics.scrape();
    ctx.type = contentType;
    ctx.body = text;
  });
  return router;
}
