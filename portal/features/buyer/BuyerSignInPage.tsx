import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { BUYER_MESSAGES } from '../../../contract/schemas/buyer';
import { AskForLinkCard, SignInLinkCard } from '../../components/ui/sign-in-link';
import { buyerApi } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { useSave } from '../../lib/use-save';
import { useSignInLink } from '../../lib/use-sign-in-link';

/**
 * /account/sign-in: asks for the address a buyer made requests with and e-mails it a link, with
 * the same answer for any address; opened from that link (`#bl_…`), it signs in when the buyer
 * clicks, then opens /account. Loading the page spends nothing: a mail scanner that opens the
 * link leaves it working, and a link someone else sends cannot sign this browser in unnoticed.
 */
export default function BuyerSignInPage() {
  usePageTitle('Sign in to your requests');
  const [, navigate] = useLocation();
  const { token, setToken, linkFailure, signingIn, signIn } = useSignInLink('bl_', {
    spend: (linkToken) => buyerApi().signIn(linkToken),
    signedIn: () => navigate('/account', { replace: true }),
  });
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { errors, setErrors, failure, saving, run } = useSave<'email'>();

  if (token) {
    return (
      <SignInLinkCard
        titleId="buyer-sign-in-title"
        title="Your requests"
        says="This link signs you in to every request made with your e-mail address. It works once."
        button="Sign in and see your requests"
        pending={signingIn}
        notYours="Not your link?"
        onSignIn={signIn}
        onPutAside={() => setToken(null)}
      />
    );
  }

  const focusEmail = () => document.getElementById('buyer-email')?.focus();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setErrors({ email: BUYER_MESSAGES.email });
      focusEmail();
      return;
    }
    await run(async () => setSent((await buyerApi().requestLink(email.trim())).message), focusEmail);
  };

  return (
    <AskForLinkCard
      titleId="buyer-sign-in-title"
      title="Your requests"
      says="See every request you made on Procura, its quotes and your orders, and order again in two clicks. We e-mail you a link to sign in: no password needed."
      notices={{ refused: linkFailure, sent, failure }}
      email={{ id: 'buyer-email', label: 'The e-mail address you made requests with', value: email, error: errors.email, onChange: setEmail }}
      pending={saving}
      footer={
        <>
          No request yet? <Link href="/">Ask for quotes</Link>: no account needed.
        </>
      }
      onSubmit={submit}
    />
  );
}
