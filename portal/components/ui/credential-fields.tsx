import { TextField, type TextFieldProps } from '../../../widget/ui/TextField';

type CredentialProps = Pick<TextFieldProps, 'id' | 'name' | 'label' | 'value' | 'onChange' | 'error'>;

/**
 * A required e-mail address. `autoComplete` says which address a browser offers: the account's
 * (`username`, on a sign-in form with a password) or the person's own (`email`).
 */
export function EmailField({ autoComplete = 'email', ...props }: CredentialProps & { autoComplete?: 'username' | 'email' }) {
  return <TextField {...props} type="email" autoComplete={autoComplete} required />;
}

/** A required password: the current one, or with `chosen` a new one, for which a password manager offers a strong password. */
export function PasswordField({ chosen = false, ...props }: CredentialProps & { chosen?: boolean }) {
  return <TextField {...props} type="password" autoComplete={chosen ? 'new-password' : 'current-password'} required />;
}
