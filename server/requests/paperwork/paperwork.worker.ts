// The thread that draws quotations and purchase orders (`paperwork-render.ts` starts it): a
// document is 40 to 60 ms of PDFKit's work for a long basket, which on the main thread would hold
// every other request back while it runs.
import { parentPort } from 'node:worker_threads';
import { purchaseOrderPdf, quotationPdf } from './quotation-and-order.pdf';
import type { PaperworkJob } from './paperwork-render';

parentPort?.on('message', async ({ id, job }: { id: number; job: PaperworkJob }) => {
  try {
    const pdf = job.kind === 'quotation' ? await quotationPdf(job.input) : await purchaseOrderPdf(job.input);
    // Its own ArrayBuffer, moved to the main thread rather than copied.
    const bytes = new Uint8Array(pdf.length);
    bytes.set(pdf);
    parentPort?.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
