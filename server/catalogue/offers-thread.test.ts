import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedMarket } from '../db/seed';
import type { OfferList, OfferLists } from '../domain/market';
import { addressHash } from '../lib/ids';
import { bumpMarketRevision, loadMarketInput } from './market.repository';
import { readOffersOnThread } from './offers-thread';

// A market in a SQLite file, which the offers' thread opens with a connection of its own. The
// server's build (made before the server's tests) holds the thread.
const dir = mkdtempSync(join(tmpdir(), 'procura-offers-'));
const file = join(dir, 'market.sqlite');
let database: Database;
beforeAll(async () => {
  database = createDatabase(`sqlite:${file}`);
  await migrateToLatest(database);
  await seedMarket(database.db, database.dialect);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAY = '2026-11-27';

/** Every offer of each item, as suppliers and prices, to compare two readings. */
function offersOf(lists: OfferLists) {
  const offers: Record<string, [number, number, number, string][]> = {};
  for (const [itemId, list] of lists.build()) offers[itemId] = rowsOf(list);
  return offers;
}

function rowsOf(list: OfferList): [number, number, number, string][] {
  return Array.from({ length: list.length }, (_, i) => {
    const o = list.at(i);
    return [o.supplierId, o.unitPriceCents, o.minimumOrderQuantity, JSON.stringify(o.tiers)];
  });
}

describe('the offers read on their own thread', () => {
  it('are the offers the loading thread reads itself, with its revision', async () => {
    const here = await loadMarketInput(database.db, DAY);
    const onThread = await readOffersOnThread({ file, day: DAY, stops: [], page: 500 });
    expect(onThread?.revision).toBe(here.revision);
    const offers = offersOf(onThread!.offers);
    expect(Object.keys(offers).length).toBeGreaterThan(10);
    expect(offers).toEqual(offersOf(here.offers as OfferLists));
    // And so the market read from its file is the market read without the thread.
    expect(offersOf((await loadMarketInput(database.db, DAY, { offersFile: file, threadFrom: 0 })).offers as OfferLists)).toEqual(offers);
  });

  it('leave out the offers of a listed business that asked Procura to stop, as the suppliers are left out', async () => {
    const { id, email } = await database.db.selectFrom('suppliers').select(['id', 'email']).orderBy('id').executeTakeFirstOrThrow();
    const onThread = await readOffersOnThread({ file, day: DAY, stops: [addressHash(email)], page: 500 });
    const suppliers = new Set(Object.values(offersOf(onThread!.offers)).flatMap((rows) => rows.map(([supplierId]) => supplierId)));
    expect(suppliers.has(id)).toBe(false);
    expect(suppliers.size).toBeGreaterThan(1);
  });

  it('are read again on the loading thread when the thread saw another revision of the market', async () => {
    // A copy of the file whose market has since changed: what its thread reads is another revision.
    const other = join(dir, 'other.sqlite');
    await sql`vacuum into ${sql.lit(other)}`.execute(database.db);
    const copy = createDatabase(`sqlite:${other}`);
    await copy.db.updateTable('offers').set({ unit_price_cents: 1 }).execute();
    await bumpMarketRevision(copy.db);
    await copy.close();
    const here = offersOf((await loadMarketInput(database.db, DAY)).offers as OfferLists);
    expect(offersOf((await loadMarketInput(database.db, DAY, { offersFile: other, threadFrom: 0 })).offers as OfferLists)).toEqual(here);
  });

  it('are not read on a thread for a file that is not there, and the caller reads them itself', async () => {
    await expect(readOffersOnThread({ file: join(dir, 'missing.sqlite'), day: DAY, stops: [], page: 500 })).resolves.toBeUndefined();
  });
});
