import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { pruneOutbox } from './outbox.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.drop());

let written = 0;

/** Writes an e-mail created at `createdAt` in `status`; answers its id. */
async function email(createdAt: string, status: 'sent' | 'held' | 'dead' | 'pending'): Promise<number> {
  const { id } = await database.db
    .insertInto('outbox')
    .values({
      message_id: `<${++written}@procura.test>`,
      kind: 'partner-welcome',
      recipient: 'partner@example.co.za',
      priority: 1,
      payload: '{}',
      status,
      next_attempt_at: createdAt,
      last_error: null,
      sent_at: null,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const ids = async () => (await database.db.selectFrom('outbox').select('id').orderBy('id').execute()).map((r) => r.id);

describe('pruning the outbox', () => {
  it('deletes the sent, held and dead e-mails created before the time, keeps the waiting ones and every later one', async () => {
    await email('2026-11-01T08:00:00.000Z', 'sent');
    await email('2026-11-01T09:00:00.000Z', 'held');
    const waiting = await email('2026-11-01T10:00:00.000Z', 'pending');
    await email('2026-11-02T08:00:00.000Z', 'dead');
    const after = await email('2026-11-03T08:00:00.000Z', 'sent');
    // Written after `after` but dated before the time: past the boundary, it waits for the next sweep.
    const late = await email('2026-11-02T09:00:00.000Z', 'sent');

    expect(await pruneOutbox(database.db, '2026-11-03T00:00:00.000Z')).toBe(3);
    expect(await ids()).toEqual([waiting, after, late]);

    // With nothing written since the time, every such e-mail before it goes.
    expect(await pruneOutbox(database.db, '2026-11-04T00:00:00.000Z')).toBe(2);
    expect(await ids()).toEqual([waiting]);
  });
});
