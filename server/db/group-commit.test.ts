import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupCommit, type SharedFirst } from './group-commit';
import { createTestDatabase, type TestDatabase } from '../test/harness';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.drop());

const put = (key: string) => (trx: Parameters<Parameters<GroupCommit['run']>[0]>[0]) =>
  trx
    .insertInto('meta')
    .values({ key, value: 'v' })
    .execute()
    .then(() => key);

/** The keys these tests wrote: the migrations' own rows in meta start otherwise. */
async function keys(): Promise<string[]> {
  const rows = await database.db
    .selectFrom('meta')
    .select('key')
    .where((eb) => eb.or([eb('key', 'like', 'a%'), eb('key', 'like', 'b%')]))
    .orderBy('key')
    .execute();
  return rows.map((r) => r.key);
}

describe('group commit', () => {
  it('commits writes queued together and answers each', async () => {
    const writes = new GroupCommit(database.db);
    await expect(Promise.all([writes.run(put('a1')), writes.run(put('a2')), writes.run(put('a3'))])).resolves.toEqual(['a1', 'a2', 'a3']);
    expect(await keys()).toEqual(['a1', 'a2', 'a3']);
  });

  it('keeps one failing write from affecting the others', async () => {
    const writes = new GroupCommit(database.db);
    const results = await Promise.allSettled([
      writes.run(put('b1')),
      writes.run(put('a1')), // already there: unique violation
      writes.run(async (trx) => {
        await put('b2')(trx);
        throw new Error('changed my mind');
      }),
      writes.run(put('b3')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason.message).toBe('changed my mind');
    // b2 was rolled back with its failing write; b1 and b3 are committed once each.
    expect(await keys()).toEqual(['a1', 'a2', 'a3', 'b1', 'b3']);
  });
});

describe('a write of one statement', () => {
  it('joins the batch on SQLite, whose commit it shares, and runs alone with no transaction around it on PostgreSQL', async () => {
    const inTransaction = (dialect: 'sqlite' | 'postgres') => new GroupCommit(database.db, dialect).one(async (db) => db.isTransaction);
    await expect(inTransaction('sqlite')).resolves.toBe(true);
    await expect(inTransaction('postgres')).resolves.toBe(false);
  });
});

describe('a first statement the writes of a batch share', () => {
  /** Answers each part doubled, and keeps the parts of each call it was given. */
  const doubling = () => {
    const calls: number[][] = [];
    const shared: SharedFirst<number, number> = {
      run: async (_trx, parts) => {
        calls.push([...parts]);
        return parts.map((p) => p * 2);
      },
    };
    return { shared, calls };
  };

  it("runs once for the batch, with every write's part, and gives each write its own answer", async () => {
    const writes = new GroupCommit(database.db);
    const { shared, calls } = doubling();
    const answers = await Promise.all([1, 2, 3].map((n) => writes.runAfter(shared, n, async (_trx, doubled) => `${n}:${doubled}`)));
    expect(answers).toEqual(['1:2', '2:4', '3:6']);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('runs again for each write alone when the batch fails, so the write that failed takes no other with it', async () => {
    const writes = new GroupCommit(database.db);
    const { shared, calls } = doubling();
    const results = await Promise.allSettled([
      writes.runAfter(shared, 1, async (trx, doubled) => put(`c${doubled}`)(trx)),
      writes.runAfter(shared, 5, async () => {
        throw new Error('refused');
      }),
      writes.run(put('c9')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual([[1, 5], [1], [5]]);
    const rows = await database.db.selectFrom('meta').select('key').where('key', 'like', 'c%').orderBy('key').execute();
    expect(rows.map((r) => r.key)).toEqual(['c2', 'c9']);
  });
});
