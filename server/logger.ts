import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * An e-mail address as it appears in a serialised log line: SMTP servers quote the recipient in
 * their errors, and an unexpected error's message may carry one from input.
 */
const EMAIL_ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+/g;

/** Replaces every e-mail address in a log line; the line stays valid JSON. */
function withoutEmailAddresses(line: string): string {
  return line.replace(EMAIL_ADDRESS, '[e-mail address]');
}

/**
 * Structured JSON logs, on stdout unless `destination` is given. Every line is written without
 * e-mail addresses, whichever part of the server logged it.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'procura' },
    timestamp: pino.stdTimeFunctions.isoTime,
    hooks: { streamWrite: withoutEmailAddresses },
  };
  return destination ? pino(options, destination) : pino(options);
}
