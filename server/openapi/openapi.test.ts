import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { COMPANY } from '../../contract/content';
import { startTestServerForFile } from '../test/harness';

const server = startTestServerForFile();

/**
 * Calls that are not the developers' API: the staff pages' (cookie sessions, never a partner's
 * key) and those only Procura's own pages make (a demo booking, a shared dashboard).
 */
const INTERNAL = /^\w+ \/api\/(staff|admin|scraping|scrape|shared-dashboard|demo-requests)\b|^get \/api\/analytics\/dashboard$/;

/** Every method and path the running app routes for developers, in OpenAPI's `{param}` form. */
function routedPaths(): string[] {
  const routes = server.app.koa.middleware.map((m) => (m as { router?: { stack: { path: string; methods: string[] }[] } }).router).find(Boolean)!;
  return routes.stack
    .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m.toLowerCase()} ${layer.path.replace(/:(\w+)/g, '{$1}')}`))
    .filter((r) => / \/(api|healthz|readyz)/.test(r) && !r.includes('/api/openapi.json') && !INTERNAL.test(r))
    .sort();
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await server.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    const result = await new Validator().validate(res.json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes exactly the API the server routes', async () => {
    const doc = (await server.request('GET', '/api/openapi.json')).json as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .sort();
    expect(documented).toEqual(routedPaths());
  });

  it('names the credentials, rate-limit headers and errors of partner endpoints', async () => {
    const doc = (await server.request('GET', '/api/openapi.json')).json;
    const op = doc.paths['/api/v2/procurement-data'].get;
    expect(op.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '429', 'default']);
    expect(Object.keys(op.responses['200'].headers)).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'RateLimit-Policy',
      'RateLimit',
    ]);
    expect(op.responses['429'].headers['Retry-After']).toBeDefined();
    expect(op.parameters.map((p: { name?: string; $ref?: string }) => p.name ?? p.$ref)).toEqual([
      'start_date',
      'city_code',
      'product_category',
      'limit',
      'cursor',
      '#/components/parameters/PartnerId',
    ]);
    expect(op.description).toContain('Enterprise tiers');
    const register = doc.paths['/api/partners/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['companyName', 'contactEmail', 'useCase']));
  });
});

describe('the error schema', () => {
  it('lists every code the server answers with, grouped by module with its one status', async () => {
    type ErrorSchema = { properties: { error: { properties: { code: { enum: string[] } } } }; 'x-error-codes': Record<string, Record<string, number>> };
    const doc = (await server.request('GET', '/api/openapi.json')).json as { components: { schemas: { Error: ErrorSchema } } };
    const error = doc.components.schemas.Error;
    expect(error.properties.error.properties.code.enum).toContain('quote_expired');
    expect(error['x-error-codes'].admin!.supplier_not_found).toBe(404);
    expect(error['x-error-codes'].scraping!.product_supplier_missing).toBe(409);
    expect(error.properties.error.properties.code.enum).toEqual(Object.values(error['x-error-codes']).flatMap((group) => Object.keys(group)));
  });
});

interface Operation {
  summary: string;
  description?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}

/** Every operation the document serves, named `METHOD /path`. */
async function operations(): Promise<[string, Operation][]> {
  const doc = (await server.request('GET', '/api/openapi.json')).json as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
}

describe('what the document says of itself', () => {
  it('gives every operation a description of its own, more than its summary', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(60);
    const undescribed = ops.filter(([, op]) => !op.description?.trim() || op.description.trim() === op.summary.trim()).map(([name]) => name);
    expect(undescribed).toEqual([]);
    const rotate = ops.find(([name]) => name === 'POST /api/partners/rotate-key')![1];
    expect(rotate.description).toBe(
      "For a registered partner, with its API key and partner id; counted against its tier's quota. Answers the new key once, as registration does; every later call needs it, and the old key is refused (401) at once.",
    );
  });

  it("names Procura's developer contact and the SDK's licence", async () => {
    const { info, servers } = (await server.request('GET', '/api/openapi.json')).json as {
      info: { contact: unknown; license: unknown };
      servers: { url: string }[];
    };
    expect(info.contact).toEqual({ name: 'Procura', email: 'partners@procura.co.za', url: new URL('/docs', servers[0]!.url).href });
    expect(COMPANY.partnersEmail).toBe('partners@procura.co.za');
    const sdk = JSON.parse(readFileSync(new URL('../../sdk/package.json', import.meta.url), 'utf8')) as { license: string };
    expect(info.license).toEqual({ name: 'MIT', identifier: sdk.license });
    expect(readFileSync(new URL('../../LICENSE', import.meta.url), 'utf8').split('\n')[0]).toBe('MIT License');
  });

  it('documents the 4xx answers, in the one error shape, of every operation that takes input or credentials', async () => {
    const ops = await operations();
    const takesInput = (op: Operation) => op.requestBody !== undefined || (op.parameters?.length ?? 0) > 0 || op.security.length > 0;
    const refusals = (op: Operation) => Object.keys(op.responses).filter((status) => /^4\d\d$/.test(status));
    expect(ops.filter(([, op]) => takesInput(op) && refusals(op).length === 0).map(([name]) => name)).toEqual([]);
    const notErrorShaped = ops.flatMap(([name, op]) =>
      refusals(op)
        .filter((status) => op.responses[status]!.content?.['application/json']?.schema.$ref !== '#/components/schemas/Error')
        .map((status) => `${name} ${status}`),
    );
    expect(notErrorShaped).toEqual([]);
    // What takes no input and no credentials cannot be refused: those operations alone answer no 4xx.
    expect(ops.filter(([, op]) => refusals(op).length === 0).map(([name]) => name)).toEqual([
      'GET /api/embed/widget.js',
      'GET /api/embed/recent',
      'GET /api/site/figures',
      'GET /healthz',
      'GET /readyz',
    ]);
  });
});
