import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { StaffRole } from '../../../contract/schemas/staff';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { staffApi } from '../../lib/api';
import { STAFF_HOME, useStaffSession } from '../../lib/staff-session';
import { usePageTitle } from '../../lib/use-page-title';
import { SignInForm } from './SignInForm';
import { errorMessage } from '../../lib/api-errors';
import { PageLoading } from '../../components/ui/page-loading';

function Checking() {
  return <PageLoading label="Checking your sign-in…" />;
}

function SignInInstead() {
  usePageTitle('Staff sign-in');
  const { setUser } = useStaffSession();
  return (
    <div className="container page">
      <SignInForm onSignedIn={setUser} notice="This page is for Procura staff. Sign in to open it." />
    </div>
  );
}

/**
 * A staff page: shown to a signed-in person of one of `roles`. Signed out, the sign-in form
 * stands in its place at the same address, so signing in returns straight to the page.
 */
export default function StaffGate({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const { user, setUser } = useStaffSession();
  const [error, setError] = useState<string | null>(null);
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
  if (user === null) return <SignInInstead />;
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
  return <>{children}</>;
}
