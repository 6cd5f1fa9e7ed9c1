import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { SUPPLIER_MESSAGES } from '../../../contract/schemas/supplier-workspace';
import { EmailField } from '../../components/ui/credential-fields';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageLoading } from '../../components/ui/page-loading';
import { errorMessage } from '../../lib/api-errors';
import { useSave } from '../../lib/use-save';
import { supplierApi } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { SubmitButton } from '../../../widget/app/SubmitButton';
import { SuccessNotice } from '../../components/ui/success-notice';

/** The token of a sign-in link, which rides in the address's fragment (`#sl_…`) and so reaches no server log. */
function linkToken(): string | null {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  return /^sl_[A-Za-z0-9_-]{20,100}$/.test(hash) ? hash : null;
}

/** The lead the supplier was opening when asked to sign in (`?lead=Q-123`), which the workspace opens after. */
function leadOfAddress(): string | null {
  const lead = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('lead');
  return lead && /^Q-\d{1,15}$/.test(lead) ? lead : null;
}

/**
 * /supplier/sign-in: opened from a sign-in link, it signs in and goes to the workspace; opened
 * without one, it asks for the address to send a link to.
 */
export default function SupplierSignInPage() {
  usePageTitle('Supplier sign-in');
  const [, navigate] = useLocation();
  const [token, setToken] = useState(linkToken);
  const [lead, setLead] = useState(leadOfAddress);
  const [linkFailure, setLinkFailure] = useState<string | null>(null);
  /** The token last tried: each link is tried once. */
  const tried = useRef<string | null>(null);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { errors, setErrors, failure, saving: pending, run } = useSave<'email'>();

  // A link pasted into this tab while it shows the page changes only the address's fragment.
  useEffect(() => {
    const pasted = () => {
      const next = linkToken();
      if (!next) return;
      setLead(leadOfAddress());
      setLinkFailure(null);
      setToken(next);
    };
    window.addEventListener('hashchange', pasted);
    return () => window.removeEventListener('hashchange', pasted);
  }, []);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    // The token leaves the address bar at once: it works once, and a copied address should not carry it.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    supplierApi()
      .signIn(token)
      .then(
        () => navigate(lead ? `/supplier?lead=${encodeURIComponent(lead)}` : '/supplier', { replace: true }),
        (err: unknown) => setLinkFailure(errorMessage(err)),
      );
  }, [token, lead, navigate]);

  if (token && !linkFailure) return <PageLoading label="Signing you in…" />;

  const focusEmail = () => document.getElementById('supplier-email')?.focus();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setErrors({ email: SUPPLIER_MESSAGES.email });
      focusEmail();
      return;
    }
    await run(async () => setSent((await supplierApi().requestLink(email, { lead: lead ?? undefined })).message), focusEmail);
  };

  return (
    <div className="container page">
      <form className="card form-stack narrow" onSubmit={submit} aria-labelledby="supplier-sign-in-title" noValidate>
        <h1 id="supplier-sign-in-title">Supplier sign-in</h1>
        <p>
          Keep your prices, delivery areas and terms up to date, and answer your leads with a firm price. We e-mail you a link to sign in: no password needed.
        </p>
        {linkFailure ? <ErrorAlert title="Not signed in" message={linkFailure} inline /> : null}
        <SuccessNotice message={sent} />
        {failure ? <ErrorAlert title="No link sent" message={failure} inline /> : null}
        <EmailField id="supplier-email" name="email" label="Your work e-mail" value={email} onChange={setEmail} error={errors.email} />
        <SubmitButton pending={pending} busy="Sending…">
          E-mail me a sign-in link
        </SubmitButton>
        <p className="small muted">Not on Procura yet? Ask the Procura team to invite your business, or a colleague who already signs in to add you.</p>
      </form>
    </div>
  );
}
