import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { LocationSuggestion, ProductSuggestion } from '../../sdk/schemas/catalogue';
import { DURBAN } from '../../sdk/test/catalogue';

/** The API's 400 for a request it refuses field by field, each field named with its message. */
export function validationFailed(fields: Record<string, string>) {
  return HttpResponse.json({ error: { code: 'validation_error', message: 'Request validation failed', details: { fields } } }, { status: 400 });
}

/**
 * An API double for component tests: every request must match a handler the test gave, or the
 * test fails. `requests` lists the paths and queries asked for, in order.
 */
export function setupApiMock() {
  const server = setupServer();
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());
  return {
    server,
    requests,
    /**
     * Answers `method` requests to `path` with `answer`, given the body and every body sent so far;
     * returns that list of bodies, in the order they came.
     */
    record<B = Record<string, unknown>>(method: 'post' | 'put' | 'patch', path: string, answer: (body: B, sent: B[]) => Response | Promise<Response>): B[] {
      const sent: B[] = [];
      server.use(
        http[method](path, async ({ request }) => {
          const body = (await request.json()) as B;
          sent.push(body);
          return answer(body, sent);
        }),
      );
      return sent;
    },
    /** Answers product and location suggestions from the given lists, filtered by the query. */
    catalogue(products: ProductSuggestion[], locations: LocationSuggestion[] = [DURBAN]) {
      const match = (q: string | null, text: string) => text.toLowerCase().includes((q ?? '').toLowerCase());
      server.use(
        http.get('*/api/catalogue/products', ({ request }) => {
          const q = new URL(request.url).searchParams.get('q');
          return HttpResponse.json({ suggestions: products.filter((p) => match(q, p.name)) });
        }),
        http.get('*/api/catalogue/locations', ({ request }) => {
          const q = new URL(request.url).searchParams.get('q');
          return HttpResponse.json({ suggestions: locations.filter((l) => match(q, `${l.fullName} ${l.note ?? ''}`)) });
        }),
      );
    },
  };
}
