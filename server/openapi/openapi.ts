import { z, type ZodType } from 'zod';
import { COMPANY } from '../../contract/content';
import { errorBodySchema } from '../../sdk/schemas/common';
import { ALL_ERROR_CODES, ERROR_CODES } from '../error-codes';
import { PARTNER_PATHS } from './partners.paths';
import { QUOTE_PATHS } from './quotes.paths';
import { impliedErrors, TAGS, type Route } from './route';
import { HEALTH_PATHS, SITE_PATHS } from './site.paths';
import { SUPPLIER_PATHS } from './supplier.paths';
import { BUYER_PATHS } from './buyer.paths';
import { BUYER_COMPANY_PATHS } from './buyer-company.paths';
import { SUPPLIER_APPLICATION_PATHS } from './supplier-applications.paths';

type Json = Record<string, unknown>;

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema: what a client sends, or what it receives. */
function schema(s: ZodType, io: 'input' | 'output'): Json {
  const { $schema: _, ...json } = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return json;
}

/** Every operation, in the document's order. */
const ROUTES: Route[] = [
  ...QUOTE_PATHS,
  ...PARTNER_PATHS,
  ...SITE_PATHS,
  ...SUPPLIER_PATHS,
  ...BUYER_PATHS,
  ...BUYER_COMPANY_PATHS,
  ...SUPPLIER_APPLICATION_PATHS,
  ...HEALTH_PATHS,
];

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input (`validation_error`): `details.fields` names each field or parameter with its message',
  401: 'No API key, an unknown or rotated key, or no X-Partner-ID header',
  403: 'X-Partner-ID names another partner, or the tier does not include this data product',
  404: 'Not found',
  409: 'Already there, or the list is full',
  410: 'The link has expired or was already used',
  422: 'The Idempotency-Key was used for a different request',
  429: 'Over the rate limit: see Retry-After',
  503: 'Not available now: `widget_unavailable` (not built on this server), `not_ready` (starting or shutting down), `database_unavailable` or `paperwork_busy` (too many documents waiting to be drawn); see Retry-After where given',
};

/**
 * The one error body, its `code` one of the codes the server can answer with: each always has the
 * same status, listed per module under `x-error-codes`.
 */
function errorSchema(): Json {
  const body = schema(errorBodySchema, 'output') as { properties: { error: { properties: Record<string, Json> } } };
  body.properties.error.properties.code = {
    type: 'string',
    enum: ALL_ERROR_CODES,
    description: 'What went wrong, for a program to branch on; each code always comes with the same status. New codes may be added.',
  };
  return { ...body, 'x-error-codes': ERROR_CODES };
}

const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];

function operation(r: Route): Json {
  const parameters: Json[] = [];
  for (const name of r.path.match(/\{(\w+)\}/g) ?? []) {
    parameters.push({ name: name.slice(1, -1), in: 'path', required: true, schema: { type: 'string' } });
  }
  if (r.query) {
    const q = schema(r.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, s] of Object.entries(q.properties ?? {})) {
      parameters.push({
        name,
        in: 'query',
        required: q.required?.includes(name) ?? false,
        schema: s,
        ...(typeof s.description === 'string' ? { description: s.description } : {}),
      });
    }
  }
  if (r.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: 200 },
      description: 'Makes a retry safe: the same key answers with the first answer.',
    });
  }
  if (r.partner) parameters.push({ $ref: '#/components/parameters/PartnerId' });
  const rateHeaders = r.partner ? Object.fromEntries(RATE_HEADERS.map((h) => [h, { $ref: `#/components/headers/${h}` }])) : undefined;
  const [status, body] = r.ok;
  const responses: Json = {
    [status]: {
      description: r.summary,
      ...(rateHeaders ? { headers: rateHeaders } : {}),
      ...(body
        ? { content: { 'application/json': { schema: schema(body, 'output') } } }
        : r.contentType
          ? { content: { [r.contentType]: { schema: { type: 'string' } } } }
          : {}),
    },
  };
  for (const e of new Set([...impliedErrors(r), ...(r.errors ?? [])])) {
    responses[e] = {
      description: r.errorText?.[e] ?? ERROR_TEXT[e],
      ...(e === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' }, ...(rateHeaders ?? {}) } } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  responses.default = { description: 'Something went wrong on our side', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    operationId: `${r.method}${r.path.replace(/[{}]/g, '').replace(/[/-]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    tags: [r.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(r.body, 'input') } } } } : {}),
    responses,
    security: r.partner ? [{ apiKey: [] }] : r.supplier ? [{ supplierSession: [] }] : [],
  };
}

/** The OpenAPI 3.1 document of every public and partner endpoint, from the zod contract in `sdk/`. */
export function openApiDocument(version: string, publicUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const r of ROUTES) {
    paths[r.path] ??= {};
    paths[r.path]![r.method] = operation(r);
  }
  const header = (description: string) => ({ schema: { type: 'string' }, description });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Procura API',
      version,
      description:
        'Quotes from South African suppliers of cleaning and maintenance supplies, the embeddable widget, partner registration and the data API. Every error answers `{ "error": { "code", "message", "details"? } }`.',
      // Developers' questions go where the documentation's and the widget pages' do.
      contact: { name: COMPANY.tradingName, email: COMPANY.partnersEmail, url: new URL('/docs', publicUrl).href },
      // The SDK's licence (LICENSE, sdk/package.json), under which the document's schemas are given too.
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: publicUrl }],
    tags: TAGS,
    paths,
    components: {
      schemas: { Error: errorSchema() },
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Your API key, `procura_live_…`, with your partner id in X-Partner-ID.' },
        supplierSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'procura_supplier',
          description: 'The supplier session a sign-in link starts (`__Host-procura_supplier` on https). HttpOnly; ends after 12 hours unused or 7 days.',
        },
      },
      parameters: {
        PartnerId: {
          name: 'X-Partner-ID',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: 'Your partner id; it must be the one your key belongs to.',
        },
      },
      headers: {
        'X-RateLimit-Limit': header('Requests allowed in the window (an hour; a second on Enterprise)'),
        'X-RateLimit-Remaining': header('Requests left in the window'),
        'X-RateLimit-Reset': header('When the window resets, in seconds since the epoch'),
        'RateLimit-Policy': header('The quota and window in seconds, e.g. `1000;w=3600` (IETF draft)'),
        RateLimit: header('`limit=…, remaining=…, reset=…` with reset in seconds (IETF draft)'),
      },
    },
  };
}
