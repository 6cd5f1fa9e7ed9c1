/**
 * The calls of consent-gated site analytics: one event per call, and the proof of each cookie
 * choice. They check no answer (each is a 204), so a page that sends them carries no schema
 * library for them. Procura's portal sends them only with the visitor's consent; not part of the
 * published package.
 *
 * @module
 */
import type { AnalyticsEventType, ConsentDecision, FormInteraction, PageView, ProductInterest, QuoteRequestEvent } from '../schemas/analytics';
import type { CallOptions, Transport } from '../../sdk/client/transport';

/**
 * The body of each event type.
 *
 * @example
 * const body: AnalyticsEventBody<'page-view'> = { path: '/', timeSpent: 5000 };
 */
export type AnalyticsEventBody<T extends AnalyticsEventType> = {
  'page-view': PageView;
  'product-interest': ProductInterest;
  'form-interaction': FormInteraction;
  'quote-request': QuoteRequestEvent;
}[T];

/**
 * Sends one analytics event (`POST /api/analytics/{type}`, answered 204) with its session id as `X-Session-ID`.
 *
 * @example
 * await sendAnalyticsEvent(api, 'page-view', { path: '/quote-success' }, sessionId);
 */
export async function sendAnalyticsEvent<T extends AnalyticsEventType>(
  api: Transport,
  type: T,
  body: AnalyticsEventBody<T>,
  sessionId: string,
  options: CallOptions = {},
): Promise<void> {
  await api.post(null, `api/analytics/${type}`, body, null, { ...options, headers: { ...options.headers, 'x-session-id': sessionId } });
}

/**
 * Keeps a cookie choice as proof (`POST /api/consent`, answered 204).
 *
 * @example
 * await recordConsentDecision(api, { consentId, analytics: true, revision: 1, timestamp: new Date().toISOString(), globalPrivacyControl: false });
 */
export async function recordConsentDecision(api: Transport, decision: ConsentDecision, options?: CallOptions): Promise<void> {
  await api.post(null, 'api/consent', decision, null, options);
}
