import pino, { type Logger } from 'pino';

/** Structured JSON logs on stdout. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'procura' }, timestamp: pino.stdTimeFunctions.isoTime });
}
