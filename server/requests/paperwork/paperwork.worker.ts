// The thread that draws quotations, purchase orders, invoices and statements (`paperwork-render.ts` starts it): a
// document is 40 to 60 ms of PDFKit's work for a long basket, which on the main thread would hold
// every other request back while it runs.
import { parentPort } from 'node:worker_threads';
import { invoicePdf, statementPdf } from '../../billing/invoice-and-statement.pdf';
import { purchaseOrderPdf, quotationPdf } from './quotation-and-order.pdf';
import type { PaperworkJob } from './paperwork-render';

function draw(job: PaperworkJob): Promise<Buffer> {
  switch (job.kind) {
    case 'quotation':
      return quotationPdf(job.input);
    case 'purchase-order':
      return purchaseOrderPdf(job.input);
    case 'invoice':
      return invoicePdf(job.input);
    default:
      return statementPdf(job.input);
  }
}

parentPort?.on('message', async ({ id, job }: { id: number; job: PaperworkJob }) => {
  try {
    const pdf = await draw(job);
    // Its own ArrayBuffer, moved to the main thread rather than copied.
    const bytes = new Uint8Array(pdf.length);
    bytes.set(pdf);
    parentPort?.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
