/**
 * The calls of Procura's sales pages: prospects, the activity log, the dashboards, CSV import,
 * share links, and the public demo booking and shared dashboard. Not part of the published
 * package: the portal composes them in its staff client.
 *
 * @module
 */
import {
  activitySchema,
  activitySummarySchema,
  outreachDashboardSchema,
  shareLinkCreatedSchema,
  shareLinkListSchema,
  type Activity,
  type ActivityInput,
  type ActivitySummary,
  type OutreachDashboard,
  type ShareLinkCreated,
  type ShareLinkInput,
  type ShareLinkList,
} from '../schemas/outreach';
import { demoRequestResponseSchema, type DemoRequestInput, type DemoRequestResponse } from '../schemas/demo-request';
import {
  prospectImportResultSchema,
  prospectListSchema,
  prospectSchema,
  type Prospect,
  type ProspectImportInput,
  type ProspectImportResult,
  type ProspectInput,
  type ProspectList,
  type ProspectListQuery,
  type ProspectPatch,
} from '../schemas/prospects';
import type { CallOptions, SubmitOptions, Transport } from '../../sdk/client/transport';

/**
 * The sales workspace's calls.
 *
 * @example
 * const { sales } = createStaffClient({ baseUrl: location.origin });
 * const { prospects } = await sales.prospects({ status: 'Interested' });
 */
export interface SalesCalls {
  sales: {
    /** A page of prospects (`GET /api/staff/prospects`). */
    prospects(query?: ProspectListQuery, options?: CallOptions): Promise<ProspectList>;
    /** Adds a prospect (`POST /api/staff/prospects`). */
    createProspect(input: ProspectInput, options?: CallOptions): Promise<Prospect>;
    /** Changes a prospect (`PATCH /api/staff/prospects/:id`); a new status stamps lastContact. */
    updateProspect(id: number, change: ProspectPatch, options?: CallOptions): Promise<Prospect>;
    /** Deletes a prospect (`DELETE /api/staff/prospects/:id`). */
    deleteProspect(id: number, options?: CallOptions): Promise<void>;
    /** Logs an e-mail, call, response or demo (`POST /api/staff/prospects/:id/activities`). */
    logActivity(id: number, input: ActivityInput, options?: CallOptions): Promise<Activity>;
    /** Today's and this week's counters against the targets (`GET /api/staff/activity`). */
    activity(options?: CallOptions): Promise<ActivitySummary>;
    /** The analytics dashboard (`GET /api/staff/analytics`). */
    analytics(options?: CallOptions): Promise<OutreachDashboard>;
    /** Previews (`dryRun`) or runs a CSV import (`POST /api/staff/prospects/import`). */
    importProspects(input: ProspectImportInput, options?: CallOptions): Promise<ProspectImportResult>;
    /** The share links made (`GET /api/staff/share-links`, admin). */
    shareLinks(options?: CallOptions): Promise<ShareLinkList>;
    /** Makes a share link (`POST /api/staff/share-links`, admin); its address is shown this once. */
    createShareLink(input: ShareLinkInput, options?: CallOptions): Promise<ShareLinkCreated>;
    /** Revokes a share link (`DELETE /api/staff/share-links/:id`, admin). */
    revokeShareLink(id: number, options?: CallOptions): Promise<void>;
    /** The dashboard a share link opens (`GET /api/shared-dashboard/:token`), signed out. */
    sharedDashboard(token: string, options?: CallOptions): Promise<OutreachDashboard>;
    /** Books a demo from the public form (`POST /api/demo-requests`). */
    bookDemo(input: DemoRequestInput, options?: SubmitOptions): Promise<DemoRequestResponse>;
  };
}

/**
 * The sales calls over one transport.
 *
 * @example
 * const calls = salesCalls(createTransport({ baseUrl: location.origin }));
 */
export function salesCalls(api: Transport): SalesCalls {
  return {
    sales: {
      prospects: (query = {}, opts) => api.get(prospectListSchema, 'api/staff/prospects', query, opts),
      createProspect: (input, opts) => api.post(prospectSchema, 'api/staff/prospects', input, null, opts),
      updateProspect: (id, change, opts) => api.patch(prospectSchema, `api/staff/prospects/${id}`, change, opts),
      deleteProspect: async (id, opts) => {
        await api.delete(null, `api/staff/prospects/${id}`, opts);
      },
      logActivity: (id, input, opts) => api.post(activitySchema, `api/staff/prospects/${id}/activities`, input, null, opts),
      activity: (opts) => api.get(activitySummarySchema, 'api/staff/activity', undefined, opts),
      analytics: (opts) => api.get(outreachDashboardSchema, 'api/staff/analytics', undefined, opts),
      importProspects: (input, opts) => api.post(prospectImportResultSchema, 'api/staff/prospects/import', input, null, opts),
      shareLinks: (opts) => api.get(shareLinkListSchema, 'api/staff/share-links', undefined, opts),
      createShareLink: (input, opts) => api.post(shareLinkCreatedSchema, 'api/staff/share-links', input, null, opts),
      revokeShareLink: async (id, opts) => {
        await api.delete(null, `api/staff/share-links/${id}`, opts);
      },
      sharedDashboard: (token, opts) => api.get(outreachDashboardSchema, `api/shared-dashboard/${encodeURIComponent(token)}`, undefined, opts),
      bookDemo: (input, opts) => api.post(demoRequestResponseSchema, 'api/demo-requests', input, null, opts),
    },
  };
}
