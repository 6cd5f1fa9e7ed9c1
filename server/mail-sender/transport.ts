import type nodemailer from 'nodemailer';
import { whenNeeded } from '../lib/when-needed';
import type { Attachment } from './templates/layout';

/** One e-mail ready for the wire. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers?: Record<string, string>;
  attachments?: Attachment[];
}

/** Where the outbox worker hands e-mails; resolves once the server accepted the message. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The SMTP client, loaded with the first SMTP transport: a process that holds e-mail never loads it. */
const smtpClient = whenNeeded<typeof nodemailer>('nodemailer');

/** How many e-mails the SMTP transport sends at once, one per pooled connection. */
export const MAIL_CONCURRENCY = 10;

/** SMTP with pooled connections, from a URL such as smtp://user:pass@host:587 or smtps://host:465. */
export function smtpTransport(url: string): MailTransport {
  const transporter = smtpClient().createTransport({
    url,
    pool: true,
    maxConnections: MAIL_CONCURRENCY,
    // A hung server fails the attempt rather than holding its row: the worker renews the claim
    // while it waits, so without a timeout the e-mail would wait for ever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({ ...mail, disableFileAccess: true, disableUrlAccess: true });
    },
    close: () => transporter.close(),
  };
}
