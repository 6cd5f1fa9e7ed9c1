import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { buildMarket, type MarketSnapshot } from '../domain/market';
import type { Executor } from '../db/executor';
import { bumpMarketRevision, loadMarketInput, readMarketRevision } from './market.repository';
import type { StartedOffersRead } from './offers-thread';
import { validityDay } from '../domain/validity';

/**
 * Marks the market as changed, so that every server process reloads its snapshot. Call it in the
 * transaction that changes suppliers, their price lists or the catalogue.
 */
export function marketChanged(db: Executor): Promise<void> {
  return bumpMarketRevision(db);
}

/**
 * Holds the current market snapshot. Reading the revision row is cheap; the snapshot is rebuilt
 * only when another writer (an import, a seed, another server process) has changed market data.
 * The revision is checked at most every `refreshMs` (0: on every call).
 */
export class MarketStore {
  private snapshot: MarketSnapshot | null = null;
  private loading: Promise<MarketSnapshot> | null = null;
  private checkedAt = 0;
  /** When the snapshot's offers change by their dates (midnight in South Africa), in ms. */
  private changesAt = Number.POSITIVE_INFINITY;

  /**
   * `offersFile`: the SQLite file, whose offers are then read on a thread of their own (see `loadMarketInput`);
   * `started`: a reading of them begun as the process started, which the first reading of the market may take.
   */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly refreshMs: number,
    private readonly offersFile?: string,
    private started?: StartedOffersRead,
  ) {}

  async current(): Promise<MarketSnapshot> {
    const now = Date.now();
    if (this.snapshot && now - this.checkedAt < this.refreshMs && now < this.changesAt) return this.snapshot;
    if (this.loading) return this.loading;
    this.loading = this.refresh(now).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Forgets the snapshot; the next call reloads (used right after this process changes market data). */
  invalidate(): void {
    this.checkedAt = 0;
    this.snapshot = null;
  }

  private async refresh(now: number): Promise<MarketSnapshot> {
    const revision = await readMarketRevision(this.db);
    // An offer's dates are applied as the market is read: it is read again the day one starts or ends.
    if (!this.snapshot || this.snapshot.revision !== revision || now >= this.changesAt) {
      const started = this.started;
      this.started = undefined;
      this.snapshot = buildMarket(await loadMarketInput(this.db, validityDay(now), { offersFile: this.offersFile, started }));
      const { changesOn } = this.snapshot;
      this.changesAt = changesOn === null ? Number.POSITIVE_INFINITY : Date.parse(`${changesOn}T00:00:00+02:00`);
    }
    this.checkedAt = now;
    return this.snapshot;
  }
}
