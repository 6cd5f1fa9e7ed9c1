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
  errors: number[];
  contentType?: string;
  /** What an error status means here, where it differs from the document's default wording. */
  errorText?: Partial<Record<number, string>>;
}
