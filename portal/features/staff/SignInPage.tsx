import { useLocation, useSearch } from 'wouter';
import type { StaffUser } from '../../../contract/schemas/staff';
import { STAFF_HOME, useStaffSession } from '../../lib/staff-session';
import { usePageTitle } from '../../lib/use-page-title';
import { SignInForm } from './SignInForm';

/** `next` when it is a path on this site (never another site's address), else the role's start page. */
export function afterSignIn(next: string | null, user: StaffUser): string {
  return next && /^\/(?![/\\])/.test(next) ? next : STAFF_HOME[user.role];
}

/** /staff/sign-in: sign in, then go to `?next=` or the role's start page. */
export default function SignInPage() {
  usePageTitle('Staff sign-in');
  const [, navigate] = useLocation();
  const search = useSearch();
  const { setUser } = useStaffSession();
  const notice = new URLSearchParams(search).get('password') === 'set' ? 'Your password is set. Sign in with it.' : undefined;
  return (
    <div className="container page">
      <SignInForm
        notice={notice}
        onSignedIn={(user) => {
          setUser(user);
          navigate(afterSignIn(new URLSearchParams(search).get('next'), user));
        }}
      />
    </div>
  );
}
