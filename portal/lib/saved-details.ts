import { useEffect, useState } from 'react';
import { BUYER_PRESENT_COOKIE } from '../../contract/buyer-session';
import type { BuyerProfile } from '../../contract/schemas/buyer';

/** Whether a buyer session may exist: the page-readable mark set and deleted with the HttpOnly session cookie. */
function buyerMayBeSignedIn(): boolean {
  return document.cookie.split(/;\s*/).includes(`${BUYER_PRESENT_COOKIE}=1`);
}

/** A saved address as the accept dialog's delivery address takes it: the street address, then the city unless it already names it. */
export function addressText(address: BuyerProfile['addresses'][number]): string {
  const street = address.deliveryAddress.trim();
  return street.toLowerCase().includes(address.city.trim().toLowerCase()) ? street : `${street}\n${address.city.trim()}`;
}

/**
 * The signed-in buyer's saved details, read after the first paint and only when a session may
 * exist, so an anonymous visit makes no call and loads no code for them; null until then, signed
 * out, or when they could not be read (the form then starts empty, as it does for anyone).
 */
export function useSavedDetails(): BuyerProfile | null {
  const [profile, setProfile] = useState<BuyerProfile | null>(null);
  useEffect(() => {
    if (!buyerMayBeSignedIn()) return;
    const controller = new AbortController();
    import('./api').then(({ buyerApi }) => buyerApi().profile({ signal: controller.signal })).then(setProfile, () => setProfile(null));
    return () => controller.abort();
  }, []);
  return profile;
}
