/**
 * What a buyer is told besides the quotes: how soon suppliers answer, the e-mail caps and why an
 * e-mail was not sent, and the notice a widget demo's request carries.
 *
 * @module
 */

/**
 * The response time a supplier is ranked with when it has none recorded: the default of an import
 * line. Buyers are never shown it as the supplier's own.
 *
 * @example
 * const hours = supplier.responseTimeHours ?? ASSUMED_RESPONSE_HOURS; // 24 when none is recorded
 */
export const ASSUMED_RESPONSE_HOURS = 24;

/**
 * When a supplier usually answers, as buyers read it: its recorded response time, or the spec's
 * "Expected supplier response 24-48 hours" when it has none.
 *
 * @example
 * supplierResponseText(4); // 'Usually within 4 hours'
 * supplierResponseText(72); // 'Usually within 3 days'
 * supplierResponseText(null); // 'Expected 24-48 hours'
 */
export function supplierResponseText(hours: number | null): string {
  if (hours === null) return 'Expected 24-48 hours';
  const within = hours >= 48 && hours % 24 === 0 ? `${hours / 24} days` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `Usually within ${within}`;
}

/**
 * Most buyer quote e-mails one address receives in a rolling 24 hours, whoever asks for them.
 *
 * @example
 * BUYER_EMAILS_PER_DAY; // 5
 */
export const BUYER_EMAILS_PER_DAY = 5;

/**
 * Most quote e-mails the mailboxes of one organisation's domain receive in a rolling 24 hours,
 * whoever asks for them; the large public mail providers, where every mailbox is someone else's,
 * are counted per mailbox only.
 *
 * @example
 * DOMAIN_EMAILS_PER_DAY; // 200
 */
export const DOMAIN_EMAILS_PER_DAY = 200;

/**
 * Why a buyer's quotes were not e-mailed to an address: it has had {@link BUYER_EMAILS_PER_DAY}
 * quote e-mails in the last 24 hours, its domain has had {@link DOMAIN_EMAILS_PER_DAY}, or it
 * asked for no more.
 *
 * @example
 * EMAIL_NOT_SENT_REASONS.includes('daily_limit'); // true
 */
export const EMAIL_NOT_SENT_REASONS = ['daily_limit', 'domain_limit', 'unsubscribed'] as const;
/**
 * One of {@link EMAIL_NOT_SENT_REASONS}.
 *
 * @example
 * const reason: EmailNotSentReason = 'unsubscribed';
 */
export type EmailNotSentReason = (typeof EMAIL_NOT_SENT_REASONS)[number];

const NOT_SENT_BECAUSE: Record<EmailNotSentReason, string> = {
  daily_limit: `it has already received ${BUYER_EMAILS_PER_DAY} quote e-mails from Procura in the last 24 hours`,
  domain_limit: `its domain has already received ${DOMAIN_EMAILS_PER_DAY} quote e-mails from Procura in the last 24 hours`,
  unsubscribed: 'it asked Procura to send it no more quote e-mails',
};

/**
 * The sentence a buyer reads when some of their addresses were not e-mailed, or null when every
 * address was; the addresses come masked from the server's answer.
 *
 * @example
 * emailNotSentMessage([{ email: 'j***@example.co.za', reason: 'daily_limit' }]);
 * // 'We did not e-mail these quotes to j***@example.co.za: it has already received 5 quote e-mails from Procura in the last 24 hours.'
 */
export function emailNotSentMessage(notSent: readonly { email: string; reason: EmailNotSentReason }[]): string | null {
  if (notSent.length === 0) return null;
  const reasons = notSent.map(({ email, reason }) => `${email}: ${NOT_SENT_BECAUSE[reason]}`);
  return `We did not e-mail these quotes to ${reasons.join('; nor to ')}.`;
}

/**
 * What a request from the widget demo says of itself, on its pages and in its e-mail.
 *
 * @example
 * if (rfq.demo) notice.textContent = DEMO_REQUEST_NOTICE;
 */
export const DEMO_REQUEST_NOTICE = 'A demo: this request came from the widget demo, so no supplier was told of it and its quotes cannot be accepted.';
