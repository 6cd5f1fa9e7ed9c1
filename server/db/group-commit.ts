import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from './database';
import type { Executor } from './executor';
import type { DB } from './schema';

type Work<T> = (trx: Transaction<DB>) => Promise<T>;

/**
 * A first statement the writes of one batch share: each write brings its part, the batch's transaction runs the parts of
 * all its writes at its start, together (one statement on PostgreSQL), and each write is given its own answer, the answer
 * it would have had had the writes run one after another in the batch's order.
 */
export interface SharedFirst<P, A> {
  run(trx: Transaction<DB>, parts: readonly P[]): Promise<A[]>;
}

interface Job {
  work(trx: Transaction<DB>, first: unknown): Promise<unknown>;
  first?: { shared: SharedFirst<unknown, unknown>; part: unknown } | undefined;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** The answers of the jobs' first statements, in the jobs' order: each kind's parts run together, in one call. */
async function firstAnswers(trx: Transaction<DB>, jobs: readonly Job[]): Promise<unknown[]> {
  const answers: unknown[] = new Array(jobs.length);
  const byShared = new Map<SharedFirst<unknown, unknown>, number[]>();
  jobs.forEach((job, i) => {
    if (!job.first) return;
    const at = byShared.get(job.first.shared);
    if (at) at.push(i);
    else byShared.set(job.first.shared, [i]);
  });
  for (const [shared, at] of byShared) {
    const given = await shared.run(
      trx,
      at.map((i) => jobs[i]!.first!.part),
    );
    at.forEach((i, k) => {
      answers[i] = given[k];
    });
  }
  return answers;
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
    return this.queued(work);
  }

  /**
   * {@link run}, the write's transaction first running `part` of `shared` (with the other writes' parts of the batch,
   * together) and `work` given its answer. On PostgreSQL a batch's writes then wait on one round trip for that statement
   * where each would wait on its own.
   */
  runAfter<P, A, T>(shared: SharedFirst<P, A>, part: P, work: (trx: Transaction<DB>, first: A) => Promise<T>): Promise<T> {
    return this.queued(work as Job['work'], { shared: shared as SharedFirst<unknown, unknown>, part });
  }

  private queued<T>(work: Job['work'], first?: Job['first']): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, first, resolve: resolve as (value: unknown) => void, reject });
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
          const firsts = await firstAnswers(trx, jobs);
          const values: unknown[] = [];
          for (const [i, job] of jobs.entries()) values.push(await job.work(trx, firsts[i]));
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
        job.resolve(await this.db.transaction().execute(async (trx) => job.work(trx, (await firstAnswers(trx, [job]))[0])));
      } catch (err) {
        job.reject(err);
      }
    }
  }
}
