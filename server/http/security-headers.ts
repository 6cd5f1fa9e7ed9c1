import type { Context, Middleware, Next } from 'koa';

/** Pages other sites may frame: the widget, whose whole purpose is to be embedded. */
const FRAMEABLE = new Set(['/widget-embed']);

function policy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Security headers on every answer, with a Content-Security-Policy that only the widget relaxes for framing. */
export function securityHeaders(options: { hsts: boolean }) {
  const common: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-site',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(options.hsts ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const page = { ...common, 'Content-Security-Policy': policy("'none'"), 'X-Frame-Options': 'DENY' };
  const frameable = { ...common, 'Content-Security-Policy': policy('*') };
  return async function headers(ctx: Context, next: Next) {
    ctx.set(FRAMEABLE.has(ctx.path) ? frameable : page);
    await next();
  };
}

/** Keeps an answer out of every cache: for sessions, sign-in links and what they open. */
export const noStore: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  await next();
};
