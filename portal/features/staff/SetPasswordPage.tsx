import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { STAFF_MESSAGES, STAFF_PASSWORD_MIN_LENGTH } from '../../../contract/schemas/staff';
import { PasswordField } from '../../components/ui/credential-fields';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { staffApi } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { fieldErrors, errorMessage } from '../../lib/api-errors';
import { dropLinkTokenFromAddress, linkTokenOfAddress } from '../../lib/link-token';
import { useLoad } from '../../lib/use-load';
import { PageLoading } from '../../components/ui/page-loading';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { useStaffSession } from '../../lib/staff-session';
import { afterSignIn } from './SignInPage';

const MISMATCH = 'The two passwords differ';

/** A link printed before the token moved to the fragment carries it as `?token=st_…`. */
function tokenOfEarlierLink(): string | null {
  const token = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('token');
  return token && /^st_[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/**
 * /staff/set-password#st_…: the page a staff member's one-time link opens. It names the person the
 * link is for before they choose a password; loading it spends nothing, only setting the password
 * does, which signs them in: the page then goes to `?next=` or their role's start page.
 */
export default function SetPasswordPage() {
  usePageTitle('Set your password');
  const [, navigate] = useLocation();
  const { setUser } = useStaffSession();
  const [next] = useState(() => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('next')));
  const [token] = useState(() => linkTokenOfAddress('st_') ?? tokenOfEarlierLink());
  // The token leaves the address bar at once: it works once, and a copied address should not carry it.
  useEffect(() => {
    if (token) dropLinkTokenFromAddress();
  }, [token]);
  const holder = useLoad(token ? (signal) => staffApi().staff.peekLink(token, { signal }) : null, [token]);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (!token || holder.status === 'error') {
    return (
      <div className="container page">
        <div className="card form-stack narrow">
          <h1>Set your password</h1>
          {token ? (
            <ErrorAlert title="Link not usable" message={errorMessage(holder.error)} inline />
          ) : (
            <ErrorAlert title="Link incomplete" message="Open the link from your message again, or ask an admin for a new one." inline />
          )}
        </div>
      </div>
    );
  }
  if (holder.status !== 'loaded') return <PageLoading label="Checking your link…" />;

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (password.length < STAFF_PASSWORD_MIN_LENGTH) found.password = STAFF_MESSAGES.passwordTooShort;
    else if (confirm !== password) found.confirm = MISMATCH;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.password ? 'staff-new-password' : 'staff-confirm-password')?.focus();
      return;
    }
    setPending(true);
    try {
      const user = await staffApi().staff.setPassword({ token, password });
      setUser(user);
      navigate(afterSignIn(next, user));
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (fields.password) document.getElementById('staff-new-password')?.focus();
      else setFailure(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="container page">
      <form className="card form-stack narrow" onSubmit={submit} aria-labelledby="staff-set-password-title" noValidate>
        <h1 id="staff-set-password-title">Set your password</h1>
        <p>This link is for {holder.data.name}: the password you set here is theirs.</p>
        <p className="small muted">
          At least {STAFF_PASSWORD_MIN_LENGTH} characters, and hard to guess: a few unrelated words make a strong one that is easy to type. Common passwords,
          and ones made of your name, your e-mail address or Procura, are refused.
        </p>
        {failure ? <ErrorAlert title="Password not set" message={failure} inline /> : null}
        <PasswordField id="staff-new-password" label="New password" chosen value={password} onChange={setPassword} error={errors.password} />
        <PasswordField id="staff-confirm-password" label="Type it again" chosen value={confirm} onChange={setConfirm} error={errors.confirm} />
        <SubmitButton pending={pending} busy="Saving…">
          Set password
        </SubmitButton>
      </form>
    </div>
  );
}
