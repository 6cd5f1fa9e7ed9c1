import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, validRfq, type TestServer } from '../test/harness';
import { testWorkerBasics } from '../test/mail-worker';
import { DEFAULT_RETRY_HOURS, MailWorker, type MailWorkerOptions } from './mail-worker';
import { requeueRows } from '../mail/outbox.repository';
import type { MailTransport, OutgoingMail } from './transport';

const HOUR_MS = 60 * 60 * 1000;
const silent = pino({ level: 'silent' });

/** A transport that refuses while `down` is set, as an SMTP server in an outage does, and keeps what it accepts. */
function outageTransport() {
  const state = { down: true, sent: [] as OutgoingMail[], refused: 0 };
  const transport: MailTransport = {
    async send(mail) {
      if (state.down) {
        state.refused += 1;
        throw Object.assign(new Error('Connection refused'), { code: 'ECONNREFUSED' });
      }
      state.sent.push(mail);
    },
    close: () => {},
  };
  return { state, transport };
}

describe('the retry schedule', () => {
  let server: TestServer;
  let clock: number;

  beforeEach(async () => {
    server = await startTestServer();
    // Four e-mails (the buyer's and three leads), held without SMTP, then put in the queue.
    expect((await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3 }) })).status).toBe(201);
    clock = Date.parse('2026-11-20T08:00:00.000Z');
    expect(await requeueRows(server.database.db, { from: 'held', now: new Date(clock).toISOString() })).toBe(4);
  });
  afterEach(async () => {
    await server.close();
  });

  function worker(transport: MailTransport, overrides: Partial<MailWorkerOptions> = {}) {
    return new MailWorker({
      database: server.database,
      transport,
      logger: silent,
      from: 'Procura <quotes@procura.test>',
      settings: server.app.deps.outbox.settings,
      market: server.app.deps.market,
      maxAttempts: 8,
      retryBaseMs: 30_000,
      batchSize: 10,
      now: () => new Date(clock),
      ...overrides,
    });
  }

  const rows = () => server.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();

  /** Moves the clock to the next retry due and lets the worker try; answers false once nothing waits. */
  async function nextAttempt(w: MailWorker): Promise<boolean> {
    const waiting = (await rows()).filter((r) => r.status === 'pending');
    if (waiting.length === 0) return false;
    clock = Math.max(clock, Math.min(...waiting.map((r) => Date.parse(r.next_attempt_at))));
    expect(await w.drainOnce()).toBeGreaterThan(0);
    return true;
  }

  it('gives no e-mail up before it has failed for MAIL_RETRY_HOURS, at least 24 hours', async () => {
    const start = clock;
    const { state, transport } = outageTransport();
    const w = worker(transport);
    const deaths = new Map<number, number>();
    let gaps = 0;
    for (let tries = 0; tries < 500; tries++) {
      const before = clock;
      if (!(await nextAttempt(w))) break;
      // Backoff never leaves an e-mail waiting more than an hour once the server is back.
      expect(clock - before).toBeLessThanOrEqual(HOUR_MS);
      gaps += 1;
      for (const row of await rows()) {
        if (row.status === 'dead' && !deaths.has(row.id)) deaths.set(row.id, clock);
      }
    }
    expect(deaths.size).toBe(4);
    for (const [, diedAt] of deaths) {
      expect(diedAt - start).toBeGreaterThanOrEqual(24 * HOUR_MS);
      expect(diedAt - start).toBeGreaterThanOrEqual(DEFAULT_RETRY_HOURS * HOUR_MS);
      // Given up at the first failure after the span, an hour at most later.
      expect(diedAt - start).toBeLessThanOrEqual((DEFAULT_RETRY_HOURS + 1) * HOUR_MS);
    }
    for (const row of await rows()) {
      expect(row.status).toBe('dead');
      expect(row.failing_since).toBe(new Date(start).toISOString());
      expect(row.last_error).toBe('Connection refused (ECONNREFUSED)');
      // Far more than MAIL_MAX_ATTEMPTS: the time decides, not the count.
      expect(row.attempts).toBeGreaterThan(40);
    }
    expect(state.sent).toHaveLength(0);
    expect(gaps).toBeGreaterThan(40);
  });

  it('delivers every e-mail when the server comes back after a 24-hour outage', async () => {
    const start = clock;
    const { state, transport } = outageTransport();
    const w = worker(transport, { retryForMs: 24 * HOUR_MS });
    while (clock - start < 24 * HOUR_MS - HOUR_MS) expect(await nextAttempt(w)).toBe(true);
    expect((await rows()).every((r) => r.status === 'pending')).toBe(true);
    state.down = false;
    while (await nextAttempt(w));
    const after = await rows();
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(after.every((r) => r.failing_since === null)).toBe(true);
    expect(new Set(state.sent.map((m) => m.messageId))).toEqual(new Set(after.map((r) => r.message_id)));
    expect(state.refused).toBeGreaterThan(4 * 20);
  });

  it('counts the outage again from the start for an e-mail staff put back in the queue', async () => {
    const start = clock;
    const { transport } = outageTransport();
    const w = worker(transport, { retryForMs: 2 * HOUR_MS, maxAttempts: 2 });
    while (await nextAttempt(w));
    expect((await rows()).every((r) => r.status === 'dead')).toBe(true);
    clock = start + 10 * HOUR_MS;
    expect(await requeueRows(server.database.db, { from: 'dead', now: new Date(clock).toISOString() })).toBe(4);
    expect((await rows()).every((r) => r.failing_since === null && r.attempts === 0)).toBe(true);
    const requeuedAt = clock;
    expect(await nextAttempt(w)).toBe(true);
    // Failed once more, ten hours after the first failure, and still given its two hours.
    expect((await rows()).map((r) => [r.status, r.failing_since])).toEqual(Array(4).fill(['pending', new Date(requeuedAt).toISOString()]));
  });
});

describe('a claim being sent', () => {
  it('is renewed while its e-mail is on its way, so no other worker takes it', async () => {
    const server = await startTestServer();
    try {
      expect((await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 1 }) })).status).toBe(201);
      expect(await requeueRows(server.database.db, { from: 'held', now: new Date().toISOString() })).toBe(2);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const sent: OutgoingMail[] = [];
      const slow: MailTransport = {
        async send(mail) {
          await released;
          sent.push(mail);
        },
        close: () => {},
      };
      const options = { ...testWorkerBasics(server), database: server.database };
      const first = new MailWorker({ ...options, transport: slow, leaseMs: 300, renewEveryMs: 50 });
      const draining = first.drainOnce();
      const leases = async () =>
        (await server.database.db.selectFrom('outbox').select(['status', 'next_attempt_at']).execute()).map((r) => [r.status, r.next_attempt_at]);
      const claimedWith = await vi.waitFor(async () => {
        const now = await leases();
        expect(now.every(([status]) => status === 'sending')).toBe(true);
        return now;
      });
      // Renewed several times over: the claims outlived their first lease many times.
      await vi.waitFor(
        async () => {
          const now = await leases();
          for (const [i, [, until]] of now.entries()) expect(Date.parse(until!)).toBeGreaterThan(Date.parse(claimedWith[i]![1]!) + 1_000);
        },
        { timeout: 10_000, interval: 50 },
      );

      const second = new MailWorker({ ...options, transport: slow });
      expect(await second.drainOnce()).toBe(0);
      release();
      expect(await draining).toBe(2);
      expect(sent).toHaveLength(2);
      expect((await leases()).every(([status]) => status === 'sent')).toBe(true);
    } finally {
      await server.close();
    }
  });
});
