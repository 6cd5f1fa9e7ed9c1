import { paths } from '../app/paths';
import { createSiteAnalytics, globalPrivacyControl, type SiteAnalytics } from './analytics';
import type { ConsentRecord } from './consent-context';

// The sending code (ky and the SDK's calls) loads with the first event, never with the page.
const sender = () => import('./analytics-sender');

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The portal's analytics: one per page load. */
export const siteAnalytics: SiteAnalytics = createSiteAnalytics(paths, {
  storage: storage(),
  globalPrivacyControl,
  send: async (type, body, sessionId) => (await sender()).sendEvent(type, body, sessionId),
  now: () => Date.now(),
  warn: (message, detail) => console.warn(message, detail),
});

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') siteAnalytics.tabVisible();
  });
}

/**
 * Keeps the buyer's cookie choice as proof on the server (its consent id, the choice, the policy
 * revision and the time; no address). It is no analytics event: every choice is sent, a refusal
 * too. Failures only warn; the choice holds in the browser either way.
 */
export function proveConsent(record: ConsentRecord): void {
  if (!record.consentId) return;
  sender()
    .then((s) =>
      s.sendConsent({
        consentId: record.consentId!,
        analytics: record.analytics,
        revision: record.revision,
        timestamp: record.timestamp,
        globalPrivacyControl: globalPrivacyControl(),
      }),
    )
    .catch((err: unknown) => console.warn('Cookie choice not recorded', err));
}
