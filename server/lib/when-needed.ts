import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded the first time it is used rather than as the server starts: for one
 * that only some processes use (PostgreSQL's driver where the database is SQLite, the SMTP client
 * where e-mail is held, PDFKit until a document is drawn), each a tenth to a quarter of a second
 * of start-up. `prepare` runs once, as it loads.
 */
export function whenNeeded<T>(name: string, prepare?: (loaded: T) => void): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      loaded = require(name) as T;
      prepare?.(loaded);
    }
    return loaded;
  };
}
