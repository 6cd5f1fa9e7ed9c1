import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * What a request is logged under: the route pattern that answered it (`/api/quotes/track/:token`),
 * never the path, which carries tokens and rfqIds. Answers that no pattern names say what they were.
 */
export function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  return typeof ctx.state.route === 'string' ? ctx.state.route : '(no route)';
}

/**
 * Gives every request an id (a caller's well-formed X-Request-Id, else a new UUID), echoes it,
 * and logs one line per request: method, path without the query string, status and duration.
 */
export function requestContext(logger: Logger) {
  return async function context(ctx: Context, next: Next) {
    const started = performance.now();
    const incoming = ctx.get('x-request-id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        logger.info({ reqId: requestId, method: ctx.method, route: routeOf(ctx), status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
      }
    }
  };
}
