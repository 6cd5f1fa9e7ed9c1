/**
 * The calls of Procura's staff pages, made with the session cookie the browser holds. Not part
 * of the published package: the portal composes them in its staff client.
 *
 * @module
 */
import {
  staffLinkHolderSchema,
  staffPasswordSetSchema,
  staffUserSchema,
  type StaffLinkHolder,
  type StaffPasswordSet,
  type StaffSetPasswordInput,
  type StaffSignInInput,
  type StaffUser,
} from '../schemas/staff';
import { adminCalls, type AdminCalls } from './admin';
import { analyticsCalls, type AnalyticsCalls } from './analytics';
import { financeCalls, type FinanceCalls } from './finance';
import { isHttpError } from '../../sdk/client/errors';
import { salesCalls, type SalesCalls } from './sales';
import { scrapingCalls, type ScrapingCalls } from './scraping';
import { supplierApplicationCalls, type SupplierApplicationCalls } from './supplier-applications';
import { supplierAccessCalls, type SupplierAccessCalls } from './supplier';
import { createTransport, type CallOptions, type ClientOptions, type Transport } from '../../sdk/client/transport';

/**
 * Signing in and out, who is signed in, and setting a password from a link.
 *
 * @example
 * const { staff } = createStaffClient({ baseUrl: location.origin });
 * const me = await staff.me(); // null when signed out
 */
export interface StaffCalls {
  staff: {
    /** Signs in (`POST /api/staff/sign-in`); the browser keeps the session cookie. */
    signIn(input: StaffSignInInput, options?: CallOptions): Promise<StaffUser>;
    /** Ends the session (`POST /api/staff/sign-out`). */
    signOut(options?: CallOptions): Promise<void>;
    /** The signed-in person (`GET /api/staff/me`), or null when signed out. */
    me(options?: CallOptions): Promise<StaffUser | null>;
    /** Whom a set-password link is for, without spending it (`POST /api/staff/password/peek`). */
    peekLink(token: string, options?: CallOptions): Promise<StaffLinkHolder>;
    /** Sets a password from a one-time link's token and signs the person in (`POST /api/staff/password`). */
    setPassword(input: StaffSetPasswordInput, options?: CallOptions): Promise<StaffPasswordSet>;
  };
}

/**
 * The staff calls over one transport.
 *
 * @example
 * const calls = staffCalls(createTransport({ baseUrl: location.origin }));
 */
function staffCalls(api: Transport): StaffCalls {
  return {
    staff: {
      signIn: (input, opts) => api.post(staffUserSchema, 'api/staff/sign-in', input, null, opts),
      signOut: async (opts) => {
        await api.post(null, 'api/staff/sign-out', undefined, null, opts);
      },
      me: (opts) =>
        api.get(staffUserSchema, 'api/staff/me', undefined, opts).catch((err: unknown) => {
          if (isHttpError(err) && err.status === 401) return null;
          throw err;
        }),
      peekLink: (token, opts) => api.post(staffLinkHolderSchema, 'api/staff/password/peek', { token }, null, opts),
      setPassword: (input, opts) => api.post(staffPasswordSetSchema, 'api/staff/password', input, null, opts),
    },
  };
}

/**
 * What {@link createStaffClient} answers: every group of staff calls.
 *
 * @example
 * const client: StaffClient = createStaffClient({ baseUrl: location.origin });
 * const { total } = await client.admin.suppliers({ q: 'durban' });
 * const { isRunning } = await client.scraping.status();
 */
export type StaffClient = StaffCalls &
  SalesCalls &
  AnalyticsCalls & {
    admin: AdminCalls;
    finance: FinanceCalls;
    scraping: ScrapingCalls;
    supplierAccess: SupplierAccessCalls;
    supplierApplications: SupplierApplicationCalls;
  };

/**
 * A client of the staff API for a page of Procura's own (same origin, so the browser sends the
 * session cookie and the Origin header the server checks).
 *
 * @example
 * const client = createStaffClient({ baseUrl: location.origin });
 * await client.staff.signIn({ email, password });
 */
export function createStaffClient(options: ClientOptions): StaffClient {
  const api = createTransport(options);
  return {
    ...staffCalls(api),
    ...salesCalls(api),
    ...analyticsCalls(api),
    admin: adminCalls(api),
    finance: financeCalls(api),
    scraping: scrapingCalls(api),
    supplierAccess: supplierAccessCalls(api),
    supplierApplications: supplierApplicationCalls(api),
  };
}
