import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import type { ZodType } from 'zod';
import {
  ANALYTICS_EVENT_SCHEMAS,
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_MESSAGES,
  ANALYTICS_SESSION_ID,
  consentDecisionSchema,
  dashboardQuerySchema,
} from '../../contract/schemas/analytics';
import type { AppDeps } from '../deps';
import { invalidFields } from '../errors';
import { validate } from '../http/validate';
import { limitPerClient } from '../limits/rate-limiter';
import { staffOnly } from '../staff/staff-auth';
import { dashboard, recordConsent, recordEvent } from './site-analytics.service';

/** The session id a consented visitor's browser sends; anything else is refused before the body is read. */
const requireSessionId: Middleware = async (ctx: Context, next: Next) => {
  if (!ANALYTICS_SESSION_ID.test(ctx.get('x-session-id'))) throw invalidFields({ 'X-Session-ID': ANALYTICS_MESSAGES.sessionId });
  await next();
};

/**
 * Site analytics: the portal's events (sent only with the visitor's consent), the proof of each
 * cookie choice, and the staff's view of both.
 */
export function analyticsRouter(deps: AppDeps) {
  const router = new Router();
  const limit = limitPerClient(deps, { bucket: 'analytics', ...deps.config.rateLimits.analytics }, 'analytics events');

  for (const type of ANALYTICS_EVENT_TYPES) {
    router.post(`/api/analytics/${type}`, limit, requireSessionId, validate({ body: ANALYTICS_EVENT_SCHEMAS[type] as ZodType<unknown> }), async (ctx) => {
      await recordEvent(deps, type, ctx.request.body as never, ctx.get('x-session-id'), ctx.get('user-agent'));
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 204;
    });
  }

  router.post('/api/consent', limit, validate({ body: consentDecisionSchema }), async (ctx) => {
    await recordConsent(deps, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  router.get('/api/analytics/dashboard', staffOnly(deps, 'admin'), validate({ query: dashboardQuerySchema }), async (ctx) => {
    ctx.body = await dashboard(deps, ctx.query.days);
  });

  return router;
}
