import { isHttpError, isNetworkError, isTimeoutError } from '../../sdk/client/errors';
import type { BasketInput, countWidgetLoad, PreviewParams, submitEmbedRfq, submitRfq } from '../../sdk/client/forms';
import type { LocationSuggestion, ProductSuggestion, QuotePreview } from '../../sdk/schemas/catalogue';
import type { EMBED_SOURCE, RfqFormValues } from '../../sdk/rules';
import type { RfqSubmitResponse } from '../../sdk/schemas/rfq';

let client: Promise<typeof import('./api-client')> | undefined;

/**
 * The SDK's client (ky, and zod/mini to check each answer) loads beside the form, not before
 * it: the form paints from the widget's first script, and the first call (the widget's load,
 * at once) fetches the client in parallel.
 */
function sdk(): Promise<typeof import('./api-client')> {
  client ??= import('./api-client');
  return client;
}

/** The calls the forms make, one SDK function each, to the Procura that served the page. */
export const formApi = {
  products: async (q: string, signal?: AbortSignal): Promise<ProductSuggestion[]> => {
    const c = await sdk();
    return (await c.findProducts(c.transportToOrigin(), q, { signal })).suggestions;
  },
  locations: async (q: string, signal?: AbortSignal): Promise<LocationSuggestion[]> => {
    const c = await sdk();
    return (await c.findLocations(c.transportToOrigin(), q, { signal })).suggestions;
  },
  /** A basket of products (`POST /api/rfq` with `lines`); an embedded one names where it came from, as {@link sendRfq} does. */
  submitBasket: async (input: BasketInput, embed?: EmbedContext): Promise<RfqSubmitResponse> => {
    const c = await sdk();
    return c.submitBasket(c.transportToOrigin(), embed ? { ...input, ...embed, timestamp: new Date().toISOString() } : input);
  },
  submitEmbedRfq: async (input: Parameters<typeof submitEmbedRfq>[1]) => {
    const c = await sdk();
    return c.submitEmbedRfq(c.transportToOrigin(), input);
  },
  countWidgetLoad: async (input: Parameters<typeof countWidgetLoad>[1]) => {
    const c = await sdk();
    return c.countWidgetLoad(c.transportToOrigin(), input);
  },
  preview: async (params: PreviewParams, signal?: AbortSignal): Promise<QuotePreview> => {
    const c = await sdk();
    return c.quotePreview(c.transportToOrigin(), params, { signal });
  },
};

/** Where an embedded request came from; sent with it so the partner is credited. */
export interface EmbedContext {
  embedId: string;
  referrerUrl?: string;
  embedSource: typeof EMBED_SOURCE;
  partnerId?: string;
}

/**
 * Sends the quote request form's values to `POST /api/rfq` (empty optional fields left out;
 * embedded requests add where they came from). The client gives it its idempotency key.
 */
export async function sendRfq(values: RfqFormValues, embed?: EmbedContext): Promise<RfqSubmitResponse> {
  const c = await sdk();
  return c.submitRfq(c.transportToOrigin(), {
    ...values,
    unit: values.unit || undefined,
    budgetRange: values.budgetRange || undefined,
    additionalEmails: values.additionalEmails || undefined,
    companyName: values.companyName || undefined,
    contactName: values.contactName || undefined,
    companySize: values.companySize || undefined,
    ...(embed ? { ...embed, timestamp: new Date().toISOString() } : {}),
  } as Parameters<typeof submitRfq>[1]);
}

/**
 * The toast (or alert) a failed submission shows: a validation problem; the API's answer
 * as '{status}: {message}'; a request that never got through; or, with no message of its own,
 * the general one.
 */
export function submissionFailure(err: unknown): { title: string; description: string } {
  if (isHttpError(err) && (err.code === 'validation_error' || /validation/i.test(err.message))) {
    return { title: 'Validation Error', description: 'Please check all required fields and try again.' };
  }
  if (isHttpError(err)) return { title: 'Submission Failed', description: err.message };
  if (isNetworkError(err) || isTimeoutError(err)) return { title: 'Submission Failed', description: 'Failed to submit request. Please try again.' };
  return { title: 'Submission Failed', description: 'An error occurred. Please try again.' };
}
