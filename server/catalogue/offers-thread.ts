import { Worker } from 'node:worker_threads';
import { OfferList, type OfferLists, type PackedOfferList } from '../domain/market';
import { builtWorkerFile } from '../lib/built-worker';

/** What the offers' thread is asked: the SQLite file, the day offers are quotable on, rows a query reads. */
export interface OffersJob {
  file: string;
  day: string;
  page: number;
}

/** What the offers' thread answers: the market's revision in its snapshot, and the lists, their columns moved rather than copied. */
export interface OffersRead {
  revision: string;
  lists: PackedOfferList[];
}

/** The offers a thread read, with the revision of the market it saw. */
export interface ThreadOffers {
  revision: string;
  offers: OfferLists;
}

/**
 * Reads a SQLite market's offers on a thread of its own, with its own connection and read
 * transaction, while the caller reads the suppliers: at 100,000 suppliers and two million offers
 * the offers are most of loading the market, and the two readings take about as long as the
 * longer one. Answers the lists with the revision of the market the thread saw, which the caller
 * compares with its own, or undefined when the thread could not run (no build, no file, an
 * error): the caller then reads the offers itself.
 */
export function readOffersOnThread(job: OffersJob, signal?: AbortSignal): Promise<ThreadOffers | undefined> {
  const file = builtWorkerFile('offers-worker.js');
  if (file === undefined || signal?.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const worker = new Worker(file, { workerData: job });
    let answered = false;
    const answer = (value: ThreadOffers | undefined) => {
      if (answered) return;
      answered = true;
      resolve(value);
      void worker.terminate();
    };
    worker.once('message', ({ revision, lists }: OffersRead) => {
      const offers = new Map(lists.map((packed) => [packed.itemId, OfferList.unpacked(packed)]));
      answer({ revision, offers: { build: () => offers } });
    });
    worker.once('error', () => answer(undefined));
    worker.once('exit', () => answer(undefined));
    // Stopped, the thread ends where it is, its reading for nothing.
    signal?.addEventListener('abort', () => answer(undefined), { once: true });
  });
}

/** A reading of the offers started before the market is first read, and the job it was given. */
export interface StartedOffersRead {
  job: OffersJob;
  read: Promise<ThreadOffers | undefined>;
  /** Stops the reading (its `read` then answers undefined): for a market that will be read afresh, after a migration or a seed. */
  cancel(): void;
}

/**
 * Starts reading the offers of the market in `file` as the process starts, while the rest of the
 * server loads (about two thirds of a second; see main.ts), so that the first reading of the market
 * finds them read or nearly: see `loadMarketInput`, which takes them when it reads the same file on
 * the same day and its market is at the revision the thread saw.
 */
export function startOffersRead(job: OffersJob): StartedOffersRead {
  const stop = new AbortController();
  return { job, read: readOffersOnThread(job, stop.signal), cancel: () => stop.abort() };
}
