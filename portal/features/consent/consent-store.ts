import { ANALYTICS_SESSION_ID, randomId } from '../../../contract/analytics-rules';
import type { ConsentRecord } from '../../lib/consent-context';
/** Where the buyer's cookie choice is kept. */
export const CONSENT_STORAGE_KEY = 'procura-consent';
/** Bumped when the cookie policy changes, so everyone is asked again. */
export const CONSENT_REVISION = 1;

export type { ConsentRecord };

/** The stored choice, or null when there is none for this policy revision (or storage is unavailable). */
export function readConsent(storage: Storage | undefined = globalThis.localStorage): ConsentRecord | null {
  try {
    const raw = storage?.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const record = JSON.parse(raw) as Partial<ConsentRecord>;
    if (record.revision !== CONSENT_REVISION || typeof record.analytics !== 'boolean') return null;
    const consentId = typeof record.consentId === 'string' && ANALYTICS_SESSION_ID.test(record.consentId) ? record.consentId : undefined;
    return {
      essential: true,
      analytics: record.analytics,
      marketing: false,
      timestamp: String(record.timestamp),
      revision: CONSENT_REVISION,
      ...(consentId ? { consentId } : {}),
    };
  } catch {
    return null;
  }
}

/** The consent id of the browser's earlier choices (of any revision), so one browser's proofs share it. */
function earlierConsentId(storage: Storage | undefined): string | undefined {
  try {
    const id = (JSON.parse(storage?.getItem(CONSENT_STORAGE_KEY) ?? 'null') as { consentId?: unknown } | null)?.consentId;
    return typeof id === 'string' && ANALYTICS_SESSION_ID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Stores a choice, under the browser's consent id (made with its first choice), and answers the record. */
export function saveConsent(analytics: boolean, now = new Date(), storage: Storage | undefined = globalThis.localStorage): ConsentRecord {
  const consentId = earlierConsentId(storage) ?? randomId();
  const record: ConsentRecord = { essential: true, analytics, marketing: false, timestamp: now.toISOString(), revision: CONSENT_REVISION, consentId };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // private browsing without storage: the choice holds for this page only
  }
  return record;
}

/** Forgets the stored choice: the banner asks again on the next page. */
export function clearConsent(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
