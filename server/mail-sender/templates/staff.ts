// The e-mails Procura's own teams receive: the partners team's notice of a registration and the
// sales team's notice of a demo booking.
import { html } from '../../lib/html';
import { detailsTable, type Email, layout, link } from './layout';
import type { PartnerMailInput } from './partner';

/** The partners team's notice of a registration. */
export function partnerRegisteredEmail(input: PartnerMailInput): Email {
  const subject = `New partner: ${input.companyName} (${input.integrationType})`;
  const intro = `${input.companyName} registered as a partner.`;
  const rows: [string, string][] = [
    ['Partner id', input.partnerId],
    ['Contact', `${input.contactName} <${input.contactEmail}>`],
    ['Website', input.website],
    ['Business type', input.businessType],
    ['Integration', input.integrationType],
    ['Monthly traffic', input.monthlyTraffic],
    ['Use case', input.useCase],
  ];
  const body = html`<p style="margin:0 0 16px;">${intro}</p>${detailsTable(rows)}`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
  return { subject, html: layout(subject, intro, body), text };
}

export interface DemoRequestMailInput {
  demoRequestId: number;
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  /** The band's words, or null when not given. */
  monthlySpend: string | null;
  currentSuppliers: string;
  painPoints: string;
  publicUrl: string;
}

/** The sales team's notice of a demo booking: who, how to reach them, and where the prospect waits. Replies go to the requester. */
export function demoRequestEmail(input: DemoRequestMailInput): Email {
  const subject = `Demo request: ${input.companyName}`;
  const intro = `${input.contactPerson} of ${input.companyName} booked a demo. The site promises a reply within 24 hours.`;
  const rows: [string, string][] = [
    ['Company', input.companyName],
    ['Name', input.contactPerson],
    ['E-mail', input.email],
    ['Phone', input.phone],
    ['Monthly spend', input.monthlySpend ?? 'Not given'],
    ['Current suppliers', input.currentSuppliers || 'Not given'],
    ['Biggest challenge', input.painPoints || 'Not given'],
  ];
  const dashboard = `${input.publicUrl}/customer-dashboard`;
  const body = html`<p style="margin:0 0 16px;">${intro}</p>${detailsTable(rows)}
<p style="margin:16px 0 0;">The request is a new prospect in the ${link(dashboard)} Prospect List (source: demo request).</p>`;
  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `The request is a new prospect in the Prospect List (source: demo request): ${dashboard}`,
  ].join('\n');
  return { subject, html: layout(subject, intro, body), text, headers: { 'Reply-To': input.email } };
}
