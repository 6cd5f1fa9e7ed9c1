import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from './database';
import type { Executor } from './executor';
import type { DB } from './schema';

type Work<T> = (trx: Transaction<DB>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** Most writes one transaction carries. */
const MAX_BATCH = 32;

/**
 * Group commit: writes queued while the event loop is busy run together in one transaction,
 * so that they share one commit (on SQLite most of a write's cost is writing the same pages
 * out at commit). A write's promise settles only after its transaction commits. If any write
 * in a batch fails, the batch is rolled back and each write runs again in a transaction of its
 * own, so one failure never affects another request.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /**
   * A write that is one statement (a counter's upsert). PostgreSQL makes one statement atomic on
   * its own, so there it runs at once on the pool with no transaction around it: a BEGIN and a
   * COMMIT would be two more round trips for nothing. On SQLite it joins the batch, whose commit
   * it shares.
   */
  one<T>(work: (db: Executor) => Promise<T>): Promise<T> {
    return this.dialect === 'postgres' ? work(this.db) : this.run(work);
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate runs after the current round of I/O, so requests that arrived together meet here.
    setImmediate(() => {
      this.scheduled = false;
      const jobs = this.queue.splice(0, MAX_BATCH);
      if (this.queue.length > 0) this.schedule();
      void this.flush(jobs);
    });
  }

  private async flush(jobs: Job[]) {
    if (jobs.length > 1) {
      let results: unknown[] | undefined;
      try {
        results = await this.db.transaction().execute(async (trx) => {
          const values: unknown[] = [];
          for (const job of jobs) values.push(await job.work(trx));
          return values;
        });
      } catch {
        results = undefined; // run each alone below, so each gets its own answer
      }
      if (results) {
        jobs.forEach((job, i) => {
          job.resolve(results![i]);
        });
        return;
      }
    }
    for (const job of jobs) {
      try {
        job.resolve(await this.db.transaction().execute(job.work));
      } catch (err) {
        job.reject(err);
      }
    }
  }
}
