import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POSTGRES_URL, startTestServer, validRfq, type TestServer } from '../test/harness';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';

const TOKEN = 'metrics-token-0123456789abcdef';
let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: sink.url, METRICS_TOKEN: TOKEN, RFQ_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await server.close();
  await sink.stop();
});

/** The value of the sample named exactly `sample` (with its labels), or undefined. */
function sampleOf(text: string, sample: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

const scrape = async (headers: Record<string, string> = {}) => server.request('GET', '/metrics', { headers });

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, never by the path', async () => {
    const token = 'qt_secret-token-in-the-path';
    expect((await server.request('GET', `/api/quotes/track/${token}`)).status).toBe(404);
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(sampleOf(res.text, 'procura_http_requests_total{method="GET",route="/api/quotes/track/:token",status="404"}')).toBe(1);
    expect(sampleOf(res.text, 'procura_http_requests_total{method="GET",route="/healthz",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(res.text, 'procura_http_request_duration_seconds_count{method="GET",route="/api/quotes/track/:token"}')).toBe(1);
    expect(sampleOf(res.text, 'procura_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz"}')).toBeGreaterThanOrEqual(1);
    expect(res.text).not.toContain(token);
    // The process's own figures come along.
    expect(sampleOf(res.text, 'procura_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('names every metric as promtool check metrics asks: a counter ends in _total, nothing else does', async () => {
    const { text } = await scrape();
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({ name: name!, type: type! }));
    expect(types.length).toBeGreaterThan(10);
    for (const { name, type } of types) expect([name, type === 'counter']).toEqual([name, name.endsWith('_total')]);
  });

  it('reads the outbox, e-mail handovers and the market size', async () => {
    expect((await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3, primaryEmail: 'metrics@example.co.za' }) })).status).toBe(201);
    await vi.waitFor(() => expect(sink.received).toHaveLength(4), { timeout: 15_000, interval: 20 });
    const db = server.database.db;
    await vi.waitFor(
      async () => {
        const rows = await db.selectFrom('outbox').select('status').execute();
        expect(rows.every((r) => r.status === 'sent')).toBe(true);
      },
      { timeout: 15_000, interval: 20 },
    );
    // One e-mail waiting since two minutes ago, as if the SMTP server were refusing it.
    await db
      .insertInto('outbox')
      .values({
        message_id: '<waiting@procura.test>',
        kind: 'partner-welcome',
        recipient: 'waiting@example.co.za',
        priority: 9,
        payload: '{}',
        status: 'pending',
        attempts: 1,
        next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
        created_at: new Date(Date.now() - 120_000).toISOString(),
      })
      .execute();

    const text = (await scrape()).text;
    expect(sampleOf(text, 'procura_outbox_emails{status="sent"}')).toBe(4);
    expect(sampleOf(text, 'procura_outbox_emails{status="pending"}')).toBe(1);
    expect(sampleOf(text, 'procura_outbox_emails{status="dead"}')).toBe(0);
    const oldest = sampleOf(text, 'procura_outbox_oldest_waiting_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(120);
    expect(oldest).toBeLessThan(180);
    expect(sampleOf(text, 'procura_email_send_duration_seconds_count{outcome="sent"}')).toBe(4);

    const suppliers = await db
      .selectFrom('suppliers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const offers = await db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(sampleOf(text, 'procura_market_size{of="suppliers"}')).toBe(Number(suppliers.n));
    expect(sampleOf(text, 'procura_market_size{of="offers"}')).toBe(Number(offers.n));
    await db.deleteFrom('outbox').where('message_id', '=', '<waiting@procura.test>').execute();
  });

  it('shows the PostgreSQL pool, and nothing of a pool on SQLite', async () => {
    const text = (await scrape()).text;
    if (POSTGRES_URL) {
      expect(sampleOf(text, 'procura_db_pool_connections{state="max"}')).toBe(10);
      expect(sampleOf(text, 'procura_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      // The scrape's own queries may be waiting for a connection being opened.
      expect(sampleOf(text, 'procura_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('procura_db_pool');
    }
  });

  it('answers 404 to a client a proxy forwarded, unless it sends METRICS_TOKEN', async () => {
    const notFound = { error: { code: 'not_found', message: 'No route for GET /metrics' } };
    const refused: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong-token-0123456789abcdef' },
      { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}x` },
      { 'x-forwarded-for': '203.0.113.9', authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect([headers, res.status, res.json]).toEqual([headers, 404, notFound]);
      expect(res.text).not.toContain('procura_');
    }
    const allowed = await scrape({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('procura_http_requests_total');
  });

  it('is never read by anyone off this machine when no token is set', async () => {
    const own = await startTestServer({});
    try {
      expect((await own.request('GET', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer ' } })).status).toBe(404);
      expect((await own.request('GET', '/metrics')).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
