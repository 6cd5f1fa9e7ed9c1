import type { Database } from './database';
import { runStatement } from './statements';

/** Ids a process draws from a sequence at a time: at five quotes a request, one draw serves about fifty requests. */
const BLOCK = 256;

const DRAW = 'select nextval(?::regclass) as id from generate_series(1, ?)';

/**
 * Ids from a PostgreSQL sequence, drawn a block at a time and handed out in this process. A row
 * whose id is known before it is written needs no answer from its insert, so a request's rows
 * can travel with its transaction's COMMIT instead of costing a round trip of their own (see
 * `insertTogether`). A sequence gives each value once whatever becomes of the transaction that
 * drew it, so a block is drawn outside any transaction, and the ids a process never uses (those
 * left when it stops, those of a transaction rolled back) are simply never seen. Within a process
 * ids rise in the order they are handed out; across processes they interleave by block, so an id
 * says nothing of when its row was written.
 */
export class SequenceIds {
  private ids: number[] = [];
  private drawing: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly sequence: string,
  ) {}

  /** The next `count` ids, in rising order. */
  async take(count: number): Promise<number[]> {
    while (this.ids.length < count) {
      this.drawing ??= this.draw().finally(() => {
        this.drawing = undefined;
      });
      await this.drawing;
    }
    return this.ids.splice(0, count);
  }

  private async draw(): Promise<void> {
    const rows = await runStatement<{ id: number }>(this.database.db, DRAW, [this.sequence, BLOCK]);
    for (const { id } of rows) this.ids.push(Number(id));
    this.ids.sort((a, b) => a - b);
  }
}

const quoteIds = new WeakMap<Database, SequenceIds>();

/**
 * The ids of new quotes, where they are drawn ahead: on PostgreSQL, whose round trips they save;
 * undefined on SQLite, which has none to save and numbers each quote as it inserts it.
 */
export function quoteIdsOf(database: Database): SequenceIds | undefined {
  if (database.dialect !== 'postgres') return undefined;
  let ids = quoteIds.get(database);
  if (!ids) {
    ids = new SequenceIds(database, 'quotes_id_seq');
    quoteIds.set(database, ids);
  }
  return ids;
}
