// The buyer's account e-mails: the one-time link into their history of requests.
import { type Email, signInLinkEmail } from './layout';

export interface BuyerSignInInput {
  /** `PUBLIC_URL/account/sign-in#bl_…`: the token rides in the fragment, which browsers never send. */
  link: string;
  validMinutes: number;
}

/** A buyer's one-time link to every request they made with this address. */
export function buyerSignInEmail(input: BuyerSignInInput): Email {
  const subject = 'Sign in to see your requests on Procura';
  const intro = 'Use this link to see every request you made on Procura with this address: its quotes, your orders and their delivery.';
  return signInLinkEmail(subject, intro, 'See your requests', input);
}
