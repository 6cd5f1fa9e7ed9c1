import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
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
