import { createContext, useContext } from 'react';

/** The buyer's cookie choice as stored; `revision` is the policy's it answers. */
export interface ConsentRecord {
  essential: true;
  analytics: boolean;
  marketing: false;
  timestamp: string;
  revision: number;
  /** Random, made with the first choice and kept with every later one; the server's proof is filed under it. */
  consentId?: string;
}

/** The buyer's cookie choice, null until made; analytics reads it and runs only with consent. */
export const ConsentContext = createContext<ConsentRecord | null>(null);

export function useConsent(): ConsentRecord | null {
  return useContext(ConsentContext);
}

/** What any page may do about the cookie choice: open the preferences, or forget the choice. */
export interface ConsentControls {
  openPreferences(): void;
  /** The stored choice was cleared: analytics stops and the banner asks again. */
  forgotten(): void;
}

export const ConsentControlsContext = createContext<ConsentControls>({ openPreferences: () => {}, forgotten: () => {} });

export function useConsentControls(): ConsentControls {
  return useContext(ConsentControlsContext);
}
