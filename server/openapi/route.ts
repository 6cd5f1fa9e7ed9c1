import type { ZodType } from 'zod';
import type { DataProduct } from '../../contract/data-api';

/** The document's groups of operations, in the order the reference shows them. */
export const TAGS = [
  { name: 'Quotes', description: 'Request quotes, read them, and accept, decline or close through a tracking token' },
  { name: 'Orders', description: "The accepted supplier's response link: confirm the order or withdraw" },
  { name: 'Catalogue', description: 'Suggestions and previews for the quote form' },
  { name: 'Widget', description: 'The embeddable widget' },
  { name: 'Partners', description: 'Registration, keys and widget analytics' },
  { name: 'Data', description: 'Market data computed from the RFQs and quotes Procura holds' },
  { name: 'Site', description: 'The figures the public pages show' },
  { name: 'Privacy', description: "Consented site analytics, proof of cookie choices, and buyers' requests for their data" },
  { name: 'Health', description: 'For load balancers' },
  {
    name: 'Supplier workspace',
    description:
      "A supplier's own people: sign-in links, sessions, colleagues, and their leads to firm up, decline or confirm. Called by Procura's pages with the `procura_supplier` cookie; every state change needs PUBLIC_URL's Origin",
  },
  {
    name: 'Buyer account',
    description:
      "A returning buyer: a sign-in link e-mailed to an address that made a request, and every request made with it. Called by Procura's pages with the `procura_buyer` cookie; every state change needs PUBLIC_URL's Origin",
  },
  {
    name: 'Supplier applications',
    description:
      "A business applying to supply through Procura from `/suppliers/join`: the application, and the e-mailed link that verifies its address and sends it to Procura's team. From Procura's own pages (their Origin)",
  },
] as const;

/**
 * One operation of the OpenAPI document. The routes are listed by resource beside this file
 * (`*.paths.ts`); `openapi.ts` turns them into the one document.
 */
export interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** A line for lists: what the operation is. */
  summary: string;
  /** One or two sentences more than the summary: what it does, who may call it, and what it answers. */
  description: string;
  tag: (typeof TAGS)[number]['name'];
  /** The supplier session cookie. */
  supplier?: true;
  query?: ZodType;
  body?: ZodType;
  /** The success status and its body (none for 204). */
  ok: [number, ZodType | null];
  /** Partner credentials, and the data product whose tiers may call it. */
  partner?: true | DataProduct;
  idempotent?: true;
  /**
   * The errors beyond those that follow from the call itself (`impliedErrors`): an Origin check's
   * 403, a conflict's 409, a rate limit's 429 and the like.
   */
  errors?: number[];
  contentType?: string;
  /** What an error status means here, where it differs from the document's default wording. */
  errorText?: Partial<Record<number, string>>;
}

/** What every PDF download answers: the document, or 429 past the paperwork limit and 503 while too many wait to be drawn. */
export const PDF_DOWNLOAD: Pick<Route, 'ok' | 'contentType' | 'errors'> = { ok: [200, null], contentType: 'application/pdf', errors: [429, 503] };

/** The sentence that ends each PDF download's description. */
export const PAPERWORK_LIMIT =
  'At most `PAPERWORK_RATE_LIMIT` PDFs (30 a minute by default) per client address; 503 with `Retry-After` while too many documents wait to be drawn.';

/**
 * The errors every call of its kind may answer: 400 for a call that takes a body, a query or a path
 * parameter, 404 for one whose path names something, 401 for one that needs credentials, 403 for a
 * partner's (another partner's id, or a tier without the product) and for a signed-in change from a
 * page that is not Procura's, and 422 for an Idempotency-Key reused with another body.
 */
export function impliedErrors(r: Route): number[] {
  const named = r.path.includes('{');
  return [
    ...(r.body || r.query || named ? [400] : []),
    ...(r.supplier || r.partner ? [401] : []),
    ...(r.partner || (r.supplier && r.method !== 'get') ? [403] : []),
    ...(named ? [404] : []),
    ...(r.idempotent ? [422] : []),
  ];
}

/** One call of a group: what it does and answers; the group gives the rest. */
type Call = Omit<Route, 'method' | 'path' | 'tag' | 'supplier'>;

/**
 * The calls of one tag, which share their credentials and the wording of their errors:
 * `workspace.get('/api/supplier/me', { summary, description, ok })`. A call's own `errorText`
 * words a status its way and keeps the group's wording of the others. The group's `errors` are
 * those every one of its calls may answer (an Origin check, a rate limit); a call names only the
 * ones it adds.
 */
export function callsOf(group: Pick<Route, 'tag' | 'supplier' | 'partner' | 'errorText' | 'errors'>) {
  const declare =
    (method: Route['method']) =>
    (path: string, call: Call): Route => ({
      ...group,
      ...call,
      method,
      path,
      errorText: { ...group.errorText, ...call.errorText },
      ...(group.errors || call.errors ? { errors: [...(group.errors ?? []), ...(call.errors ?? [])] } : {}),
    });
  return { get: declare('get'), post: declare('post'), put: declare('put'), patch: declare('patch'), delete: declare('delete') };
}
