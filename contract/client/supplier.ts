/**
 * The supplier workspace's calls, made by Procura's own pages with the supplier session cookie
 * the browser holds, and the staff's supplier-access calls. Not part of the published package.
 *
 * @module
 */
import {
  supplierAccessListSchema,
  supplierLeadSchema,
  supplierLeadsSchema,
  supplierLinkHolderSchema,
  supplierLinkSentSchema,
  supplierMeSchema,
  supplierProfileSchema,
  supplierStatsSchema,
  supplierCoverageSchema,
  supplierInviteSentSchema,
  supplierTeamSchema,
  supplierUserSchema,
  type DeclineLeadInput,
  type LeadDeliveredInput,
  type FirmLeadInput,
  type LeadFilter,
  type SupplierAccess,
  type SupplierInviteInput,
  type SupplierLead,
  type SupplierLinkHolder,
  type SupplierMe,
  type SupplierProfile,
  type SupplierProfileChange,
  type SupplierStats,
  type SupplierTeam,
  type SupplierCoverage,
  type SupplierCoverageInput,
  type SupplierUser,
} from '../schemas/supplier-workspace';
import {
  offerImportResultSchema,
  supplierOfferSchema,
  supplierOffersSchema,
  type NewSupplierOffer,
  type OfferImportInput,
  type OfferImportResult,
  type SupplierOffer,
  type SupplierOfferChange,
  type SupplierOffers,
} from '../schemas/supplier-offers';
import { supplierPerformanceSchema, type SupplierPerformance } from '../schemas/supplier-performance';
import { supplierInvoicesSchema, type SupplierInvoice } from '../schemas/supplier-billing';
import { isHttpError } from '../../sdk/client/errors';
import { createTransport, type CallOptions, type ClientOptions, type Transport } from '../../sdk/client/transport';

/**
 * The workspace's calls.
 *
 * @example
 * const supplier = createSupplierClient({ baseUrl: location.origin });
 * const me = await supplier.me(); // null when signed out
 */
export interface SupplierClient {
  /** E-mails a sign-in link (`POST /api/supplier/sign-in-link`); the same answer for any address. */
  requestLink(email: string, options?: CallOptions & { lead?: string | undefined }): Promise<{ message: string }>;
  /** Whom a link is for, without spending it (`POST /api/supplier/sign-in-link/peek`). */
  peekLink(token: string, options?: CallOptions): Promise<SupplierLinkHolder>;
  /** Exchanges a link's token for a session (`POST /api/supplier/session`); the browser keeps the cookie. */
  signIn(token: string, options?: CallOptions): Promise<SupplierMe>;
  /** Ends the session (`POST /api/supplier/sign-out`). */
  signOut(options?: CallOptions): Promise<void>;
  /** Who is signed in (`GET /api/supplier/me`), or null when signed out. */
  me(options?: CallOptions): Promise<SupplierMe | null>;
  /** The leads, newest first (`GET /api/supplier/leads`). */
  leads(status?: LeadFilter, options?: CallOptions): Promise<SupplierLead[]>;
  /** Makes a lead firm (`POST /api/supplier/leads/:quoteId/firm`): a single product's at one unit price, a basket's line by line. */
  firm(quoteId: string, input: FirmLeadInput, options?: CallOptions): Promise<SupplierLead>;
  /** Withdraws a lead's quote, or with `lineIds` some of a basket's products (`POST /api/supplier/leads/:quoteId/decline`). */
  decline(quoteId: string, input: DeclineLeadInput, options?: CallOptions): Promise<SupplierLead>;
  /** Confirms an accepted order (`POST /api/supplier/leads/:quoteId/confirm`). */
  confirm(quoteId: string, options?: CallOptions): Promise<SupplierLead>;
  /** Marks a confirmed order delivered on a day (`POST /api/supplier/leads/:quoteId/delivered`). */
  delivered(quoteId: string, input: LeadDeliveredInput, options?: CallOptions): Promise<SupplierLead>;
  /** The supplier's people who have signed in, and those invited who have not yet (`GET /api/supplier/users`). */
  team(options?: CallOptions): Promise<SupplierTeam>;
  /** Invites a colleague (`POST /api/supplier/users`); the same answer whatever the address. */
  invite(input: SupplierInviteInput, options?: CallOptions): Promise<{ message: string }>;
  /** Removes a colleague (`DELETE /api/supplier/users/:userId`). */
  removeUser(userId: number, options?: CallOptions): Promise<void>;
  /** Withdraws an invitation (`DELETE /api/supplier/invitations/:invitationId`); its links stop working. */
  withdrawInvitation(invitationId: number, options?: CallOptions): Promise<void>;
  /** The supplier's own details (`GET /api/supplier/profile`). */
  profile(options?: CallOptions): Promise<SupplierProfile>;
  /** Changes them (`PATCH /api/supplier/profile`). */
  updateProfile(input: SupplierProfileChange, options?: CallOptions): Promise<SupplierProfile>;
  /** How its leads went over 12 months (`GET /api/supplier/stats`). */
  stats(options?: CallOptions): Promise<SupplierStats>;
  /** Its scorecard and a page of its orders of 12 months with their outcomes, newest first (`GET /api/supplier/performance`). */
  performance(cursor?: string | null, options?: CallOptions): Promise<SupplierPerformance>;
  /** Its tax invoices of success fees, newest first, each order's fee with it (`GET /api/supplier/invoices`). */
  invoices(options?: CallOptions): Promise<{ invoices: SupplierInvoice[] }>;
  /** Where it delivers (`GET /api/supplier/coverage`). */
  coverage(options?: CallOptions): Promise<SupplierCoverage>;
  /** Replaces where it delivers (`PUT /api/supplier/coverage`). */
  setCoverage(input: SupplierCoverageInput, options?: CallOptions): Promise<SupplierCoverage>;
  /** Its price list (`GET /api/supplier/offers`). */
  offers(options?: CallOptions): Promise<SupplierOffers>;
  /** Adds a catalogue product to it (`POST /api/supplier/offers`). */
  addOffer(input: NewSupplierOffer, options?: CallOptions): Promise<SupplierOffer>;
  /** Changes an offer's terms (`PATCH /api/supplier/offers/:offerId`). */
  changeOffer(offerId: number, change: SupplierOfferChange, options?: CallOptions): Promise<SupplierOffer>;
  /** Takes a product off it (`DELETE /api/supplier/offers/:offerId`). */
  removeOffer(offerId: number, options?: CallOptions): Promise<void>;
  /** Replaces it from pasted text, or previews that (`POST /api/supplier/offers/import`). */
  importOffers(input: OfferImportInput, options?: CallOptions): Promise<OfferImportResult>;
}

/**
 * Where a lead's purchase order PDF is read (same origin, with the supplier's session cookie).
 *
 * @example
 * leadPurchaseOrderPath('Q-12', 'PO-2026-000031'); // '/api/supplier/leads/Q-12/purchase-order.pdf?po=PO-2026-000031'
 */
export function leadPurchaseOrderPath(quoteId: string, poNumber: string): string {
  return `/api/supplier/leads/${encodeURIComponent(quoteId)}/purchase-order.pdf?po=${encodeURIComponent(poNumber)}`;
}

/**
 * The workspace's calls over one transport.
 *
 * @example
 * const calls = supplierCalls(createTransport({ baseUrl: location.origin, retry: 0 }));
 */
function supplierCalls(api: Transport): SupplierClient {
  const lead = (quoteId: string, action: string) => `api/supplier/leads/${encodeURIComponent(quoteId)}/${action}`;
  return {
    requestLink: (email, opts) =>
      api.post(supplierLinkSentSchema, 'api/supplier/sign-in-link', { email, ...(opts?.lead ? { lead: opts.lead } : {}) }, null, opts),
    peekLink: (token, opts) => api.post(supplierLinkHolderSchema, 'api/supplier/sign-in-link/peek', { token }, null, opts),
    signIn: (token, opts) => api.post(supplierMeSchema, 'api/supplier/session', { token }, null, opts),
    signOut: async (opts) => {
      await api.post(null, 'api/supplier/sign-out', undefined, null, opts);
    },
    me: (opts) =>
      api.get(supplierMeSchema, 'api/supplier/me', undefined, opts).catch((err: unknown) => {
        if (isHttpError(err) && err.status === 401) return null;
        throw err;
      }),
    leads: async (status, opts) => (await api.get(supplierLeadsSchema, 'api/supplier/leads', status ? { status } : undefined, opts)).leads,
    firm: (quoteId, input, opts) => api.post(supplierLeadSchema, lead(quoteId, 'firm'), input, null, opts),
    decline: (quoteId, input, opts) => api.post(supplierLeadSchema, lead(quoteId, 'decline'), input, null, opts),
    confirm: (quoteId, opts) => api.post(supplierLeadSchema, lead(quoteId, 'confirm'), undefined, null, opts),
    delivered: (quoteId, input, opts) => api.post(supplierLeadSchema, lead(quoteId, 'delivered'), input, null, opts),
    team: (opts) => api.get(supplierTeamSchema, 'api/supplier/users', undefined, opts),
    invite: (input, opts) => api.post(supplierInviteSentSchema, 'api/supplier/users', input, null, opts),
    removeUser: async (userId, opts) => {
      await api.delete(null, `api/supplier/users/${userId}`, opts);
    },
    withdrawInvitation: async (invitationId, opts) => {
      await api.delete(null, `api/supplier/invitations/${invitationId}`, opts);
    },
    profile: (opts) => api.get(supplierProfileSchema, 'api/supplier/profile', undefined, opts),
    updateProfile: (input, opts) => api.patch(supplierProfileSchema, 'api/supplier/profile', input, opts),
    stats: (opts) => api.get(supplierStatsSchema, 'api/supplier/stats', undefined, opts),
    performance: (cursor, opts) => api.get(supplierPerformanceSchema, 'api/supplier/performance', cursor ? { cursor } : undefined, opts),
    invoices: (opts) => api.get(supplierInvoicesSchema, 'api/supplier/invoices', undefined, opts),
    coverage: (opts) => api.get(supplierCoverageSchema, 'api/supplier/coverage', undefined, opts),
    setCoverage: (input, opts) => api.put(supplierCoverageSchema, 'api/supplier/coverage', input, opts),
    offers: (opts) => api.get(supplierOffersSchema, 'api/supplier/offers', undefined, opts),
    addOffer: (input, opts) => api.post(supplierOfferSchema, 'api/supplier/offers', input, null, opts),
    changeOffer: (offerId, change, opts) => api.patch(supplierOfferSchema, `api/supplier/offers/${offerId}`, change, opts),
    removeOffer: async (offerId, opts) => {
      await api.delete(null, `api/supplier/offers/${offerId}`, opts);
    },
    importOffers: (input, opts) => api.post(offerImportResultSchema, 'api/supplier/offers/import', input, null, opts),
  };
}

/**
 * A workspace client for a page of Procura's own (same origin: the browser sends the cookie and Origin).
 *
 * @example
 * const supplier = createSupplierClient({ baseUrl: location.origin });
 */
export function createSupplierClient(options: ClientOptions): SupplierClient {
  return supplierCalls(createTransport(options));
}

/**
 * The staff's calls about supplier access (role admin).
 *
 * @example
 * const access = supplierAccessCalls(transport);
 * await access.invite(12, { email: 'owner@cleanco.co.za', name: 'Nomsa' });
 */
export interface SupplierAccessCalls {
  /** Invites a supplier's user (`POST /api/admin/suppliers/:id/invite`), who is e-mailed a sign-in link. */
  invite(supplierId: number, input: SupplierInviteInput, options?: CallOptions): Promise<SupplierUser>;
  /** Every supplier user (`GET /api/admin/supplier-users`). */
  list(options?: CallOptions): Promise<SupplierAccess[]>;
  /** Disables or enables a supplier user (`PATCH /api/admin/supplier-users/:userId`). */
  setDisabled(userId: number, disabled: boolean, options?: CallOptions): Promise<void>;
}

/**
 * The staff's supplier-access calls over one transport.
 *
 * @example
 * const access = supplierAccessCalls(createTransport({ baseUrl: location.origin }));
 */
export function supplierAccessCalls(api: Transport): SupplierAccessCalls {
  return {
    invite: (supplierId, input, opts) => api.post(supplierUserSchema, `api/admin/suppliers/${supplierId}/invite`, input, null, opts),
    list: async (opts) => (await api.get(supplierAccessListSchema, 'api/admin/supplier-users', undefined, opts)).users,
    setDisabled: async (userId, disabled, opts) => {
      await api.patch(null, `api/admin/supplier-users/${userId}`, { disabled }, opts);
    },
  };
}
