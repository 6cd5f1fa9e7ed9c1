import { isIP } from 'node:net';
import type { Context, Middleware, Next } from 'koa';

/** An address as written by a proxy or a socket, without an IPv4-mapped prefix or a port. */
function plain(address: string): string {
  let a = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(a);
  return mapped ? mapped[1]! : a.toLowerCase();
}

/**
 * The client's address behind `hops` trusted proxies: each proxy appends the address it saw to
 * `X-Forwarded-For`, so the one the nearest trusted proxy saw is `hops` places from the right of
 * the header followed by the socket's peer. Hops further left were written by the client and
 * are never read. With fewer entries than hops the leftmost is the best there is.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string, hops: number): string {
  if (hops <= 0 || !forwardedFor) return plain(socketAddress);
  const chain = [
    ...forwardedFor
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h !== ''),
    socketAddress,
  ];
  return plain(chain[Math.max(0, chain.length - 1 - hops)]!);
}

/** Whether an address is this machine's own (127.0.0.0/8 or ::1). */
export function isLoopback(address: string): boolean {
  const a = plain(address);
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

/**
 * Settles `ctx.ip` once per request from the trusted proxy hops (`TRUST_PROXY`). Koa's own
 * `proxy` setting is left off: it would also trust X-Forwarded-Host and -Proto from anyone.
 */
export function clientAddressFrom(hops: number): Middleware {
  return async function settleClientAddress(ctx: Context, next: Next) {
    ctx.request.ip = clientAddress(ctx.get('x-forwarded-for') || undefined, ctx.req.socket.remoteAddress ?? '', hops);
    await next();
  };
}

/** Mounts `inner` for loopback clients only; anyone else goes on as if it were not there. */
export function loopbackOnly<C extends Context>(inner: (ctx: C, next: Next) => unknown) {
  return async function forLoopbackOnly(ctx: C, next: Next) {
    if (isLoopback(ctx.ip)) return inner(ctx, next);
    return next();
  };
}
