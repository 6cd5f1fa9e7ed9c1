import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../requests/rfq/rfq.repository';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import type { Executor } from './executor';
import { insertRowsLater } from './statements';

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

describe('a write nobody reads back', () => {
  const later = (trx: Executor, key: string) => insertRowsLater(trx, 'meta', [{ key, value: 'later' }]);

  it('is stored with its transaction, and the statements after it in the transaction read it', async () => {
    const seen = await database.db.transaction().execute(async (trx) => {
      await later(trx, 'held-read');
      return trx.selectFrom('meta').select('value').where('key', '=', 'held-read').executeTakeFirst();
    });
    expect(seen).toEqual({ value: 'later' });
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('meta').values({ key: 'held-last-0', value: 'v' }).execute();
      await later(trx, 'held-last-1');
    });
    expect(await keys('held-')).toEqual(['held-last-0', 'held-last-1', 'held-read']);
  });

  it('that fails fails its transaction with its own error, leaving nothing of it behind', async () => {
    await put('dupheld-1');
    const failed = await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('meta').values({ key: 'dupheld-2', value: 'v' }).execute();
        await later(trx, 'dupheld-1');
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(failed)).toBe(true);
    const failedBeforeNext = await database.db
      .transaction()
      .execute(async (trx) => {
        await later(trx, 'dupheld-1');
        await trx.insertInto('meta').values({ key: 'dupheld-3', value: 'v' }).execute();
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(failedBeforeNext)).toBe(true);
    expect(await keys('dupheld-')).toEqual(['dupheld-1']);
  });

  it('is dropped with a transaction that is rolled back, and written at once outside any transaction', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('meta').values({ key: 'dropped-1', value: 'v' }).execute();
        await later(trx, 'dropped-2');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      database.db.transaction().execute(async (trx) => {
        await later(trx, 'dropped-3');
        throw new Error('before anything was sent');
      }),
    ).rejects.toThrow('before anything was sent');
    expect(await keys('dropped-')).toEqual([]);
    await later(database.db, 'at-once');
    expect(await keys('at-once')).toEqual(['at-once']);
  });
});
