import { createContext, useContext } from 'react';
import type { ConsentRecord } from '../features/consent/consent-store';

/** The buyer's cookie choice, null until made; analytics reads it and runs only with consent. */
export const ConsentContext = createContext<ConsentRecord | null>(null);

export function useConsent(): ConsentRecord | null {
  return useContext(ConsentContext);
}
