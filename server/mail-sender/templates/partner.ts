// The e-mails a partner receives: the welcome, and each month's statement.
import { html } from '../../lib/html';
import { formatDate, formatRand } from '../../../sdk/format';
import { detailsEmail, type Email, layout, link, SUPPORT_HOURS } from './layout';

export interface PartnerMailInput {
  partnerId: string;
  companyName: string;
  contactName: string;
  contactEmail: string;
  website: string;
  businessType: string;
  integrationType: string;
  monthlyTraffic: string;
  useCase: string;
  publicUrl: string;
}

/** The new partner's welcome: their partner ID, where to start, and what to do without the key. Never the key. */
export function partnerWelcomeEmail(input: PartnerMailInput): Email {
  const subject = 'Welcome to Procura partners';
  const registerUrl = `${input.publicUrl}/api-registration`;
  // Nothing the registering caller typed (name, company, website) is repeated: anyone can register
  // with anyone's address, and this e-mail must not carry a stranger's words to it.
  const intro = `Hello, this address was given when registering a Procura partner account. The partner ID is ${input.partnerId}. If you did not register, you can ignore this e-mail: nothing is sent to this address again without a new registration.`;
  // The key is stored only as a hash, and the partner area and key rotation both authenticate
  // with it: a lost key cannot be recovered, only replaced by registering again.
  const keyBefore =
    'Your API key was shown once, when you registered. We keep only a fingerprint of it, so nobody can send it to you again, and both signing in to the partner area and issuing a new key need the current key. If you did not keep it, register again at';
  const keyAfter = ': you get a new partner ID and key straight away. Then put the new partner ID in your widget snippet and data API calls.';
  const links: [string, string][] = [
    ['Widget configurator: your snippet', `${input.publicUrl}/widget-configurator`],
    ['API documentation', `${input.publicUrl}/docs`],
    ['Partner area: earnings and key rotation', `${input.publicUrl}/partners`],
  ];
  const body = html`<p style="margin:0 0 16px;">${intro}</p>
<p style="margin:0 0 16px;">${keyBefore} ${link(registerUrl)}${keyAfter}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;border:1px solid #e2e8f0;border-radius:6px;table-layout:fixed;">
${links.map(
  ([label, url]) => html`<tr><td style="padding:8px 12px;border-bottom:1px solid #f1f5f9;"><span style="color:#475569;">${label}</span><br>
${link(url)}</td></tr>`,
)}
</table>`;
  const text = [
    intro,
    '',
    `${keyBefore} ${registerUrl}${keyAfter}`,
    '',
    ...links.map(([label, url]) => `${label}: ${url}`),
    '',
    `Procura support: ${SUPPORT_HOURS} (South African time).`,
  ].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

export interface PartnerStatementInput {
  number: string;
  /** "November 2026". */
  monthName: string;
  qualifiedRequests: number;
  creditsCents: number;
  carriedForwardCents: number;
  payableCents: number;
  dueOn: string | null;
  /** The partner area, where the statements are kept as PDF and CSV. */
  areaUrl: string;
}

/** A month's statement of the partner's revenue share; its PDF is attached and kept in the partner area. */
export function partnerStatementEmail(input: PartnerStatementInput): Email {
  const rand = (cents: number) => formatRand(cents / 100);
  const subject = `Procura partner statement ${input.number}: ${input.monthName}`;
  const outcome = input.dueOn
    ? `A payout of ${rand(input.payableCents)} is due by ${formatDate(input.dueOn)}.`
    : `The balance of ${rand(input.carriedForwardCents)} is below the minimum payout and is carried over to next month.`;
  const intro = `Your statement ${input.number} of the revenue share of ${input.monthName} is attached. ${outcome} It is kept in the partner area as PDF and CSV.`;
  return detailsEmail(
    subject,
    intro,
    [
      ['Statement', input.number],
      ['Qualified requests', String(input.qualifiedRequests)],
      ['Share of the month', rand(input.creditsCents)],
      ...(input.dueOn ? [['Payout due', `${rand(input.payableCents)} by ${formatDate(input.dueOn)}`] as [string, string]] : []),
      ['Carried over', rand(input.carriedForwardCents)],
    ],
    { url: input.areaUrl, label: 'Open the partner area' },
  );
}
