// The paperwork section: whether drawing quotations holds the server back. Long baskets' quotation
// PDFs are fetched over 16 connections for 8 s while one client asks /healthz in turn and times
// each answer; the documents are many (each drawn once, then kept), as when many buyers download.
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { basketBody, getRaw, percentile, startServer } from './harness.mjs';

export const PAPERWORK = { lines: 50, baskets: 20, connections: 16, seconds: 8 };

export async function paperworkSection() {
  const server = await startServer();
  try {
    const tokens = [];
    for (let i = 0; i < PAPERWORK.baskets; i++) {
      const res = await fetch(`${server.base}/api/rfq`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: basketBody(i, 'paperwork', PAPERWORK.lines),
      });
      if (res.status !== 201) throw new Error(`A ${PAPERWORK.lines}-line basket was answered ${res.status}: ${await res.text()}`);
      for (const q of (await res.json()).quotes) tokens.push(q.trackingToken);
    }
    const latencies = [];
    let loading = true;
    const pinging = (async () => {
      while (loading) {
        const started = performance.now();
        await getRaw(`${server.base}/healthz`);
        latencies.push(performance.now() - started);
        await sleep(5);
      }
    })();
    let n = 0;
    const load = await new Promise((resolve, reject) =>
      autocannon(
        {
          url: server.base,
          connections: PAPERWORK.connections,
          duration: PAPERWORK.seconds,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/quotes/track/${tokens[n++ % tokens.length]}/quotation.pdf` }) }],
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    );
    loading = false;
    await pinging;
    latencies.sort((a, b) => a - b);
    const ms = (p) => Math.round(percentile(latencies, p) * 10) / 10;
    return {
      documents: tokens.length,
      lines: PAPERWORK.lines,
      pdf_rps: Math.round(load.requests.average),
      pdf_p99_ms: load.latency.p99,
      pdf_non_2xx: load.non2xx,
      healthz_requests: latencies.length,
      healthz_p50_ms: ms(50),
      healthz_p99_ms: ms(99),
      healthz_max_ms: ms(100),
    };
  } finally {
    await server.stop();
  }
}
