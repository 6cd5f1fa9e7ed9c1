import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { EmailField } from './credential-fields';
import { ErrorAlert } from './ErrorAlert';
import { SuccessNotice } from './success-notice';

/**
 * A sign-in page opened from its e-mailed link: whom the link signs in, the button that spends it,
 * and a way to put it aside (`notYours`, the question before it) and ask for a link of one's own.
 */
export function SignInLinkCard(props: {
  titleId: string;
  title: string;
  says: ReactNode;
  button: string;
  pending: boolean;
  notYours: string;
  onSignIn: (e: FormEvent) => void;
  onPutAside: () => void;
}) {
  return (
    <div className="container page">
      <form className="card form-stack narrow" onSubmit={props.onSignIn} aria-labelledby={props.titleId}>
        <h1 id={props.titleId}>{props.title}</h1>
        <p>{props.says}</p>
        <SubmitButton pending={props.pending} busy="Signing in…">
          {props.button}
        </SubmitButton>
        <p className="small muted">
          {props.notYours}{' '}
          <button type="button" className="link-button" onClick={props.onPutAside}>
            Ask for a link to your own address
          </button>
        </p>
      </form>
    </div>
  );
}

/**
 * A sign-in page opened without a link: what signing in opens (`says`), what became of the last
 * try, the address to e-mail a link to, and a line for those who have nothing to sign in to yet.
 */
export function AskForLinkCard(props: {
  titleId: string;
  title: string;
  says: ReactNode;
  notices: { refused: string | null; sent: string | null; failure: string | null };
  email: { id: string; label: string; value: string; error?: string; onChange: (email: string) => void };
  pending: boolean;
  footer: ReactNode;
  onSubmit: (e: FormEvent) => void;
}) {
  return (
    <div className="container page">
      <form className="card form-stack narrow" onSubmit={props.onSubmit} aria-labelledby={props.titleId} noValidate>
        <h1 id={props.titleId}>{props.title}</h1>
        <p>{props.says}</p>
        <SignInNotices {...props.notices} />
        <EmailField name="email" {...props.email} />
        <SubmitButton pending={props.pending} busy="Sending…">
          E-mail me a sign-in link
        </SubmitButton>
        <p className="small muted">{props.footer}</p>
      </form>
    </div>
  );
}

/** What became of a sign-in: a refused link, then the link sent or why it was not. */
function SignInNotices({ refused, sent, failure }: { refused: string | null; sent: string | null; failure: string | null }) {
  return (
    <>
      {refused ? <ErrorAlert title="Not signed in" message={refused} inline /> : null}
      <SuccessNotice message={sent} />
      {failure ? <ErrorAlert title="No link sent" message={failure} inline /> : null}
    </>
  );
}
