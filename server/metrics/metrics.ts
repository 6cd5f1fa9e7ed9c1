import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MarketStore } from '../catalogue/market-store';
import type { Database } from '../db/database';
import { routeOf } from '../http/request-context';
import { readOutboxDepth } from '../mail/outbox';
import { paperworkCounts } from '../requests/paperwork/paperwork-render';
import { OUTBOX_STATUSES, type OutboxDepth } from '../../contract/schemas/outbox';

/** The process's own figures (memory, CPU, event loop), collected once however many apps a process builds. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'procura_' });
    // Gauges may not end in _total (promtool check metrics): prom-client's sums of the active
    // handles, requests and resources do; the same counts by type stay, under names that pass.
    for (const name of ['procura_nodejs_active_handles_total', 'procura_nodejs_active_requests_total', 'procura_nodejs_active_resources_total']) {
      if (processRegistry.getSingleMetric(name)) processRegistry.removeSingleMetric(name);
    }
  }
  return processRegistry;
}

/**
 * The server's figures in Prometheus's text format: requests by route pattern (never the path,
 * which carries tokens) and status with their latency, e-mail handovers with theirs, and, read
 * from the database when scraped, the outbox by status with its oldest waiting e-mail, the
 * connection pool's use and the market's size.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly sends: Histogram<'outcome'>;

  constructor(deps: { database: Database; market: MarketStore; logger: Logger; clock: () => number }) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'procura_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'procura_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being handed over, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.sends = new Histogram({
      name: 'procura_email_send_duration_seconds',
      help: 'Time the SMTP server took to accept or refuse an e-mail, by outcome.',
      labelNames: ['outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });

    const failed =
      (what: string) =>
      (err: unknown): undefined => {
        deps.logger.warn({ err }, `metrics: ${what} not read`);
        return undefined;
      };
    // One read of the outbox serves both its gauges, whose collectors a scrape runs together.
    let reading: Promise<Omit<OutboxDepth, 'mailbox'> | undefined> | null = null;
    const readDepth = () =>
      (reading ??= readOutboxDepth(deps.database.db, deps.clock())
        .catch(failed('the outbox'))
        .finally(() => setImmediate(() => (reading = null))));
    const depth = new Gauge({
      name: 'procura_outbox_emails',
      help: 'E-mails in the outbox, by status.',
      labelNames: ['status'],
      registers,
      async collect() {
        const read = await readDepth();
        if (!read) return;
        for (const status of OUTBOX_STATUSES) depth.set({ status }, read.depth[status]);
      },
    });
    new Gauge({
      name: 'procura_outbox_oldest_waiting_seconds',
      help: 'Age of the oldest e-mail not yet sent (pending or being sent); 0 when none waits.',
      registers,
      async collect() {
        const read = await readDepth();
        if (!read) return;
        this.set(read.oldestPendingSeconds ?? 0);
      },
    });

    const market = new Gauge({
      name: 'procura_market_size',
      help: 'The market quotes are computed from: suppliers and their offers (price-list lines).',
      labelNames: ['of'],
      registers,
      async collect() {
        const snapshot = await deps.market.current().catch(failed('the market'));
        if (!snapshot) return;
        let offers = 0;
        for (const list of snapshot.offersByItem.values()) offers += list.length;
        market.set({ of: 'suppliers' }, snapshot.suppliersById.size);
        market.set({ of: 'offers' }, offers);
      },
    });

    new Counter({
      name: 'procura_documents_total',
      help: 'Quotation and purchase-order PDFs answered since the process started: drawn on the drawing thread, or kept from an earlier drawing.',
      labelNames: ['outcome'],
      registers,
      collect() {
        const { drawn, kept } = paperworkCounts();
        this.reset();
        this.inc({ outcome: 'drawn' }, drawn);
        this.inc({ outcome: 'kept' }, kept);
      },
    });

    const poolUse = deps.database.poolUse;
    if (poolUse) {
      const connections = new Gauge({
        name: 'procura_db_pool_connections',
        help: 'PostgreSQL pool connections: most allowed (DATABASE_POOL_MAX), open, and open but idle.',
        labelNames: ['state'],
        registers,
        collect() {
          const use = poolUse();
          connections.set({ state: 'max' }, use.max);
          connections.set({ state: 'total' }, use.total);
          connections.set({ state: 'idle' }, use.idle);
        },
      });
      new Gauge({
        name: 'procura_db_pool_waiting',
        help: 'Queries waiting for a PostgreSQL pool connection.',
        registers,
        collect() {
          this.set(poolUse().waiting);
        },
      });
    }
  }

  /** Counts and times every request; outermost, so that it sees the status the error handler answered. */
  middleware() {
    return async (ctx: Context, next: Next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        const route = routeOf(ctx);
        this.requests.inc({ method: ctx.method, route, status: String(ctx.status) });
        this.latency.observe({ method: ctx.method, route }, (performance.now() - started) / 1000);
      }
    };
  }

  observeSend = (seconds: number, outcome: 'sent' | 'failed'): void => {
    this.sends.observe({ outcome }, seconds);
  };

  /** The text a scrape reads, and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    const merged = Registry.merge([this.registry, processMetrics()]);
    return { contentType: merged.contentType, text: await merged.metrics() };
  }
}
