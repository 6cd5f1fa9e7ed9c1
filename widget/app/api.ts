import type { ErrorBody } from '../../sdk/schemas/common';

/** A non-OK answer from the API: `message` reads `{status}: {the API's message or the status text}`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly apiMessage: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(`${status}: ${apiMessage}`);
    this.name = 'ApiRequestError';
  }
}

async function read<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the status text stands in
  }
  if (!res.ok) {
    const error = (body as Partial<ErrorBody> | undefined)?.error;
    const fields = (error?.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};
    throw new ApiRequestError(res.status, error?.code ?? 'http_error', error?.message ?? (text || res.statusText), fields);
  }
  return body as T;
}

/** GET a JSON answer from the API (same origin unless `base` is given). */
export async function getJson<T>(path: string, init: { signal?: AbortSignal; base?: string } = {}): Promise<T> {
  const res = await fetch(`${init.base ?? ''}${path}`, { credentials: 'include', headers: { accept: 'application/json' }, signal: init.signal });
  return read<T>(res);
}

/** POST JSON to the API and read the JSON answer. */
export async function postJson<T>(path: string, body: unknown, init: { headers?: Record<string, string>; base?: string } = {}): Promise<T> {
  const res = await fetch(`${init.base ?? ''}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...init.headers },
    body: JSON.stringify(body),
  });
  return read<T>(res);
}

/** A fresh idempotency key: one per submission, so a double click or a retry sends one request. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
