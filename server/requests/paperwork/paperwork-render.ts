import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../../errors';
import { builtWorkerFile } from '../../lib/built-worker';
import { LruCache } from '../../lib/lru';
import type { InvoiceInput, StatementInput } from '../../billing/invoice-and-statement.pdf';
import type { PurchaseOrderInput, QuotationInput } from './quotation-and-order.pdf';

/** A document to draw: everything it shows, so equal jobs draw equal bytes. */
export type PaperworkJob =
  | { kind: 'quotation'; input: QuotationInput }
  | { kind: 'purchase-order'; input: PurchaseOrderInput }
  | { kind: 'invoice'; input: InvoiceInput }
  | { kind: 'statement'; input: StatementInput };

/**
 * Drawn documents, by a hash of everything they show: a quote or order read again in the same
 * state is answered from here, and one that changed (a withdrawal, a new day's B-BBEE standing)
 * hashes anew. A purchase order holds the buyer's contact, so none is kept past {@link KEPT_MS}.
 */
const KEPT_MS = 10 * 60_000;
const kept = new LruCache<Buffer>({ maxEntries: 500, maxWeight: 32 * 1024 * 1024, ttlMs: KEPT_MS, weigh: (b) => b.length });
/** Jobs being drawn: a second request for the same document waits for the first one's bytes. */
const drawing = new Map<string, Promise<Buffer>>();

/** Documents waiting for the drawing thread past which a new one is refused for now (503). */
const MAX_WAITING = 64;

/** The built drawing thread (see {@link builtWorkerFile}). */
function workerFile(): string {
  const file = builtWorkerFile('paperwork-worker.js');
  if (file === undefined) throw new Error('dist/server/paperwork-worker.js is missing: run npm run build');
  return file;
}

interface Waiting {
  resolve(bytes: Buffer): void;
  reject(err: Error): void;
}

/** One drawing thread, started with the first document and left to end with the process. */
class DrawingThread {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #waiting = new Map<number, Waiting>();

  draw(job: PaperworkJob): Promise<Buffer> {
    if (this.#waiting.size >= MAX_WAITING) {
      return Promise.reject(
        new ApiError(503, 'paperwork_busy', 'Too many documents are being prepared; try again in a few seconds', undefined, { 'Retry-After': '5' }),
      );
    }
    const id = this.#nextId++;
    const worker = this.#started();
    return new Promise<Buffer>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(workerFile());
    // Waiting for nothing, the thread does not keep the process alive.
    worker.unref();
    worker.on('message', ({ id, bytes, error }: { id: number; bytes?: Uint8Array; error?: string }) => {
      const waiting = this.#waiting.get(id);
      this.#waiting.delete(id);
      if (!waiting) return;
      if (bytes) waiting.resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      else waiting.reject(new Error(`The document could not be drawn: ${error}`));
    });
    const lost = (err: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      for (const waiting of this.#waiting.values()) waiting.reject(err);
      this.#waiting.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The drawing thread stopped (exit ${code})`)));
    this.#worker = worker;
    return worker;
  }
}

const thread = new DrawingThread();

/** Documents this process drew on its thread, and answered from those it kept, since it started. */
const counts = { drawn: 0, kept: 0 };

/** {@link counts}, for the metrics. */
export function paperworkCounts(): Readonly<typeof counts> {
  return counts;
}

/** A document's PDF: drawn once per state, on the drawing thread, and kept a while. */
export function renderPaperwork(job: PaperworkJob): Promise<Buffer> {
  const key = createHash('sha256').update(JSON.stringify(job)).digest('base64url');
  const done = kept.get(key);
  if (done) {
    counts.kept++;
    return Promise.resolve(done);
  }
  const pending = drawing.get(key);
  if (pending) return pending;
  const bytes = thread.draw(job).then((pdf) => {
    counts.drawn++;
    kept.set(key, pdf);
    return pdf;
  });
  drawing.set(key, bytes);
  const forget = () => drawing.delete(key);
  bytes.then(forget, forget);
  return bytes;
}
