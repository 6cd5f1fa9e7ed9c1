import { type Compilable, CompiledQuery, type Insertable } from 'kysely';
import type { Executor } from './executor';
import type { DB } from './schema';
import { ROWS_AS_ARRAYS } from './rows-as-arrays';

/** Whether a dialect numbers its parameters ($1, $2: PostgreSQL) or not (?: SQLite), by its adapter, which every transaction shares. */
const numbered = new WeakMap<object, boolean>();

/** Whether an executor runs on PostgreSQL (it numbers its parameters) rather than SQLite. */
export function numbersParameters(db: Executor): boolean {
  const { adapter } = db.getExecutor();
  let answer = numbered.get(adapter);
  if (answer === undefined) {
    answer = db.selectFrom('rfqs').select('id').where('id', '=', '').compile().sql.includes('$1');
    numbered.set(adapter, answer);
  }
  return answer;
}

/** Statement texts by dialect, table, columns, row count and returned columns. */
const texts = new Map<string, string>();
/** PostgreSQL's text of each statement written with `?` parameters. */
const numberedTexts = new Map<string, string>();
/** The name each PostgreSQL statement run here is prepared under, once per connection. */
const preparedNames = new Map<string, string>();

/**
 * The name a PostgreSQL statement is prepared under when it is one of this module's (few, fixed,
 * run on every request), so that each connection parses and plans it once; undefined for any
 * other statement, which is sent as it is.
 */
export function preparedStatementName(text: string): string | undefined {
  return preparedNames.get(text);
}

function numberedText(text: string): string {
  let sql = numberedTexts.get(text);
  if (sql === undefined) {
    let n = 0;
    sql = text.replace(/\?/g, () => `$${++n}`);
    numberedTexts.set(text, sql);
    preparedNames.set(sql, `procura_${preparedNames.size + 1}`);
  }
  return sql;
}

/**
 * Runs one fixed statement, written with `?` for its parameters (numbered for PostgreSQL when
 * run there), and answers its rows. For the few small statements every request makes, whose
 * building and compiling through the query builder costs more than running them.
 *
 * @example
 * const [row] = await runStatement<{ hits: number }>(db, 'update t set hits = hits + 1 where k = ? returning hits', [key]);
 */
export async function runStatement<R>(db: Executor, text: string, values: readonly unknown[]): Promise<R[]> {
  const sql = numbersParameters(db) ? numberedText(text) : text;
  return (await db.executeQuery<R>(CompiledQuery.raw(sql, [...values]))).rows;
}

/**
 * Runs one fixed statement as {@link runStatement} does and answers its rows as arrays of values.
 * For reads of many rows (the market at start-up: two million offers), where an object per row
 * costs more than the reading.
 *
 * @example
 * for (const [id, price] of await selectArrays(db, 'select id, unit_price_cents from offers where id > ? order by id limit ?', [after, 2000])) add(id, price);
 */
export function selectArrays(db: Executor, text: string, values: readonly unknown[]): Promise<unknown[][]> {
  return runStatement<unknown[]>(db, ROWS_AS_ARRAYS + text, values);
}

/**
 * The mark of a write whose answer nobody reads: inside a transaction on PostgreSQL it is held and
 * sent in one write with the transaction's next statement, or its COMMIT (see `database.ts`).
 */
export const SENT_WITH_NEXT = '/* sent with the next statement */ ';

/**
 * Runs a write built with the query builder whose answer nobody reads as {@link insertRowsLater}
 * runs an insert: inside a transaction on PostgreSQL it travels with the next statement or the
 * COMMIT; elsewhere it runs at once. For writes whose shape varies too much to keep a statement of
 * each (a basket's lines), which are sent as they are rather than prepared.
 *
 * @example
 * await writeLater(trx, trx.insertInto('rfq_lines').values(lines));
 */
export async function writeLater(db: Executor, query: Compilable): Promise<void> {
  const { sql, parameters } = query.compile();
  await db.executeQuery(CompiledQuery.raw(numbersParameters(db) ? SENT_WITH_NEXT + sql : sql, [...parameters]));
}

/** One table's rows for {@link insertTogether}. */
export interface RowsOf<T extends keyof DB & string = keyof DB & string> {
  table: T;
  rows: readonly Insertable<DB[T]>[];
}

interface Shape {
  table: string;
  columns: string[];
  rows: number;
}

/** The columns a set of rows writes: the first row's, without those left undefined (they take their defaults). */
function shapeOf({ table, rows }: RowsOf): Shape {
  const first = rows[0] as Record<string, unknown>;
  return { table, columns: Object.keys(first).filter((c) => first[c] !== undefined), rows: rows.length };
}

function insertText({ table, columns, rows }: Shape, pg: boolean, from: number, returning: readonly string[]): string {
  let n = from;
  const tuple = () => `(${columns.map(() => (pg ? `$${++n}` : '?')).join(', ')})`;
  return (
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: rows }, tuple).join(', ')}` +
    (returning.length > 0 ? ` returning ${returning.map((c) => `"${c}"`).join(', ')}` : '')
  );
}

function pushValues(values: unknown[], { table, rows }: RowsOf, { columns }: Shape): void {
  for (const row of rows as readonly Record<string, unknown>[]) {
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) throw new Error(`insert into ${table}: ${column} is missing from a row`);
      values.push(value);
    }
  }
}

/**
 * Inserts rows that share one set of columns (the first row's, without those left undefined,
 * which take their defaults) in one statement, for a caller that reads nothing back. For the hot
 * inserts of a request: the statement's text is built once for each shape and the values are
 * bound as they are, where the query builder would build, compile and freeze a tree of nodes for
 * every value of every row. Inside a transaction on PostgreSQL the insert is not sent on its own:
 * it travels in one write with the transaction's next statement, or with its COMMIT, so it costs
 * no round trip of its own; if it fails, that statement or the COMMIT fails with its error and the
 * transaction is rolled back, as it would have been. Elsewhere (outside a transaction, on SQLite)
 * it runs at once.
 *
 * @example
 * await insertRowsLater(trx, 'outbox', rows);
 */
export async function insertRowsLater<T extends keyof DB & string>(db: Executor, table: T, rows: readonly Insertable<DB[T]>[]): Promise<void> {
  await insertTogether(db, [{ table, rows } as RowsOf], [], true);
}

/**
 * Inserts the rows of several tables, each table's in one insert as {@link insertRowsLater} does, and
 * answers the `returning` columns of the last table's rows (none when it has none). On PostgreSQL the inserts travel as
 * one statement (the others as data-modifying WITH queries before the last), so a request's
 * writes cost one round trip; on SQLite, which has no round trips, they run one after another.
 * Tables whose rows are empty are left out. The rows must not depend on each other's defaults.
 */
export async function insertTogether<R extends string = never>(
  db: Executor,
  inserts: readonly RowsOf[],
  wanted: readonly R[] = [],
  later = false,
): Promise<Record<R, unknown>[]> {
  // Only the last table's rows are returned: none when it has none.
  const returning = inserts.at(-1)?.rows.length ? wanted : [];
  const present = inserts.filter((i) => i.rows.length > 0);
  const last = present.at(-1);
  if (!last) return [];
  const pg = numbersParameters(db);
  const shapes = present.map(shapeOf);
  if (!pg) {
    let rows: Record<R, unknown>[] = [];
    for (const [i, insert] of present.entries()) {
      const shape = shapes[i]!;
      const own = insert === last ? returning : [];
      const key = `sqlite ${shape.table} ${shape.columns.join(',')} ${shape.rows} ${own.join(',')}`;
      let text = texts.get(key);
      if (text === undefined) {
        text = insertText(shape, false, 0, own);
        texts.set(key, text);
      }
      const values: unknown[] = [];
      pushValues(values, insert, shape);
      rows = (await db.executeQuery<Record<R, unknown>>(CompiledQuery.raw(text, values))).rows;
    }
    return rows;
  }
  const key = `pg ${shapes.map((s) => `${s.table} ${s.columns.join(',')} ${s.rows}`).join(' ; ')} ${returning.join(',')}${later ? ' later' : ''}`;
  let text = texts.get(key);
  if (text === undefined) {
    let from = 0;
    const parts = shapes.map((shape, i) => {
      const part = insertText(shape, true, from, i === shapes.length - 1 ? returning : []);
      from += shape.columns.length * shape.rows;
      return part;
    });
    const main = parts.pop()!;
    text = (later ? SENT_WITH_NEXT : '') + (parts.length > 0 ? `with ${parts.map((part, i) => `w${i} as (${part})`).join(', ')} ${main}` : main);
    texts.set(key, text);
    preparedNames.set(text, `procura_${preparedNames.size + 1}`);
  }
  const values: unknown[] = [];
  present.forEach((insert, i) => {
    pushValues(values, insert, shapes[i]!);
  });
  return (await db.executeQuery<Record<R, unknown>>(CompiledQuery.raw(text, values))).rows;
}
