import type { Context } from 'koa';
import { ApiError } from '../errors';

/** Bodies already read: a route that looks at its body before `validate` reads it once. */
const read = new WeakMap<Context, unknown>();

/**
 * Reads a JSON request body of at most `limit` bytes. Answers 415 for another content type,
 * 413 when too large and 400 when the JSON does not parse.
 */
export async function readJson(ctx: Context, limit = 64 * 1024): Promise<unknown> {
  if (read.has(ctx)) return read.get(ctx);
  if (!ctx.is('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json)');
  }
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    const body = JSON.parse(text) as unknown;
    read.set(ctx, body);
    return body;
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON');
  }
}

function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'payload_too_large', `The request body must be at most ${Math.round(limit / 1024)} KB`);
}
