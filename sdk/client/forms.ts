/**
 * The calls a buyer's form makes: send a quote request (the main form or the widget's short
 * one), suggest products and places, show popular products and the live preview, and count a
 * widget load. Their answers are checked with the `zod/mini` schemas of `schemas/mini.ts`, so a
 * page that needs only these (the widget's iframe) imports the one function per call it makes
 * and stays small; `createClient` offers the same calls beside every other.
 *
 * @module
 */
import type { z } from 'zod';
import type { LocationSuggestion, PopularProduct, ProductSuggestion, QuotePreview } from '../schemas/catalogue';
import type { EmbedRfqInput, EmbedRfqResponse, widgetLoadSchema } from '../schemas/embed';
import {
  embedRfqResponseMini,
  locationSuggestionsMini,
  popularProductsMini,
  productSuggestionsMini,
  quotePreviewMini,
  rfqSubmitResponseMini,
} from '../schemas/mini';
import type { RfqBasketSubmissionInput, RfqSubmissionInput, RfqSubmitResponse } from '../schemas/rfq';
import type { CallOptions, SubmitOptions, Transport } from './transport';

/**
 * What a submission takes: the schema's input, with counts as numbers or numeric text (the form
 * sends text; the server reads both).
 *
 * @example
 * const form: WithQuantity<RfqSubmissionInput> = { ...values, quantity: '200', supplierCount: 5 };
 */
export type WithQuantity<T> = Omit<T, 'quantity' | 'supplierCount'> & { quantity: number | string } & ('supplierCount' extends keyof T
    ? { supplierCount?: number | string }
    : unknown);

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
 * The calls of a buyer's form, which every `createClient` client makes (`formCalls` over its transport).
 *
 * @example
 * const calls: FormCalls = createClient({ baseUrl: location.origin });
 * const { suggestions } = await calls.catalogue.locations('dur');
 */
export interface FormCalls {
  rfq: {
    /** Sends a quote request (`POST /api/rfq`) with an idempotency key; answers it with its priced quotes. */
    submit(input: WithQuantity<RfqSubmissionInput>, options?: SubmitOptions): Promise<RfqSubmitResponse>;
    /**
     * Sends a basket (`POST /api/rfq` with 1 to 50 `lines`) with an idempotency key; answers each
     * supplier's quote of the lines it supplies, and the cheapest split beside the best single supplier.
     */
    submitBasket(input: BasketInput, options?: SubmitOptions): Promise<RfqSubmitResponse>;
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
 * Sends a quote request (`POST /api/rfq`) with an idempotency key. One function per call, so a
 * bundle carries only the calls (and answer schemas) it uses.
 *
 * @example
 * const { rfqId, quotes } = await submitRfq(createTransport({ baseUrl: location.origin }), form);
 */
export const submitRfq = (api: Transport, input: WithQuantity<RfqSubmissionInput>, options: SubmitOptions = {}): Promise<RfqSubmitResponse> =>
  api.post(rfqSubmitResponseMini, 'api/rfq', input, options);

/**
 * A basket as a form sends it: each line's quantity and the supplier count as typed.
 *
 * @example
 * const basket: BasketInput = { lines: [{ productName: 'Household Bleach', quantity: '40' }], deliveryLocation: 'Durban', primaryEmail: 'b@example.co.za', agreeTerms: true };
 */
export type BasketInput = Omit<RfqBasketSubmissionInput, 'lines' | 'supplierCount'> & {
  lines: { productName: string; quantity: number | string; productDescription?: string | undefined; unit?: string | undefined }[];
  supplierCount?: number | string;
};

/**
 * Sends a basket of products (`POST /api/rfq` with `lines`) with an idempotency key.
 *
 * @example
 * const { split } = await submitBasket(api, { lines: [{ productName: 'Household Bleach', quantity: 40 }], deliveryLocation: 'Durban', primaryEmail: 'b@example.co.za', agreeTerms: true });
 */
export const submitBasket = (api: Transport, input: BasketInput, options: SubmitOptions = {}): Promise<RfqSubmitResponse> =>
  api.post(rfqSubmitResponseMini, 'api/rfq', input, options);

/**
 * Sends the widget's short form (`POST /api/embed/rfq`) with an idempotency key.
 *
 * @example
 * const { quotes } = await submitEmbedRfq(api, { productName: 'Bleach 5L', productDescription: 'For three sites', quantity: 40, location: 'Durban', contactEmail: 'ops@example.co.za' });
 */
export const submitEmbedRfq = (api: Transport, input: WithQuantity<EmbedRfqInput>, options: SubmitOptions = {}): Promise<EmbedRfqResponse> =>
  api.post(embedRfqResponseMini, 'api/embed/rfq', input, options);

/**
 * Catalogue products matching the typed text (`GET /api/catalogue/products`).
 *
 * @example
 * const { suggestions } = await findProducts(api, 'blea', { signal });
 */
export const findProducts = (api: Transport, q: string, options?: CallOptions): Promise<{ suggestions: ProductSuggestion[] }> =>
  api.get(productSuggestionsMini, 'api/catalogue/products', { q }, options);

/**
 * Cities matching the typed text (`GET /api/catalogue/locations`).
 *
 * @example
 * const { suggestions } = await findLocations(api, 'dur', { signal });
 */
export const findLocations = (api: Transport, q: string, options?: CallOptions): Promise<{ suggestions: LocationSuggestion[] }> =>
  api.get(locationSuggestionsMini, 'api/catalogue/locations', { q }, options);

/**
 * Products with this month's request counts (`GET /api/catalogue/popular`).
 *
 * @example
 * const { products } = await popularProducts(api, 4);
 */
const popularProducts = (api: Transport, limit?: number, options?: CallOptions): Promise<{ products: PopularProduct[] }> =>
  api.get(popularProductsMini, 'api/catalogue/popular', { limit }, options);

/**
 * The live cost preview and supplier matching (`GET /api/catalogue/preview`).
 *
 * @example
 * const { costPreview } = await quotePreview(api, { productName: 'Bleach', quantity: '40' }, { signal });
 */
export const quotePreview = (api: Transport, params: PreviewParams, options?: CallOptions): Promise<QuotePreview> =>
  api.get(quotePreviewMini, 'api/catalogue/preview', params, options);

/**
 * Counts a widget load (`POST /api/analytics/widget-load`, answered 204).
 *
 * @example
 * await countWidgetLoad(api, { embedId: 'shop-footer', partnerId: 'p_123' });
 */
export const countWidgetLoad = async (api: Transport, input: WidgetLoadInput, options?: CallOptions): Promise<void> => {
  await api.post(null, 'api/analytics/widget-load', input, null, options);
};

/**
 * The calls of a buyer's form over a transport, grouped as `createClient` offers them.
 *
 * @example
 * const transport = createTransport({ baseUrl: 'https://procura.example' });
 * const { rfqId } = await formCalls(transport).rfq.submit(form);
 */
export function formCalls(api: Transport): FormCalls {
  return {
    rfq: { submit: (input, opts) => submitRfq(api, input, opts), submitBasket: (input, opts) => submitBasket(api, input, opts) },
    embed: { submitRfq: (input, opts) => submitEmbedRfq(api, input, opts) },
    catalogue: {
      products: (q, opts) => findProducts(api, q, opts),
      locations: (q, opts) => findLocations(api, q, opts),
      popular: (limit, opts) => popularProducts(api, limit, opts),
      preview: (params, opts) => quotePreview(api, params, opts),
    },
    analytics: { widgetLoad: (input, opts) => countWidgetLoad(api, input, opts) },
  };
}
