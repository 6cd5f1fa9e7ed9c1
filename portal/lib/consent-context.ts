import { createContext, useContext } from 'react';

/** The buyer's cookie choice as stored (spec 3, consent record); `revision` is the policy's it answers. */
export interface ConsentRecord {
  essential: true;
  analytics: boolean;
  marketing: false;
  timestamp: string;
  revision: number;
}

/** The buyer's cookie choice, null until made; analytics reads it and runs only with consent. */
export const ConsentContext = createContext<ConsentRecord | null>(null);

export function useConsent(): ConsentRecord | null {
  return useContext(ConsentContext);
}
