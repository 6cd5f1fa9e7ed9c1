/**
 * Supplier applications' calls: a business applies and verifies its address (public, from
 * Procura's own pages), and admins list, approve and reject applications (the staff session
 * cookie goes with every call from the portal's own pages). Not part of the published package.
 *
 * @module
 */
import {
  applicationAnswerSchema,
  applicationApprovedSchema,
  supplierApplicationListSchema,
  type ApplicationAnswer,
  type ApplicationApproved,
  type ApplicationRejectInput,
  type ApplicationStatus,
  type SupplierApplicationInput,
  type SupplierApplicationList,
} from '../schemas/supplier-applications';
import type { CallOptions, Transport } from '../../sdk/client/transport';

/**
 * The applications' calls, from {@link supplierApplicationCalls}.
 *
 * @example
 * const { message } = await applications.apply(input);
 */
export interface SupplierApplicationCalls {
  /** Applies to supply (`POST /api/supplier-applications`); answers what to tell the applicant. */
  apply(input: SupplierApplicationInput, options?: CallOptions): Promise<ApplicationAnswer>;
  /** Verifies the address with the e-mailed link's token (`POST /api/supplier-applications/verify`). */
  verify(token: string, options?: CallOptions): Promise<ApplicationAnswer>;
  /** The applications of a status, newest first (`GET /api/admin/supplier-applications`); admins only. */
  list(status: ApplicationStatus, options?: CallOptions): Promise<SupplierApplicationList>;
  /** Approves an application (`POST /api/admin/supplier-applications/:id/approve`); answers the supplier's id. */
  approve(id: number, options?: CallOptions): Promise<ApplicationApproved>;
  /** Rejects an application with the reason the applicant is e-mailed (`POST /api/admin/supplier-applications/:id/reject`). */
  reject(id: number, input: ApplicationRejectInput, options?: CallOptions): Promise<void>;
}

/**
 * The applications' calls over a transport. Each is sent once, never retried: an application
 * sent twice would count twice against its mailbox's limit.
 *
 * @example
 * const applications = supplierApplicationCalls(createTransport({ baseUrl: location.origin }));
 */
export function supplierApplicationCalls(api: Transport): SupplierApplicationCalls {
  const path = (id: number, action: string) => `api/admin/supplier-applications/${encodeURIComponent(String(id))}/${action}`;
  return {
    apply: (input, opts) => api.post(applicationAnswerSchema, 'api/supplier-applications', input, null, opts),
    verify: (token, opts) => api.post(applicationAnswerSchema, 'api/supplier-applications/verify', { token }, null, opts),
    list: (status, opts) => api.get(supplierApplicationListSchema, 'api/admin/supplier-applications', { status }, opts),
    approve: (id, opts) => api.post(applicationApprovedSchema, path(id, 'approve'), {}, null, opts),
    reject: async (id, input, opts) => {
      await api.post(null, path(id, 'reject'), input, null, opts);
    },
  };
}
