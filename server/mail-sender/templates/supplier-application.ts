// The e-mails of a business applying to supply: the link that verifies its address, and staff's
// rejection. Of what the applicant typed, they carry only the company's name, escaped: an
// application is no way to send anyone words of one's own.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { html } from '../../lib/html';
import type { OutboxMessage } from '../../mail/messages';
import { APPLICATION_LINK_HOURS } from '../../supplier-applications/supplier-applications.service';
import { applicationForMail } from '../../supplier-applications/supplier-applications.repository';
import { button, type Email, footer, layout, link } from './layout';

interface ApplicationVerifyInput {
  companyName: string;
  /** `PUBLIC_URL/suppliers/join#ap_…`: the token rides in the fragment, which browsers never send. */
  link: string;
  validHours: number;
}

/** The link that sends an application to Procura's team once the address is shown to be the applicant's. */
function applicationVerifyEmail(input: ApplicationVerifyInput): Email {
  const subject = 'Confirm your application to supply through Procura';
  const intro = `Someone applied with this address for ${input.companyName} to supply buyers through Procura. Open the link to confirm it was you: only then does Procura's team see the application.`;
  const validity = `The link works once, within ${input.validHours} hours. If you did not apply, ignore this e-mail: the application is deleted after a week.`;
  const body = html`<p style="margin:0 0 16px;">Someone applied with this address for <strong>${input.companyName}</strong> to supply buyers through Procura. Open the link to confirm it was you: only then does Procura's team see the application.</p>
<p style="margin:0 0 16px;">${button(input.link, 'Confirm the application')}</p>
<p style="margin:0 0 16px;">${link(input.link)}</p>
<p style="margin:0;color:#475569;">${validity}</p>`;
  return {
    subject,
    html: layout(subject, 'Confirm your application to supply through Procura', body),
    text: [intro, '', input.link, '', validity, '', footer].join('\n'),
  };
}

interface ApplicationRejectedInput {
  companyName: string;
  reason: string;
  joinUrl: string;
}

/** Staff's answer to an application they could not approve, with their reason. */
function applicationRejectedEmail(input: ApplicationRejectedInput): Email {
  const subject = 'Your application to supply through Procura';
  const intro = `Procura's team could not approve the application for ${input.companyName}.`;
  const next = 'Once what the reason names is put right, you are welcome to apply again.';
  const body = html`<p style="margin:0 0 16px;">Procura's team could not approve the application for <strong>${input.companyName}</strong>. The reason they gave:</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #cbd5e1;white-space:pre-line;">${input.reason}</blockquote>
<p style="margin:0 0 16px;">${next}</p>
<p style="margin:0;">${link(input.joinUrl)}</p>`;
  return {
    subject,
    html: layout(subject, intro, body),
    text: [intro, 'The reason they gave:', '', input.reason, '', next, input.joinUrl, '', footer].join('\n'),
  };
}

/** Renders an application's e-mail from its row, or answers why it cannot be (deleted since, or sent and its link not kept). */
export async function applicationEmail(
  db: Kysely<DB>,
  publicUrl: string,
  message: Extract<OutboxMessage, { kind: 'supplier-application' | 'supplier-application-rejected' }>,
): Promise<Email | string> {
  const a = await applicationForMail(db, message.payload.applicationId);
  if (!a) return 'This application no longer exists';
  if (message.kind === 'supplier-application-rejected') {
    return applicationRejectedEmail({ companyName: a.company_name, reason: a.rejection_reason ?? '', joinUrl: `${publicUrl}/suppliers/join` });
  }
  const { token } = message.payload as { token?: string };
  if (!token) return 'This e-mail was sent; its link is not kept';
  return applicationVerifyEmail({ companyName: a.company_name, link: `${publicUrl}/suppliers/join#${token}`, validHours: APPLICATION_LINK_HOURS });
}
