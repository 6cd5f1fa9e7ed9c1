import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdsOf, SequenceIds } from './sequence-ids';
import { createTestDatabase, type TestDatabase } from '../test/harness';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.drop());

describe('quote ids drawn ahead', () => {
  it.runIf(process.env.DATABASE_URL?.startsWith('postgres'))('hands each process ids of its own, rising, that the sequence gives no one else', async () => {
    // Two processes' draws from one sequence, and a quote inserted by its default between them.
    const first = new SequenceIds(database, 'quotes_id_seq');
    const second = new SequenceIds(database, 'quotes_id_seq');
    const a = await first.take(3);
    const b = await second.take(300);
    const { id: byDefault } = await database.db.selectNoFrom((eb) => eb.fn<number>('nextval', [eb.val('quotes_id_seq')]).as('id')).executeTakeFirstOrThrow();
    const c = await first.take(254);
    const d = await first.take(5);

    for (const ids of [a, b, c, d]) expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect([a.length, b.length, c.length, d.length]).toEqual([3, 300, 254, 5]);
    const all = [...a, ...b, ...c, ...d, Number(byDefault)];
    expect(new Set(all).size).toBe(all.length);
    // The first process's ids keep rising across its blocks.
    expect(Math.min(...d)).toBeGreaterThan(Math.max(...c));
  });

  it('draws nothing ahead on SQLite, which numbers each quote as it inserts it', () => {
    expect(quoteIdsOf(database) === undefined).toBe(database.dialect === 'sqlite');
  });
});
