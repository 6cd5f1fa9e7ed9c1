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
    return { essential: true, analytics: record.analytics, marketing: false, timestamp: String(record.timestamp), revision: CONSENT_REVISION };
  } catch {
    return null;
  }
}

/** Stores a choice and answers the record. */
export function saveConsent(analytics: boolean, now = new Date(), storage: Storage | undefined = globalThis.localStorage): ConsentRecord {
  const record: ConsentRecord = { essential: true, analytics, marketing: false, timestamp: now.toISOString(), revision: CONSENT_REVISION };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // private browsing without storage: the choice holds for this page only
  }
  return record;
}

/** Analytics may run only when the buyer said yes. */
export function analyticsAllowed(record: ConsentRecord | null): boolean {
  return record?.analytics === true;
}
