import { useState } from 'react';
import { STAFF_MESSAGES, type StaffUser } from '../../../contract/schemas/staff';
import { EmailField, PasswordField } from '../../components/ui/credential-fields';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { staffApi } from '../../lib/api';
import { fieldErrors, errorMessage } from '../../lib/api-errors';
import { SubmitButton } from '../../../widget/ui/SubmitButton';

/**
 * The staff sign-in form: e-mail and password, named so password managers fill them; a failure
 * is announced, and a missing field takes the focus.
 */
export function SignInForm({ onSignedIn, notice }: { onSignedIn(user: StaffUser): void; notice?: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = STAFF_MESSAGES.email;
    if (!password) missing.password = STAFF_MESSAGES.password;
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) {
      document.getElementById(missing.email ? 'staff-email' : 'staff-password')?.focus();
      return;
    }
    setPending(true);
    try {
      onSignedIn(await staffApi().staff.signIn({ email, password }));
    } catch (err) {
      setErrors(fieldErrors(err));
      setFailure(errorMessage(err));
      setPassword('');
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="card form-stack narrow" onSubmit={submit} aria-labelledby="staff-sign-in-title" noValidate method="post" action="/api/staff/sign-in">
      <h1 id="staff-sign-in-title">Staff sign-in</h1>
      {notice ? <p className="notice">{notice}</p> : null}
      {failure ? <ErrorAlert title="Not signed in" message={failure} inline /> : null}
      <EmailField id="staff-email" name="email" label="E-mail" autoComplete="username" value={email} onChange={setEmail} error={errors.email} />
      <PasswordField id="staff-password" name="password" label="Password" value={password} onChange={setPassword} error={errors.password} />
      <SubmitButton pending={pending} busy="Signing in…">
        Sign in
      </SubmitButton>
      <p className="small muted">No password yet, or forgotten it? Ask an admin for a link to set one.</p>
    </form>
  );
}
