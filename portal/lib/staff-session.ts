import { createContext, useContext } from 'react';
import type { StaffUser } from '../../contract/schemas/staff';

/**
 * Who is signed in on the staff pages: `undefined` until asked, `null` when signed out. The
 * staff gate fills it; the navigation reads it for the name and Sign out.
 */
export interface StaffSession {
  user: StaffUser | null | undefined;
  setUser(user: StaffUser | null): void;
}

export const StaffSessionContext = createContext<StaffSession>({ user: undefined, setUser: () => {} });

export const useStaffSession = () => useContext(StaffSessionContext);

/** Where each role starts after signing in. */
export const STAFF_HOME = { admin: '/admin', sales: '/customer-dashboard' } as const;
