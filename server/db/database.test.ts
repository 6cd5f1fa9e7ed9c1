import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.drop());

async function keys(prefix: string): Promise<string[]> {
  const rows = await database.db.selectFrom('meta').select('key').where('key', 'like', `${prefix}%`).orderBy('key').execute();
  return rows.map((r) => r.key);
}

const put = (key: string) => database.db.insertInto('meta').values({ key, value: 'v' }).execute();

describe('a transaction', () => {
  it('holds its first statement: a transaction that fails after it leaves nothing behind', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('meta').values({ key: 'tx-first', value: 'v' }).execute();
        await trx.insertInto('meta').values({ key: 'tx-second', value: 'v' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await keys('tx-')).toEqual([]);
  });

  it('fails as a whole when its first statement fails, and the connections serve the next ones as before', async () => {
    await put('dup-1');
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('meta').values({ key: 'dup-1', value: 'again' }).execute();
      }),
    ).rejects.toThrow();
    await Promise.all(
      ['dup-2', 'dup-3', 'dup-4'].map((key) => database.db.transaction().execute((trx) => trx.insertInto('meta').values({ key, value: 'v' }).execute())),
    );
    expect(await keys('dup-')).toEqual(['dup-1', 'dup-2', 'dup-3', 'dup-4']);
  });

  it('that makes no statement answers, and a statement after it outside any transaction is committed at once', async () => {
    await expect(database.db.transaction().execute(async () => 'nothing to write')).resolves.toBe('nothing to write');
    await expect(
      database.db.transaction().execute(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    await put('after-empty');
    expect(await keys('after-')).toEqual(['after-empty']);
  });
});
