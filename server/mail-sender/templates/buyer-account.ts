// The buyer's account e-mails: the one-time link into their history of requests.
import { html } from '../../lib/html';
import { button, type Email, footer, layout, link } from './layout';

export interface BuyerSignInInput {
  /** `PUBLIC_URL/account/sign-in#bl_…`: the token rides in the fragment, which browsers never send. */
  link: string;
  validMinutes: number;
}

/** A buyer's one-time link to every request they made with this address. */
export function buyerSignInEmail(input: BuyerSignInInput): Email {
  const subject = 'Sign in to see your requests on Procura';
  const intro = 'Use this link to see every request you made on Procura with this address: its quotes, your orders and their delivery.';
  const validity = `The link works once, within ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.`;
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
<p style="margin:0 0 16px;">${button(input.link, 'See your requests')}</p>
<p style="margin:0 0 16px;">${link(input.link)}</p>
<p style="margin:0;color:#475569;">${validity}</p>`;
  const text = [intro, '', input.link, '', validity, '', footer].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}
