import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { SUPPLIER_LINKS } from '../supplier/supplier-users.service';
import { issueLink, peekLink, pruneSignInLinks, revokeLinks, spendLink } from './sign-in-links';

const MINUTE = 60_000;
let database: TestDatabase;
let now = Date.parse('2026-11-30T08:00:00.000Z');
let userId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const supplier = await database.db.selectFrom('suppliers').select('id').orderBy('id').executeTakeFirstOrThrow();
  await sql`insert into supplier_users (supplier_id, email, name, created_at) values (${supplier.id}, 'nomsa@coastal.example', 'Nomsa', '2026-11-01T00:00:00.000Z')`.execute(
    database.db,
  );
  userId = (await database.db.selectFrom('supplier_users').select('id').where('email', '=', 'nomsa@coastal.example').executeTakeFirstOrThrow()).id;
});
afterAll(() => database.drop());

const db = () => database.db;

describe('one-time links', () => {
  it('keep a person’s three newest: a fourth drops the oldest, and the others still work', async () => {
    const links = [];
    for (let i = 0; i < 4; i++) {
      links.push(await issueLink(db(), SUPPLIER_LINKS, userId, now));
      now += MINUTE;
    }
    expect(links.map((l) => l.made)).toEqual([true, true, true, true]);
    expect(await Promise.all(links.map((l) => peekLink(db(), SUPPLIER_LINKS, l.token, now)))).toEqual([undefined, userId, userId, userId]);
    await revokeLinks(db(), SUPPLIER_LINKS, userId);
    expect(await peekLink(db(), SUPPLIER_LINKS, links[3]!.token, now)).toBeUndefined();
  });

  it('are made for nobody by the same call, which writes nothing', async () => {
    const before = await db().selectFrom('sign_in_links').select('token_hash').execute();
    const link = await issueLink(db(), SUPPLIER_LINKS, null, now);
    expect(link.made).toBe(false);
    expect(link.token).toMatch(/^sl_[A-Za-z0-9_-]{43}$/);
    expect(await db().selectFrom('sign_in_links').select('token_hash').execute()).toEqual(before);
    expect(await peekLink(db(), SUPPLIER_LINKS, link.token, now)).toBeUndefined();
  });

  it('are spent once, by one of two clicks at once, and looked up as often as asked before', async () => {
    const { token } = await issueLink(db(), SUPPLIER_LINKS, userId, now);
    for (let i = 0; i < 3; i++) expect(await peekLink(db(), SUPPLIER_LINKS, token, now)).toBe(userId);
    const spent = await Promise.all([spendLink(db(), SUPPLIER_LINKS, token, now), spendLink(db(), SUPPLIER_LINKS, token, now)]);
    expect(spent.sort()).toEqual([userId, undefined]);
    expect(await peekLink(db(), SUPPLIER_LINKS, token, now)).toBeUndefined();
  });

  it('are gone from the table once used or expired, when the sweep runs', async () => {
    const used = await issueLink(db(), SUPPLIER_LINKS, userId, now);
    await spendLink(db(), SUPPLIER_LINKS, used.token, now);
    const expiring = await issueLink(db(), SUPPLIER_LINKS, userId, now);
    now += 10 * MINUTE;
    const live = await issueLink(db(), SUPPLIER_LINKS, userId, now);
    now += 6 * MINUTE;
    await pruneSignInLinks(db(), now);
    const left = await db().selectFrom('sign_in_links').select('token_hash').execute();
    expect(left.map((l) => l.token_hash)).toEqual([live.hash]);
    expect(expiring.made).toBe(true);
  });
});
