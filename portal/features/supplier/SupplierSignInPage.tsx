import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { SUPPLIER_MESSAGES } from '../../../contract/schemas/supplier-workspace';
import { PageLoading } from '../../components/ui/page-loading';
import { errorMessage } from '../../lib/api-errors';
import { useLoad } from '../../lib/use-load';
import { useSave } from '../../lib/use-save';
import { useSignInLink } from '../../lib/use-sign-in-link';
import { supplierApi } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { AskForLinkCard, SignInLinkCard } from '../../components/ui/sign-in-link';

/** The lead the supplier was opening when asked to sign in (`?lead=Q-123`), which the workspace opens after. */
function leadOfAddress(): string | null {
  const lead = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('lead');
  return lead && /^Q-\d{1,15}$/.test(lead) ? lead : null;
}

/** A sentence that may end in a name with its own full stop (Khumalo Cleaning Co.): one stop, never two. */
const endSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * /supplier/sign-in: opened from a sign-in link, it says whom the link signs in, at which supplier,
 * and signs in only when that person clicks, then goes to the workspace; opened without one, it
 * asks for the address to send a link to. Loading the page spends nothing: a mail scanner that
 * opens the link leaves it working, and a link someone else sends cannot sign this browser in
 * to their account unnoticed.
 */
export default function SupplierSignInPage() {
  usePageTitle('Supplier sign-in');
  const [, navigate] = useLocation();
  const [lead, setLead] = useState(leadOfAddress);
  const { token, setToken, linkFailure, signingIn, signIn } = useSignInLink('sl_', {
    spend: (linkToken) => supplierApi().signIn(linkToken),
    signedIn: () => navigate(lead ? `/supplier?lead=${encodeURIComponent(lead)}` : '/supplier', { replace: true }),
    onPasted: () => setLead(leadOfAddress()),
  });
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { errors, setErrors, failure, saving: pending, run } = useSave<'email'>();

  // Whom the link is for: a look-up that does not spend it.
  const holder = useLoad(token ? (signal) => supplierApi().peekLink(token, { signal }) : null, [token]);

  if (token && holder.status === 'loading') return <PageLoading label="Checking your sign-in link…" />;
  if (token && holder.status === 'loaded') {
    const { name, supplierName } = holder.data;
    return (
      <SignInLinkCard
        titleId="supplier-sign-in-title"
        title="Supplier sign-in"
        says={`${endSentence(`This link signs in ${name} at ${supplierName}`)} It works once.`}
        button={`Sign in as ${name} at ${supplierName}`}
        pending={signingIn}
        notYours="Not you?"
        onSignIn={signIn}
        onPutAside={() => setToken(null)}
      />
    );
  }
  const refused = linkFailure ?? (token && holder.status === 'error' ? errorMessage(holder.error) : null);

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
    <AskForLinkCard
      titleId="supplier-sign-in-title"
      title="Supplier sign-in"
      says="Keep your prices, delivery areas and terms up to date, and answer your leads with a firm price. We e-mail you a link to sign in: no password needed."
      notices={{ refused, sent, failure }}
      email={{ id: 'supplier-email', label: 'Your work e-mail', value: email, error: errors.email, onChange: setEmail }}
      pending={pending}
      footer={
        <>
          Not on Procura yet? <Link href="/suppliers/join">Apply to supply</Link>, or ask a colleague who already signs in to add you.
        </>
      }
      onSubmit={submit}
    />
  );
}
