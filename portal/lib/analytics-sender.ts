import type { AnalyticsEventType, ConsentDecision } from '../../contract/schemas/analytics';
import { recordConsentDecision, sendAnalyticsEvent, type AnalyticsEventBody } from '../../contract/client/site-analytics';
import { createTransport, type Transport } from '../../sdk/client/transport';

let transport: Transport | undefined;

/** Events go to the Procura that served the page, once each: a lost event is not worth a retry. */
function api(): Transport {
  transport ??= createTransport({ baseUrl: window.location.origin, retry: 0 });
  return transport;
}

export function sendEvent<T extends AnalyticsEventType>(type: T, body: AnalyticsEventBody<T>, sessionId: string): Promise<void> {
  return sendAnalyticsEvent(api(), type, body, sessionId);
}

export function sendConsent(decision: ConsentDecision): Promise<void> {
  return recordConsentDecision(api(), decision);
}
