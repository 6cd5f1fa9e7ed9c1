import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { STAFF_MESSAGES, STAFF_PASSWORD_MIN_LENGTH } from '../../../contract/schemas/staff';
import { PasswordField } from '../../components/ui/credential-fields';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { staffApi } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { fieldErrors, errorMessage } from '../../lib/api-errors';
import { SubmitButton } from '../../../widget/app/SubmitButton';

const MISMATCH = 'The two passwords differ';

/** /staff/set-password?token=…: the page a staff member's one-time link opens. */
export default function SetPasswordPage() {
  usePageTitle('Set your password');
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (!token) {
    return (
      <div className="container page">
        <div className="card form-stack narrow">
          <h1>Set your password</h1>
          <ErrorAlert title="Link incomplete" message="Open the link from your message again, or ask an admin for a new one." inline />
        </div>
      </div>
    );
  }

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
      await staffApi().staff.setPassword({ token, password });
      navigate('/staff/sign-in?password=set');
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
