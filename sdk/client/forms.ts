/**
 * The calls a buyer's form makes: send a quote request (the main form or the widget's short
 * one), suggest products and places, show popular products and the live preview, and count a
 * widget load. Their answers are checked with the `zod/mini` schemas of `schemas/mini.ts`, so a
 * page that needs only these (the widget's iframe) stays small; `createClient` offers the same
 * calls beside every other.
 *
 * @module
 */
import type { z } from 'zod';
import type { LocationSuggestion, PopularProduct, ProductSuggestion, QuotePreview } from '../schemas/catalogue';
import type { EmbedRfqInput, EmbedRfqResponse, widgetLoadSchema } from '../schemas/embed';
import { embedRfqResponseMini, locationSuggestionsMini, popularProductsMini, productSuggestionsMini, quotePreviewMini, rfqSubmitResponseMini } from '../schemas/mini';
import type { RfqSubmissionInput, RfqSubmitResponse } from '../schemas/rfq';
import { createTransport, type CallOptions, type ClientOptions, type SubmitOptions, type Transport } from './transport';

/**
 * What a submission takes: the schema's input, with counts as numbers or numeric text (the form
 * sends text; the server reads both).
 *
 * @example
 * const form: WithQuantity<RfqSubmissionInput> = { ...values, quantity: '200', supplierCount: 5 };
 */
export type WithQuantity<T> = Omit<T, 'quantity' | 'supplierCount'> & { quantity: number | string } & ('supplierCount' extends keyof T ? { supplierCount?: number | string } : unknown);

/**
 * The parameters of `catalogue.preview`: what the form holds so far.
 *
 * @example
 * const params: PreviewParams = { productName: 'Bleach', quantity: '40', deliveryLocation: 'Durban', supplierCount: 5 };
 */
export interface PreviewParams {
  productName: string;
  quantity?: number | string;
  deliveryLocation?: string;
  supplierCount?: number | string;
}

/**
 * What the widget reports when it loads (`POST /api/analytics/widget-load`).
 *
 * @example
 * const load: WidgetLoadInput = { embedId: 'shop-footer', partnerId: 'p_123', config: { compact: true } };
 */
export type WidgetLoadInput = z.input<typeof widgetLoadSchema>;

/**
 * The calls of a buyer's form, from {@link formCalls} or {@link createFormClient}.
 *
 * @example
 * const calls: FormCalls = createFormClient({ baseUrl: location.origin });
 * const { suggestions } = await calls.catalogue.locations('dur');
 */
export interface FormCalls {
  rfq: {
    /** Sends a quote request (`POST /api/rfq`) with an idempotency key; answers it with its priced quotes. */
    submit(input: WithQuantity<RfqSubmissionInput>, options?: SubmitOptions): Promise<RfqSubmitResponse>;
  };
  embed: {
    /** Sends the widget's short form (`POST /api/embed/rfq`) with an idempotency key, credited to `partnerId` when given. */
    submitRfq(input: WithQuantity<EmbedRfqInput>, options?: SubmitOptions): Promise<EmbedRfqResponse>;
  };
  catalogue: {
    /** Up to 6 catalogue products matching `q` (`GET /api/catalogue/products`); 4 popular ones under 2 characters. */
    products(q: string, options?: CallOptions): Promise<{ suggestions: ProductSuggestion[] }>;
    /** Up to 6 cities matching `q` (`GET /api/catalogue/locations`), from 2 characters. */
    locations(q: string, options?: CallOptions): Promise<{ suggestions: LocationSuggestion[] }>;
    /** Products with this month's request counts, most requested first (`GET /api/catalogue/popular`). */
    popular(limit?: number, options?: CallOptions): Promise<{ products: PopularProduct[] }>;
    /** The live cost preview and supplier matching for the form so far (`GET /api/catalogue/preview`). */
    preview(params: PreviewParams, options?: CallOptions): Promise<QuotePreview>;
  };
  analytics: {
    /** Counts a widget load (`POST /api/analytics/widget-load`, answered 204); carries no visitor data. */
    widgetLoad(input: WidgetLoadInput, options?: CallOptions): Promise<void>;
  };
}

/**
 * The calls of a buyer's form over a transport, for a client that has one already.
 *
 * @example
 * const transport = createTransport({ baseUrl: 'https://procura.example' });
 * const { rfqId } = await formCalls(transport).rfq.submit(form);
 */
export function formCalls(api: Transport): FormCalls {
  return {
    rfq: { submit: (input, opts = {}) => api.post(rfqSubmitResponseMini, 'api/rfq', input, opts) },
    embed: { submitRfq: (input, opts = {}) => api.post(embedRfqResponseMini, 'api/embed/rfq', input, opts) },
    catalogue: {
      products: (q, opts) => api.get(productSuggestionsMini, 'api/catalogue/products', { q }, opts),
      locations: (q, opts) => api.get(locationSuggestionsMini, 'api/catalogue/locations', { q }, opts),
      popular: (limit, opts) => api.get(popularProductsMini, 'api/catalogue/popular', { limit }, opts),
      preview: (params, opts) => api.get(quotePreviewMini, 'api/catalogue/preview', params, opts),
    },
    analytics: { widgetLoad: async (input, opts) => void (await api.post(null, 'api/analytics/widget-load', input, null, opts)) },
  };
}

/**
 * A client of only the form's calls: what the widget's iframe uses, so it carries neither the
 * data API's calls nor zod's full build.
 *
 * @example
 * import { createFormClient } from 'procura';
 *
 * const api = createFormClient({ baseUrl: location.origin });
 * const { rfqId, quotes } = await api.embed.submitRfq({ productName: 'Bleach 5L', productDescription: 'Thick bleach for ablution blocks', quantity: 40, location: 'Durban', contactEmail: 'ops@example.co.za' });
 */
export function createFormClient(options: ClientOptions): FormCalls {
  return formCalls(createTransport(options));
}
