import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from './api-errors';
import { dropLinkTokenFromAddress, linkTokenOfAddress } from './link-token';

interface SignInLinkOptions {
  /** Exchanges the link's token for a session. */
  spend: (token: string) => Promise<unknown>;
  /** Where to go once signed in. */
  signedIn: () => void;
  /** Reads the rest of a link pasted into the tab while it shows the page. */
  onPasted?: () => void;
}

/**
 * The e-mailed sign-in link (`#bl_…`, `#sl_…`) a sign-in page was opened from: its token, taken
 * out of the address bar at once (it works once, and a copied address should not carry it) and
 * replaced by a link pasted into the tab later. Nothing is spent until the person clicks: `signIn`
 * spends the token, then goes on; a refused link is put aside with its message in `linkFailure`,
 * as `setToken(null)` puts it aside to ask for a link to another address.
 */
export function useSignInLink(prefix: 'bl_' | 'sl_', { spend, signedIn, onPasted }: SignInLinkOptions) {
  const [token, setToken] = useState(() => linkTokenOfAddress(prefix));
  const [linkFailure, setLinkFailure] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const readPasted = useRef(onPasted);
  readPasted.current = onPasted;

  // A link pasted into this tab while it shows the page changes only the address's fragment.
  useEffect(() => {
    const pasted = () => {
      const next = linkTokenOfAddress(prefix);
      if (!next) return;
      readPasted.current?.();
      setLinkFailure(null);
      setToken(next);
    };
    window.addEventListener('hashchange', pasted);
    return () => window.removeEventListener('hashchange', pasted);
  }, [prefix]);

  useEffect(() => {
    if (token) dropLinkTokenFromAddress();
  }, [token]);

  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    setSigningIn(true);
    setLinkFailure(null);
    try {
      await spend(token);
      signedIn();
    } catch (err) {
      setLinkFailure(errorMessage(err));
      setToken(null);
    } finally {
      setSigningIn(false);
    }
  };

  return { token, setToken, linkFailure, signingIn, signIn };
}
