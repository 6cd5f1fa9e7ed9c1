import { createClient, type ClientOptions, type ProcuraClient } from '../../sdk/client/client';
import { createBuyerClient, type BuyerClient } from '../../contract/client/buyer';
import { createBuyerCompanyClient, type BuyerCompanyClient } from '../../contract/client/buyer-company';
import { privacyCalls, type PrivacyCalls } from '../../contract/client/privacy';
import { createStaffClient, type StaffClient } from '../../contract/client/staff';
import { createSupplierClient, type SupplierClient } from '../../contract/client/supplier';
import { publicSupplierCalls, type PublicSupplierCalls } from '../../contract/client/suppliers';
import { supplierApplicationCalls, type SupplierApplicationCalls } from '../../contract/client/supplier-applications';
import { createTransport } from '../../sdk/client/transport';

let client: ProcuraClient | undefined;

/**
 * The portal's client of the API it was served from. Made on first use. The home route calls
 * the API through the widget's `formApi()` instead, which checks its answers with zod/mini and
 * so keeps zod's full build out of the first page a buyer loads.
 */
export function api(): ProcuraClient {
  client ??= createClient({ baseUrl: window.location.origin });
  return client;
}

/** A client that signs in as a partner, with the key and id they typed. */
export function partnerApi(credentials: Required<Pick<ClientOptions, 'apiKey' | 'partnerId'>>): ProcuraClient {
  return createClient({ baseUrl: window.location.origin, ...credentials });
}

/** What the supplier workspace hears on `window` when a call answers 401: its session ended (expired, or signed out in another tab). */
export const SUPPLIER_SESSION_ENDED = 'procura:supplier-session-ended';
/**
 * What the supplier workspace hears on `window` when the supplier's price list or delivery areas
 * were changed: whether it is ready to quote may have changed with them.
 */
export const SUPPLIER_MARKET_CHANGED = 'procura:supplier-market-changed';
/** The supplier's calls that change its price list or delivery areas. */
const MARKET_CHANGES = /\/api\/supplier\/(offers|coverage)(\/|$)/;
/** What the buyer's account page hears on `window` when a call answers 401. */
export const BUYER_SESSION_ENDED = 'procura:buyer-session-ended';
/** What the staff pages hear on `window` when a call answers 401. */
export const STAFF_SESSION_ENDED = 'procura:staff-session-ended';

/** `fetch` that announces `event` on `window` whenever an answer is 401. */
function announcing401(event: string): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (res.status === 401) window.dispatchEvent(new Event(event));
    return res;
  };
}

let staffClient: StaffClient | undefined;

/**
 * The staff pages' client: the browser sends the session cookie and the Origin the server checks.
 * An import of 10,000 lines is one transaction of a few seconds, so calls may take up to a minute.
 * A 401 is announced as {@link STAFF_SESSION_ENDED}.
 */
export function staffApi(): StaffClient {
  staffClient ??= createStaffClient({ baseUrl: window.location.origin, retry: 0, timeout: 60_000, fetch: announcing401(STAFF_SESSION_ENDED) });
  return staffClient;
}

let privacyClient: PrivacyCalls | undefined;

/** The data request page's calls; each is sent once (a repeat could spend a link twice). */
export function privacyApi(): PrivacyCalls {
  privacyClient ??= privacyCalls(createTransport({ baseUrl: window.location.origin, retry: 0 }));
  return privacyClient;
}

let supplierClient: SupplierClient | undefined;

/** `fetch` that announces {@link SUPPLIER_MARKET_CHANGED} on `window` after a change to the price list or delivery areas succeeds. */
function announcingMarketChanges(send: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await send(input, init);
    const request = input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const url = request ? request.url : String(input);
    if (res.ok && method !== 'GET' && MARKET_CHANGES.test(new URL(url, window.location.origin).pathname))
      window.dispatchEvent(new Event(SUPPLIER_MARKET_CHANGED));
    return res;
  };
}

/**
 * The supplier workspace's client: the browser sends the supplier session cookie and the Origin.
 * Each call is sent once; a 401 is announced as {@link SUPPLIER_SESSION_ENDED}, a change to the
 * price list or delivery areas as {@link SUPPLIER_MARKET_CHANGED}.
 */
export function supplierApi(): SupplierClient {
  supplierClient ??= createSupplierClient({
    baseUrl: window.location.origin,
    retry: 0,
    fetch: announcingMarketChanges(announcing401(SUPPLIER_SESSION_ENDED)),
  });
  return supplierClient;
}

let suppliersClient: PublicSupplierCalls | undefined;

/** The suppliers' public pages' calls (no session). */
export function suppliersApi(): PublicSupplierCalls {
  suppliersClient ??= publicSupplierCalls(createTransport({ baseUrl: window.location.origin }));
  return suppliersClient;
}

let buyerClient: BuyerClient | undefined;

/**
 * The buyer account's client: the browser sends the buyer session cookie and the Origin.
 * Each call is sent once; a 401 is announced as {@link BUYER_SESSION_ENDED}.
 */
export function buyerApi(): BuyerClient {
  buyerClient ??= createBuyerClient({ baseUrl: window.location.origin, retry: 0, fetch: announcing401(BUYER_SESSION_ENDED) });
  return buyerClient;
}

let buyerCompanyClient: BuyerCompanyClient | undefined;

/** The buyer company's client (colleagues and approvals), with the buyer account's session and rules. */
export function buyerCompanyApi(): BuyerCompanyClient {
  buyerCompanyClient ??= createBuyerCompanyClient({ baseUrl: window.location.origin, retry: 0, fetch: announcing401(BUYER_SESSION_ENDED) });
  return buyerCompanyClient;
}

let applicationsClient: SupplierApplicationCalls | undefined;

/** The join page's calls (no session); each is sent once, as a repeat counts against the mailbox's limit or spends a link. */
export function applicationsApi(): SupplierApplicationCalls {
  applicationsClient ??= supplierApplicationCalls(createTransport({ baseUrl: window.location.origin, retry: 0 }));
  return applicationsClient;
}
