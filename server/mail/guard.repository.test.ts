import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { countAddresses, countAddressesTogether, suppressAddress } from './guard.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.drop());

const now = '2026-11-10T08:03:00.000Z';
const since = '2026-11-09T08:03:00.000Z';
const zero = { requests: 0, quote_emails: 0, data_requests: 0, registration_emails: 0 };

describe('addresses counted together', () => {
  it('answer each caller the counts it would have read counting after the callers before it', async () => {
    // Two earlier e-mails to the mailbox, in an older slot of the same 24 hours.
    await countAddresses(database.db, { entries: [{ addressHash: 'mailbox-a', add: { quote_emails: 2 } }], now: '2026-11-10T02:00:00.000Z', since });
    await suppressAddress(database.db, 'person-c', 'unsubscribe', now);
    const answers = await database.db.transaction().execute((trx) =>
      countAddressesTogether(trx, [
        {
          entries: [
            { addressHash: 'mailbox-a', add: { requests: 1, quote_emails: 1 } },
            { addressHash: '@domain', add: { quote_emails: 1 } },
          ],
          now,
          since,
          suppressedAmong: ['person-a'],
        },
        {
          entries: [
            { addressHash: 'mailbox-b', add: { requests: 1, quote_emails: 1 } },
            { addressHash: '@domain', add: { quote_emails: 1 } },
          ],
          now,
          since,
          suppressedAmong: ['person-b', 'person-c'],
        },
        { entries: [{ addressHash: 'mailbox-a', add: { requests: 1, quote_emails: 1 } }], now, since, suppressedAmong: [] },
      ]),
    );
    expect(answers.map((a) => a.counts)).toEqual([
      [
        { ...zero, requests: 1, quote_emails: 3 },
        { ...zero, quote_emails: 1 },
      ],
      [
        { ...zero, requests: 1, quote_emails: 1 },
        { ...zero, quote_emails: 2 },
      ],
      [{ ...zero, requests: 2, quote_emails: 4 }],
    ]);
    expect(answers.map((a) => [...a.suppressed])).toEqual([[], ['person-c'], []]);
    // What is stored is every caller's count: the next reads it whole.
    const next = await countAddresses(database.db, {
      entries: [
        { addressHash: '@domain', add: {} },
        { addressHash: 'mailbox-a', add: {} },
      ],
      now,
      since,
    });
    expect(next.counts).toEqual([
      { ...zero, quote_emails: 2 },
      { ...zero, requests: 2, quote_emails: 4 },
    ]);
  });

  it('count callers whose times fall in different ten minutes in their own slots', async () => {
    const answers = await database.db.transaction().execute((trx) =>
      countAddressesTogether(trx, [
        { entries: [{ addressHash: 'mailbox-edge', add: { quote_emails: 1 } }], now: '2026-11-10T08:19:59.999Z', since: '2026-11-09T08:19:59.999Z' },
        { entries: [{ addressHash: 'mailbox-edge', add: { quote_emails: 1 } }], now: '2026-11-10T08:20:00.000Z', since: '2026-11-09T08:20:00.000Z' },
      ]),
    );
    expect(answers.map((a) => a.counts[0]!.quote_emails)).toEqual([1, 2]);
    const slots = await database.db
      .selectFrom('address_counts')
      .select(['slot', 'quote_emails'])
      .where('address_hash', '=', 'mailbox-edge')
      .orderBy('slot')
      .execute();
    expect(slots).toEqual([
      { slot: '2026-11-10T08:1', quote_emails: 1 },
      { slot: '2026-11-10T08:2', quote_emails: 1 },
    ]);
  });
});

describe('addresses counted on PostgreSQL', () => {
  it.runIf(process.env.DATABASE_URL?.startsWith('postgres'))('keep one plan for the statement once it has run five times, whatever the batch', async () => {
    const plans = await database.db.transaction().execute(async (trx) => {
      for (let n = 1; n <= 8; n++) {
        const entries = Array.from({ length: n }, (_, k) => ({ addressHash: `plan-${k}`, add: { requests: 1 } }));
        await countAddresses(trx, { entries, now, since, suppressedAmong: entries.map((e) => e.addressHash) });
      }
      return sql<{ generic_plans: number; custom_plans: number }>`select generic_plans, custom_plans from pg_prepared_statements
        where statement like '%insert into address_counts%'`.execute(trx);
    });
    // Planned afresh for its first five calls on a connection, then kept, including for the batches of other sizes after.
    const [{ generic_plans: kept, custom_plans: planned }] = plans.rows as [{ generic_plans: number; custom_plans: number }];
    expect(Number(planned)).toBeLessThanOrEqual(5);
    expect(Number(kept)).toBeGreaterThanOrEqual(3);
  });
});
