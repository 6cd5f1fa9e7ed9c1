import type { Context, Next } from 'koa';

/**
 * Turns an answer's plain object or array into its JSON text once, on its way out. Koa measures
 * an object body by serialising it, and koa-compress asks for that length on every answer, so
 * without this each JSON answer is serialised twice: once to be measured, once to be sent. The
 * text is what Koa would have sent, under the JSON type the object already gave the answer.
 */
export async function serializeJsonOnce(ctx: Context, next: Next): Promise<void> {
  await next();
  const body: unknown = ctx.body;
  if (body !== null && typeof body === 'object' && (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype)) {
    ctx.body = JSON.stringify(body);
  }
}
