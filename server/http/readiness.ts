import type { Context, Next } from 'koa';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorCode } from '../error-codes';

/** Where a server process is in its life: only a `ready` one should be sent traffic. */
export type Phase = 'starting' | 'ready' | 'stopping';

/**
 * The process's phase, read by `/readyz` so that a load balancer sends nothing to a process that
 * is still migrating its database or is shutting down.
 */
export class Readiness {
  phase: Phase;

  constructor(phase: Phase = 'starting') {
    this.phase = phase;
  }

  /** Why the process is not ready, as `/readyz` words it; null when it is. */
  get reason(): string | null {
    if (this.phase === 'starting') return 'The server is starting: the database is being brought up to date';
    if (this.phase === 'stopping') return 'The server is shutting down';
    return null;
  }
}

/**
 * While the process stops, each answer closes its connection: a client on a kept-alive
 * connection then opens its next one to a process that is still serving.
 */
export function closeConnectionsWhenStopping(readiness: Readiness) {
  return async function connectionClose(ctx: Context, next: Next) {
    if (readiness.phase === 'stopping') ctx.set('Connection', 'close');
    await next();
  };
}

/**
 * What the listening socket answers before the application is built (while migrations run):
 * `/healthz` says the process lives, everything else 503 in the error shape with Retry-After.
 */
export function startingHandler(readiness: Readiness) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const live = path === '/healthz';
    const body = live ? { status: 'ok' } : { error: { code: 'not_ready' satisfies ErrorCode, message: readiness.reason ?? 'The server is starting' } };
    res.writeHead(live ? 200 : 503, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(live ? {} : { 'Retry-After': '5' }),
      ...(readiness.phase === 'stopping' ? { Connection: 'close' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
  };
}
