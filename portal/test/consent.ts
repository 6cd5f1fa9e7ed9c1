import type { ConsentRecord } from '../lib/consent-context';

/** A stored cookie choice that allows site usage analytics and declines marketing. */
export const ANALYTICS_ALLOWED: ConsentRecord = {
  essential: true,
  analytics: true,
  marketing: false,
  timestamp: '2026-11-24T08:00:00.000Z',
  revision: 1,
  consentId: 'q8bX2mN0vL4rT6yW1zA3c',
};
