/**
 * A buyer company's calls: its colleagues and the orders that wait for its approvers, made by
 * Procura's own pages with the buyer session cookie the browser holds. Not part of the published package.
 *
 * @module
 */
import { createTransport, type CallOptions, type ClientOptions } from '../../sdk/client/transport';
import {
  approvalDecisionSchema,
  approvalsSchema,
  colleagueSchema,
  colleaguesSchema,
  type ApprovalDecision,
  type ApprovalRejectInput,
  type Approvals,
  type Colleague,
  type ColleagueInput,
  type Colleagues,
} from '../schemas/buyer-company';

/**
 * The buyer company's calls.
 *
 * @example
 * const company = createBuyerCompanyClient({ baseUrl: location.origin });
 * const { colleagues } = await company.colleagues();
 */
export interface BuyerCompanyClient {
  /** Everyone of the company (`GET /api/buyer/colleagues`). */
  colleagues(options?: CallOptions): Promise<Colleagues>;
  /** Invites a colleague at the same domain (`POST /api/buyer/colleagues`); approvers only. */
  invite(input: ColleagueInput, options?: CallOptions): Promise<Colleague>;
  /** Takes a colleague out (`DELETE /api/buyer/colleagues/:id`); approvers only. */
  remove(id: number, options?: CallOptions): Promise<void>;
  /** What waits for approval (`GET /api/buyer/approvals`); approvers only. */
  approvals(options?: CallOptions): Promise<Approvals>;
  /** Places a held order (`POST /api/buyer/approvals/:id/approve`). */
  approve(id: number, options?: CallOptions): Promise<ApprovalDecision>;
  /** Rejects it, telling the requester why (`POST /api/buyer/approvals/:id/reject`). */
  reject(id: number, input: ApprovalRejectInput, options?: CallOptions): Promise<ApprovalDecision>;
}

/**
 * A buyer company client for a page of Procura's own (same origin: the browser sends the cookie and Origin).
 *
 * @example
 * const company = createBuyerCompanyClient({ baseUrl: location.origin, retry: 0 });
 * await company.invite({ email: 'lindiwe@school.co.za', name: 'Lindiwe Khumalo', role: 'requester', spendingLimit: 5000 });
 */
export function createBuyerCompanyClient(options: ClientOptions): BuyerCompanyClient {
  const api = createTransport(options);
  return {
    colleagues: (opts) => api.get(colleaguesSchema, 'api/buyer/colleagues', undefined, opts),
    invite: (input, opts) => api.post(colleagueSchema, 'api/buyer/colleagues', input, null, opts),
    remove: async (id, opts) => {
      await api.delete(null, `api/buyer/colleagues/${id}`, opts);
    },
    approvals: (opts) => api.get(approvalsSchema, 'api/buyer/approvals', undefined, opts),
    approve: (id, opts) => api.post(approvalDecisionSchema, `api/buyer/approvals/${id}/approve`, {}, null, opts),
    reject: (id, input, opts) => api.post(approvalDecisionSchema, `api/buyer/approvals/${id}/reject`, input, null, opts),
  };
}
