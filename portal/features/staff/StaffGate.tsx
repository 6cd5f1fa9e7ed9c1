import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { StaffRole, StaffUser } from '../../../contract/schemas/staff';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { STAFF_SESSION_ENDED, staffApi } from '../../lib/api';
import { SessionWatch } from '../../components/ui/session-watch';
import { STAFF_HOME, useStaffSession } from '../../lib/staff-session';
import { usePageTitle } from '../../lib/use-page-title';
import { SignInForm } from './SignInForm';
import { errorMessage } from '../../lib/api-errors';
import { PageLoading } from '../../components/ui/page-loading';

function Checking() {
  return <PageLoading label="Checking your sign-in…" />;
}

/** Said in the sign-in form's place when a call of the open page found the session ended. */
export const STAFF_SESSION_ENDED_TEXT = 'Your session has ended: you were signed out, or the page was left unused for too long. Sign in again to go on.';

function SignInInstead({ ended, onSignedIn }: { ended: boolean; onSignedIn(user: StaffUser): void }) {
  usePageTitle('Staff sign-in');
  return (
    <div className="container page">
      <SignInForm onSignedIn={onSignedIn} notice={ended ? STAFF_SESSION_ENDED_TEXT : 'This page is for Procura staff. Sign in to open it.'} />
    </div>
  );
}

/**
 * A staff page: shown to a signed-in person of one of `roles`. Signed out, the sign-in form
 * stands in its place at the same address, so signing in returns straight to the page; so it does,
 * saying why, when a call of the page finds the session ended.
 */
export default function StaffGate({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const { user, setUser } = useStaffSession();
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const sessionEnded = useCallback(() => {
    setEnded(true);
    setUser(null);
  }, [setUser]);
  const signedIn = useCallback(
    (me: StaffUser) => {
      setEnded(false);
      setUser(me);
    },
    [setUser],
  );
  useEffect(() => {
    if (user !== undefined) return;
    let live = true;
    staffApi()
      .staff.me()
      .then(
        (me) => live && setUser(me),
        (err: unknown) => live && setError(errorMessage(err)),
      );
    return () => {
      live = false;
    };
  }, [user, setUser]);

  if (error) return <ErrorAlert title="Could not check your sign-in" message={error} />;
  if (user === undefined) return <Checking />;
  if (user === null) return <SignInInstead ended={ended} onSignedIn={signedIn} />;
  if (!roles.includes(user.role)) {
    return (
      <div className="container page">
        <div className="card narrow stack">
          <h1>Not for your role</h1>
          <p>
            You are signed in as {user.name} ({user.role}). This page is for {roles.join(' or ')} staff.
          </p>
          <Link href={STAFF_HOME[user.role]}>Go to your start page</Link>
        </div>
      </div>
    );
  }
  return (
    <>
      <SessionWatch event={STAFF_SESSION_ENDED} onEnded={sessionEnded} />
      {children}
    </>
  );
}
