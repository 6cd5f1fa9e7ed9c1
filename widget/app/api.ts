import type { ErrorBody } from '../../sdk/schemas/common';
import type { RfqFormValues } from '../../sdk/rules';

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

/** Where an embedded request came from; sent with it so the partner is credited. */
export interface EmbedContext {
  embedId: string;
  referrerUrl?: string;
  embedSource: string;
  partnerId?: string;
}

/**
 * Sends the quote request form's values to `POST /api/rfq` with a fresh idempotency key
 * (empty optional fields left out; embedded requests add where they came from).
 */
export function sendRfq<T>(values: RfqFormValues, embed?: EmbedContext): Promise<T> {
  const payload = {
    ...values,
    unit: values.unit || undefined,
    budgetRange: values.budgetRange || undefined,
    additionalEmails: values.additionalEmails || undefined,
    companyName: values.companyName || undefined,
    contactName: values.contactName || undefined,
    ...(embed ? { ...embed, timestamp: new Date().toISOString() } : {}),
  };
  return postJson<T>('/api/rfq', payload, { headers: { 'Idempotency-Key': newIdempotencyKey() } });
}

/** The toast (or alert) a failed submission shows (spec 2): a validation problem, or anything else. */
export function submissionFailure(err: unknown): { title: string; description: string } {
  const message = err instanceof Error ? err.message : '';
  if (/validation/i.test(message)) return { title: 'Validation Error', description: 'Please check all required fields and try again.' };
  return { title: 'Submission Failed', description: err instanceof ApiRequestError ? err.apiMessage : 'Failed to submit request. Please try again.' };
}
