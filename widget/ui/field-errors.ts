import { isHttpError } from '../../sdk/client/errors';

/**
 * The API's message for each field of a refused submission (a 400 naming fields), or null: the
 * forms show them on the fields, as the API names them.
 *
 * @example
 * fieldErrorsOf(err)?.deliveryLocation; // 'Please enter a delivery location we know: …'
 */
export function fieldErrorsOf(err: unknown): Record<string, string> | null {
  if (!isHttpError(err) || err.status !== 400) return null;
  const fields = (err.details as { fields?: unknown } | null | undefined)?.fields;
  return fields !== null && typeof fields === 'object' ? (fields as Record<string, string>) : null;
}
