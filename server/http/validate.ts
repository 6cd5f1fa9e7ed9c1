import type { RouterMiddleware } from '@koa/router';
import type { DefaultState } from 'koa';
import type { ZodType } from 'zod';
import { fieldMessages, invalidFields } from '../errors';
import { readJson } from './body';

/** The schemas a route's input must satisfy; a part without one is left as it came. */
export interface InputSchemas<B, Q, P> {
  body?: ZodType<B>;
  query?: ZodType<Q>;
  params?: ZodType<P>;
  /** The largest JSON body the route reads, in bytes (64 KB unless a route needs more). */
  bodyLimit?: number;
}

/** How a handler after `validate` sees its input: already parsed, with the schemas' types. */
export interface ValidatedContext<B, Q, P> {
  request: { body: B };
  query: Q;
  params: P;
}

/**
 * Parses a request's JSON body, query and path parameters with the SDK's schemas before the
 * handler runs, and replaces each with its parsed value (`ctx.request.body`, `ctx.query`,
 * `ctx.params`), so a handler only ever sees checked input. Every part is checked before any
 * failure is answered, and all failures become one 400 `validation_error` whose
 * `details.fields` holds one message per field.
 *
 * @example
 * router.post('/api/rfq', validate({ body: rfqSubmissionSchema }), async (ctx) => {
 *   ctx.body = await submitRfq(deps, ctx.request.body);
 * });
 */
export function validate<B = unknown, Q = unknown, P = unknown>(schemas: InputSchemas<B, Q, P>): RouterMiddleware<DefaultState, ValidatedContext<B, Q, P>> {
  async function validateInput(ctx: Parameters<RouterMiddleware<DefaultState, ValidatedContext<B, Q, P>>>[0], next: () => Promise<unknown>) {
    const parts = [
      ['params', schemas.params, () => ctx.params],
      ['query', schemas.query, () => ctx.query],
      ['body', schemas.body, () => readJson(ctx, schemas.bodyLimit)],
    ] as const;
    const parsed: Partial<Record<'params' | 'query' | 'body', unknown>> = {};
    const fields: Record<string, string> = {};
    for (const [part, schema, read] of parts) {
      if (!schema) continue;
      const result = (schema as ZodType).safeParse(await read());
      if (result.success) parsed[part] = result.data;
      else for (const [key, message] of Object.entries(fieldMessages(result.error, part))) fields[key] ??= message;
    }
    if (Object.keys(fields).length > 0) throw invalidFields(fields);
    if ('params' in parsed) (ctx as { params: unknown }).params = parsed.params;
    // Koa's `ctx.query` is a getter over the query string; the parsed value shadows it for this request.
    if ('query' in parsed) Object.defineProperty(ctx.request, 'query', { value: parsed.query, configurable: true, writable: true });
    if ('body' in parsed) ctx.request.body = parsed.body as B;
    await next();
  }
  // The schemas stay readable on the route's middleware, so one test can hold the input of every
  // route to the rules every route keeps (server/text-rule.test.ts).
  return Object.assign(validateInput, { inputSchemas: schemas });
}
