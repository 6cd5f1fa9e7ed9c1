// The thread that reads a SQLite market's offers beside the suppliers (`offers-thread.ts` starts
// it, one for each loading of the market): its own read-only connection, one read transaction.
// It imports nothing that needs Kysely, whose modules take about a fifth of a second to load.
import { parentPort, workerData } from 'node:worker_threads';
import { ROWS_AS_ARRAYS } from '../db/rows-as-arrays';
import { cachedStatements, openSqlite } from '../db/sqlite';
import { addressHash } from '../lib/ids';
import { readOffers, STOPS } from './offer-rows';
import type { OffersJob, OffersRead } from './offers-thread';

const { file, day, page } = workerData as OffersJob;
const db = openSqlite(file, { readonly: true, fileMustExist: true });
db.exec('PRAGMA busy_timeout = 5000');
// Prepared once each and read as arrays of values, as the loading thread reads them.
const statements = cachedStatements(db);
const select = (text: string, values: unknown[]) => statements.prepare(ROWS_AS_ARRAYS + text).all(values) as unknown[][];

db.exec('begin');
const revision = (db.prepare("select value from meta where key = 'market_revision'").pluck().get() as string | undefined) ?? '0';
// The suppliers whose listed address asked Procura to stop, as the loading thread leaves them out,
// read in this thread's transaction: a stop changes the market's revision, which the caller compares.
const stoppedAddresses = new Set(select(STOPS, []).map(([hash]) => hash as string));
const stopped = new Set<number>();
if (stoppedAddresses.size > 0) {
  for (const [id, email] of select('select id, email from suppliers', [])) if (stoppedAddresses.has(addressHash(email as string))) stopped.add(id as number);
}
const lists = [...(await readOffers(select, day, stopped, { page, asText: true })).build().values()].map((list) => list.packed());
db.exec('commit');
db.close();
// Each column's own buffer moves to the loading thread rather than being copied.
const buffers = new Set<ArrayBufferLike>(lists.flatMap((list) => list.columns.map((column) => column.buffer)));
parentPort?.postMessage({ revision, lists } satisfies OffersRead, [...buffers] as ArrayBuffer[]);
