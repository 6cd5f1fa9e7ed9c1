/**
 * The staff's analytics view, made with the session cookie the browser holds. Not part of the
 * published package: {@link createStaffClient} composes it.
 *
 * @module
 */
import { siteAnalyticsDashboardSchema, type SiteAnalyticsDashboard } from '../schemas/analytics';
import type { CallOptions, Transport } from '../../sdk/client/transport';

/**
 * The staff's analytics calls.
 *
 * @example
 * const { analytics } = createStaffClient({ baseUrl: location.origin });
 * const view = await analytics.dashboard({ days: 30 });
 */
export interface AnalyticsCalls {
  analytics: {
    /** Tiles, visitors, pages, the funnel, devices and consent over the last `days` days (`GET /api/analytics/dashboard`); admins only. */
    dashboard(params?: { days?: 7 | 30 | 90 }, options?: CallOptions): Promise<SiteAnalyticsDashboard>;
  };
}

/**
 * The staff's analytics calls over one transport.
 *
 * @example
 * const calls = analyticsCalls(createTransport({ baseUrl: location.origin }));
 */
export function analyticsCalls(api: Transport): AnalyticsCalls {
  return {
    analytics: {
      dashboard: (params = {}, opts) => api.get(siteAnalyticsDashboardSchema, 'api/analytics/dashboard', params, opts),
    },
  };
}
