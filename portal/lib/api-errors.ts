import { isHttpError } from '../../sdk/client/errors';

/** What a failed staff or sales call says to the person: the API's own words, or why it could not be asked. */
export function errorMessage(err: unknown): string {
  if (isHttpError(err)) return err.apiMessage;
  return 'Procura could not be reached. Check your connection and try again.';
}

/** The field messages of a 400 validation answer, if that is what it was. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (isHttpError(err) && err.code === 'validation_error') {
    const fields = (err.details as { fields?: Record<string, string> } | undefined)?.fields;
    if (fields) return fields;
  }
  return {};
}

/** Whether a call failed because what it asked for is gone (404). */
export const isNotFound = (err: unknown) => isHttpError(err) && err.status === 404;
