import { Link } from 'wouter';

/** Why the workspace is not shown, and the way to sign in (keeping the lead a link named). */
export function SignedOut({ text, lead }: { text: string; lead: string | null }) {
  return (
    <div className="container page">
      <div className="card narrow form-stack">
        <h1>Supplier workspace</h1>
        <p role="status">{text}</p>
        <Link href={lead ? `/supplier/sign-in?lead=${encodeURIComponent(lead)}` : '/supplier/sign-in'} className="button">
          Sign in with an e-mailed link
        </Link>
      </div>
    </div>
  );
}

export const SESSION_ENDED_TEXT = 'Your session has ended: you were signed out, or the workspace was left unused for too long. Sign in again to go on.';
