/**
 * The buyer account's calls, made by Procura's own pages with the buyer session cookie the
 * browser holds. Not part of the published package.
 *
 * @module
 */
import { rfqSubmitResponseSchema, type RfqSubmitResponse } from '../../sdk/schemas/rfq';
import { createTransport, type CallOptions, type ClientOptions, type SubmitOptions } from '../../sdk/client/transport';
import {
  buyerHistorySchema,
  buyerMeSchema,
  buyerProfileSchema,
  type BuyerHistory,
  type BuyerMe,
  type BuyerProfile,
  type BuyerProfileInput,
  type BuyerRepeatInput,
} from '../schemas/buyer';
import { myDataDeletedSchema, type MyDataDeleted } from '../schemas/analytics';
import { z } from 'zod';

const linkSentSchema = z.object({ message: z.string() });

/**
 * The buyer account's calls.
 *
 * @example
 * const buyer = createBuyerClient({ baseUrl: location.origin });
 * const { requests, nextCursor } = await buyer.requests();
 */
export interface BuyerClient {
  /** E-mails a sign-in link (`POST /api/buyer/sign-in-link`); the same answer for any address. */
  requestLink(email: string, options?: CallOptions): Promise<{ message: string }>;
  /** Exchanges a link's token for a session (`POST /api/buyer/session`); the browser keeps the cookie. */
  signIn(token: string, options?: CallOptions): Promise<BuyerMe>;
  /** Ends the session (`DELETE /api/buyer/session`). */
  signOut(options?: CallOptions): Promise<void>;
  /** A page of the buyer's requests, newest first (`GET /api/buyer/requests?cursor=`); 401 signed out. */
  requests(cursor?: string | null, options?: CallOptions): Promise<BuyerHistory>;
  /** Sends a request again, with new quantities by line id (`POST /api/buyer/requests/:rfqId/repeat`). */
  repeat(rfqId: string, input: BuyerRepeatInput, options?: SubmitOptions): Promise<RfqSubmitResponse>;
  /** The saved details (`GET /api/buyer/profile`). */
  profile(options?: CallOptions): Promise<BuyerProfile>;
  /** Replaces them (`PUT /api/buyer/profile`). */
  saveProfile(input: BuyerProfileInput, options?: CallOptions): Promise<BuyerProfile>;
  /** Deletes the account and every request's personal data (`DELETE /api/buyer/account`); signs out. */
  deleteAccount(options?: CallOptions): Promise<MyDataDeleted>;
}

/**
 * A buyer account client for a page of Procura's own (same origin: the browser sends the cookie and Origin).
 *
 * @example
 * const buyer = createBuyerClient({ baseUrl: location.origin, retry: 0 });
 * await buyer.requestLink('thandi@school.co.za');
 */
export function createBuyerClient(options: ClientOptions): BuyerClient {
  const api = createTransport(options);
  return {
    requestLink: (email, opts) => api.post(linkSentSchema, 'api/buyer/sign-in-link', { email }, null, opts),
    signIn: (token, opts) => api.post(buyerMeSchema, 'api/buyer/session', { token }, null, opts),
    signOut: async (opts) => {
      await api.delete(null, 'api/buyer/session', opts);
    },
    requests: (cursor, opts) => api.get(buyerHistorySchema, 'api/buyer/requests', cursor ? { cursor } : undefined, opts),
    // Keyed: a retry after a lost answer replays the first request rather than sending a second.
    repeat: (rfqId, input, opts) => api.post(rfqSubmitResponseSchema, `api/buyer/requests/${encodeURIComponent(rfqId)}/repeat`, input, opts ?? {}, opts),
    profile: (opts) => api.get(buyerProfileSchema, 'api/buyer/profile', undefined, opts),
    saveProfile: (input, opts) => api.put(buyerProfileSchema, 'api/buyer/profile', input, opts),
    deleteAccount: (opts) => api.delete(myDataDeletedSchema, 'api/buyer/account', opts),
  };
}
