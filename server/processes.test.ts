import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bumpMarketRevision } from './catalogue/market.repository';
import { createDatabase, type Database } from './db/database';
import { createTestDatabase, POSTGRES_URL, validRfq, type TestDatabase } from './test/harness';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';

/** The i-th buyer, each of an organisation of its own: the per-domain e-mail cap counts each apart. */
const buyerOf = (i: number) => `buyer${i}@buyer${i}.example.co.za`;

// Real server processes, started from the built server as an operator starts it, killed and
// stopped as a process manager does. The limits waited for are the product's own: e-mails of a
// killed process out within 60 seconds of the restart, a stop within 10 seconds.

// The build is current: the server project's global set-up rebuilds what changed before any file runs.

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

type Started = ServerProcess & { base: string };

/** Starts dist/server/main.js with `env`, its PUBLIC_URL its own loopback address, once it serves. */
async function startServer(env: Record<string, string>): Promise<Started> {
  const server = await startServerProcess((port) => ({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...env }));
  running.add(server.child);
  void server.exited.then(() => running.delete(server.child));
  return { ...server, base: `http://127.0.0.1:${server.port}` };
}

interface Answer {
  status: number;
  body: string;
}

/** One request on a connection of its own; rejects with the socket's error when there is no answer. */
function send(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((done, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(`${base}${path}`, {
      method,
      agent: false,
      headers: { connection: 'close', ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      timeout: 30_000,
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs `count` jobs, at most `concurrency` at once. */
async function pool<T>(count: number, concurrency: number, job: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await job(i).then(
          (value) => ({ status: 'fulfilled', value }) as const,
          (reason: unknown) => ({ status: 'rejected', reason }) as const,
        );
      }
    }),
  );
  return results;
}

/**
 * The status of each e-mail the outbox owes: a request's leads not yet fanned out are owed, one
 * per quote, with their row's status; once fanned out, they are rows of their own.
 */
const outboxStatuses = async (database: Database) => {
  const rows = await database.db.selectFrom('outbox').select(['kind', 'status', 'payload']).execute();
  const statuses: string[] = [];
  for (const r of rows) {
    if (r.kind !== 'supplier-leads') statuses.push(r.status);
    else if (r.status !== 'sent') {
      const { rfqId } = JSON.parse(r.payload) as { rfqId: string };
      const quotes = await database.db.selectFrom('quotes').select('id').where('rfq_id', '=', rfqId).execute();
      for (const _ of quotes) statuses.push(r.status);
    }
  }
  return statuses;
};

/** Each accepted message's count by recipient; a repeat under any Message-ID counts. */
function deliveriesTo(sink: SmtpSink, address: string): number {
  return sink.received.filter((m) => m.to.includes(address)).length;
}

describe.skipIf(!POSTGRES_URL)('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  const servers: Started[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    // The processes meet the test's schema first on their search path.
    const url = `${POSTGRES_URL}${POSTGRES_URL!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${database.schema}`)}`;
    const env = { DATABASE_URL: url, SMTP_URL: sink.url, RFQ_RATE_LIMIT: '300', RFQ_RATE_WINDOW_SECONDS: '3600', DATABASE_POOL_MAX: '5' };
    servers.push(await startServer(env), await startServer(env));
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await sink?.stop();
    await database?.drop();
  });

  it('share one rate limit and one outbox: across 500 requests every buyer e-mail goes out exactly once', async () => {
    const results = await pool(500, 16, (i) => send(servers[i % 2]!.base, 'POST', '/api/rfq', validRfq({ supplierCount: 1, primaryEmail: buyerOf(i) })));
    const answers = results.map((r, i) => {
      if (r.status === 'rejected') throw new Error(`request ${i} got no answer: ${String(r.reason)}`);
      return r.value;
    });
    const accepted = answers.flatMap((a, i) => (a.status === 201 ? [i] : []));
    // One limit for the client address, counted in the database both processes share.
    expect(accepted).toHaveLength(300);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(200);
    expect(new Set(accepted.map((i) => i % 2))).toEqual(new Set([0, 1]));

    await vi.waitFor(
      async () => {
        const statuses = await outboxStatuses(database);
        expect(statuses).toHaveLength(600);
        expect(statuses.every((s) => s === 'sent')).toBe(true);
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(sink.received).toHaveLength(600);
    expect(sink.unique().size).toBe(600);
    for (const i of accepted) expect(deliveriesTo(sink, buyerOf(i))).toBe(1);
  }, 180_000);

  it('see a market change another writer made within MARKET_REFRESH_MS', async () => {
    const { id: category } = await database.db.selectFrom('categories').select('id').orderBy('sort_order').executeTakeFirstOrThrow();
    await database.db
      .insertInto('catalogue_items')
      .values({
        id: 'quartz-floor-sealer',
        name: 'Quartz Floor Sealer',
        description: 'Sealer for polished concrete floors',
        unit: 'litres',
        category_id: category,
        reference_price_cents: 9_900,
        avg_delivery: '2-3 days',
        unit_quantity: null,
        unit_description: 'per litre',
        keywords: '[]',
        sort_order: 999,
      })
      .execute();
    await bumpMarketRevision(database.db);
    // MARKET_REFRESH_MS is 1,000 by default: each process reads the revision at most a second late.
    await vi.waitFor(
      async () => {
        for (const server of servers) {
          const res = await send(server.base, 'GET', '/api/catalogue/products?q=quartz');
          expect(JSON.parse(res.body).suggestions.map((p: { name: string }) => p.name)).toContain('Quartz Floor Sealer');
        }
      },
      { timeout: 10_000, interval: 100 },
    );
  }, 30_000);
});

describe('a server process killed with e-mails on their way', () => {
  it('has them all sent within 60 seconds of its restart, none twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'procura-kill-'));
    const file = join(dir, 'procura.sqlite');
    const sink = await startSmtpSink();
    let reader: Database | undefined;
    try {
      const env = { DATABASE_URL: `sqlite:${file}`, SMTP_URL: sink.url, RFQ_RATE_LIMIT: '1000' };
      // The SMTP server hangs, so the e-mails are claimed and on their way when the process dies.
      sink.hold = true;
      const first = await startServer(env);
      for (let i = 0; i < 6; i++) {
        const res = await send(first.base, 'POST', '/api/rfq', validRfq({ supplierCount: 1, primaryEmail: `killed${i}@example.co.za` }));
        expect(res.status).toBe(201);
      }
      reader = createDatabase(`sqlite:${file}`);
      await vi.waitFor(
        async () => {
          expect(sink.held).toBeGreaterThan(0);
          expect(await outboxStatuses(reader!)).toContain('sending');
        },
        { timeout: 20_000, interval: 50 },
      );
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      const claimed = (await outboxStatuses(reader)).filter((s) => s === 'sending').length;
      expect(claimed).toBeGreaterThan(0);

      sink.hold = false;
      const second = await startServer(env);
      try {
        await vi.waitFor(
          async () => {
            const statuses = await outboxStatuses(reader!);
            expect(statuses).toHaveLength(12);
            expect(statuses.every((s) => s === 'sent')).toBe(true);
          },
          { timeout: 60_000, interval: 250 },
        );
        expect(sink.received).toHaveLength(12);
        expect(sink.unique().size).toBe(12);
        for (let i = 0; i < 6; i++) expect(deliveriesTo(sink, `killed${i}@example.co.za`)).toBe(1);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await reader?.close();
      await sink.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('an SMTP server that refuses for a while, then accepts', () => {
  it('has every e-mail delivered once it accepts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'procura-outage-'));
    const file = join(dir, 'procura.sqlite');
    const sink = await startSmtpSink();
    const reader = createDatabase(`sqlite:${file}`);
    sink.refuse = 'Service not available, try again later';
    const server = await startServer({
      DATABASE_URL: `sqlite:${file}`,
      SMTP_URL: sink.url,
      MAIL_RETRY_BASE_MS: '200',
      MAIL_MAX_ATTEMPTS: '2',
      RFQ_RATE_LIMIT: '1000',
    });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await send(server.base, 'POST', '/api/rfq', validRfq({ supplierCount: 2, primaryEmail: `outage${i}@example.co.za` }))).status).toBe(201);
      }
      // Past MAIL_MAX_ATTEMPTS, and none given up: MAIL_RETRY_HOURS has not passed.
      await vi.waitFor(
        async () => {
          const rows = await reader.db.selectFrom('outbox').select(['status', 'attempts', 'last_error']).where('kind', '!=', 'supplier-leads').execute();
          expect(rows).toHaveLength(15);
          for (const row of rows) {
            expect(row.status).toBe('pending');
            expect(row.attempts).toBeGreaterThanOrEqual(3);
            expect(row.last_error).toContain('Service not available');
          }
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(sink.received).toHaveLength(0);

      sink.refuse = null;
      await vi.waitFor(async () => expect((await outboxStatuses(reader)).every((s) => s === 'sent')).toBe(true), { timeout: 30_000, interval: 100 });
      expect(sink.received).toHaveLength(15);
      expect(sink.unique().size).toBe(15);
      for (let i = 0; i < 5; i++) expect(deliveriesTo(sink, `outage${i}@example.co.za`)).toBe(1);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await reader.close();
      await sink.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('SIGTERM during a burst of requests', () => {
  it('answers every request the server accepted and exits with code 0, inside its 10-second limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'procura-sigterm-'));
    const file = join(dir, 'procura.sqlite');
    const sink = await startSmtpSink();
    try {
      // At info level, as it is started, the server logs a line for every request it answered.
      const server = await startServer({ DATABASE_URL: `sqlite:${file}`, SMTP_URL: sink.url, RFQ_RATE_LIMIT: '100000' });
      let answered = 0;
      const results = await pool(400, 32, async (i) => {
        const answer =
          i % 2 === 0
            ? await send(server.base, 'POST', '/api/rfq', validRfq({ supplierCount: 1, primaryEmail: `burst${i}@example.co.za` }))
            : await send(server.base, 'GET', '/api/catalogue/products?q=sanitizer');
        answered += 1;
        if (answered === 60) server.child.kill('SIGTERM');
        return answer;
      });
      // A stop that outlasts its 10 seconds (SHUTDOWN_MS) ends with code 1, its work unfinished.
      const { code } = await server.exited;
      expect(code).toBe(0);

      const answers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as NodeJS.ErrnoException] : []));
      // Every request the server read, it answered and the answer arrived: the server's request
      // lines match the answers.
      const logged = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; route?: string })
        .filter((entry) => entry.msg === 'request');
      expect(logged).toHaveLength(answers.length);
      expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
      expect(answers.length).toBeGreaterThan(60);
      // The rest found the port closed: never an answer cut off.
      for (const failure of failures) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(failure.code);

      // Nothing left claimed: each e-mail of an accepted request was sent or waits for the next start.
      const reader = createDatabase(`sqlite:${file}`);
      try {
        const statuses = await outboxStatuses(reader);
        const rfqs = answers.filter((a) => a.status === 201).length;
        expect(statuses).toHaveLength(2 * rfqs);
        expect(statuses.filter((s) => s !== 'sent' && s !== 'pending')).toEqual([]);
      } finally {
        await reader.close();
      }
    } finally {
      await sink.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
