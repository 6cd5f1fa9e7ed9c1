// The server's entry. The offers of a large market are most of what the server reads before it is
// ready, so their thread starts first, and the rest of the server (about two thirds of a second of
// modules on a two-core machine at bare Node HTTP about 32,000/s) loads while it reads.
import { setFlagsFromString } from 'node:v8';
import { PAGE } from './catalogue/offer-rows';
import { startOffersRead } from './catalogue/offers-thread';
import { DEFAULT_DATABASE_URL, sqliteFileOf } from './db/database-url';
import { validityDay } from './domain/validity';

/**
 * How far the heap may grow past what the last full collection kept before the next one, in
 * percent of it. The market is most of what the heap keeps (about 130 MB at 100,000 suppliers),
 * and V8 by default lets the heap grow to several times that before collecting, which under load
 * doubles the process's resident memory with garbage. 40 % of it again holds the peak under load
 * near 480 MB at 100,000 suppliers. Half held it near 495 MB for about 7 % more CPU per request
 * than V8's default, and 40 % adds about 8 µs of full collections to each request on a slow machine
 * (docs/operations.md); it scales with the market rather than capping it. V8 reads it
 * at each collection, so setting it here, before the market is read, takes effect.
 */
const HEAP_GROWING_PERCENT = 40;
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

/**
 * Starts reading the offers, then loads the rest of the server and serves. The reading is held by
 * this call alone, so it is let go once the server has started: a constant of the module would
 * keep the offers it read for the life of the process, past the market's next reading.
 */
async function start(): Promise<void> {
  // Where the database is a SQLite file; a missing file or an older schema fails on the thread, and the market is then read as usual.
  const file = sqliteFileOf(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  const offersRead = file === undefined ? undefined : startOffersRead({ file, day: validityDay(Date.now()), page: PAGE });
  const { serve } = await import('./serve');
  await serve(offersRead);
}

start().catch((err: unknown) => {
  console.error('Procura could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
