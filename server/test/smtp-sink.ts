import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  messageId: string;
  /** Envelope recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Each header as written on the wire, unfolded, by lower-case name. */
  headers: Record<string, string>;
}

export interface SmtpSink {
  url: string;
  /** Every message accepted, repeats included, in arrival order. */
  received: ReceivedMail[];
  /** Accepted messages, one per Message-ID: what a receiver that recognises repeats keeps. */
  unique(): Map<string, ReceivedMail>;
  /** While set, every recipient is refused with this temporary failure. */
  refuse: string | null;
  /**
   * While set, every recipient is left unanswered, as by a server that hangs: the sender waits
   * with its e-mail on its way. Such sessions stay unanswered until `stop`.
   */
  hold: boolean;
  /** Recipients left unanswered by `hold` so far. */
  held: number;
  /** Stops listening (an outage); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A real SMTP server on loopback that parses and keeps what it accepts. */
export async function startSmtpSink(): Promise<SmtpSink> {
  let port = 0;
  let server: SMTPServer | undefined;
  const sink: SmtpSink = {
    url: '',
    received: [],
    refuse: null,
    hold: false,
    held: 0,
    unique() {
      return new Map(sink.received.map((m) => [m.messageId, m]));
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        disableReverseLookup: true,
        // Outages in tests should begin at once, not after open connections drain.
        closeTimeout: 100,
        onRcptTo(_address, _session, callback) {
          if (sink.hold) sink.held += 1;
          else if (sink.refuse) callback(Object.assign(new Error(sink.refuse), { responseCode: 451 }));
          else callback();
        },
        onData(stream, session, callback) {
          simpleParser(stream).then(
            (mail) => {
              sink.received.push({
                messageId: mail.messageId ?? '',
                to: session.envelope.rcptTo.map((r) => r.address),
                from: mail.from?.text ?? '',
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: typeof mail.html === 'string' ? mail.html : '',
                headers: Object.fromEntries(
                  mail.headerLines.map(({ key, line }) => [
                    key,
                    line
                      .slice(line.indexOf(':') + 1)
                      .replace(/\r?\n(?=[ \t])/g, '')
                      .trim(),
                  ]),
                ),
              });
              callback();
            },
            (err: Error) => callback(err),
          );
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
      // A client that dies mid-session (a killed server process) resets its connection; that is
      // the sender's failure to test, not the sink's.
      server.on('error', () => {});
      port = (server.server.address() as AddressInfo).port;
      sink.url = `smtp://127.0.0.1:${port}`;
    },
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
  };
  await sink.start();
  return sink;
}
