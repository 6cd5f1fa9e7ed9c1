import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ROWS_AS_ARRAYS } from '../db/rows-as-arrays';
import { seedMarket } from '../db/seed';
import { cachedStatements, openSqlite } from '../db/sqlite';
import { OfferListsBuilder, type OfferList, type OfferLists } from '../domain/market';
import { addressHash } from '../lib/ids';
import { bumpMarketRevision, loadMarketInput } from './market.repository';
import { readOffers } from './offer-rows';
import { readOffersOnThread, startOffersRead, type StartedOffersRead } from './offers-thread';

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
    const onThread = await readOffersOnThread({ file, day: DAY, page: 500 });
    expect(onThread?.revision).toBe(here.revision);
    const offers = offersOf(onThread!.offers);
    expect(Object.keys(offers).length).toBeGreaterThan(10);
    expect(offers).toEqual(offersOf(here.offers as OfferLists));
    // And so the market read from its file is the market read without the thread.
    expect(offersOf((await loadMarketInput(database.db, DAY, { offersFile: file, threadFrom: 0 })).offers as OfferLists)).toEqual(offers);
  });

  it('leave out the offers of a listed business that asked Procura to stop, as the suppliers are left out', async () => {
    const { id, email } = await database.db.selectFrom('suppliers').select(['id', 'email']).orderBy('id').executeTakeFirstOrThrow();
    await database.db
      .insertInto('supplier_mail_stops')
      .values({ address_hash: addressHash(email), created_at: new Date().toISOString() })
      .execute();
    try {
      const onThread = await readOffersOnThread({ file, day: DAY, page: 500 });
      const suppliers = new Set(Object.values(offersOf(onThread!.offers)).flatMap((rows) => rows.map(([supplierId]) => supplierId)));
      expect(suppliers.has(id)).toBe(false);
      expect(suppliers.size).toBeGreaterThan(1);
    } finally {
      await database.db.deleteFrom('supplier_mail_stops').execute();
    }
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

  it('are taken from a reading started as the process started when it read the same file on the same day', async () => {
    const here = await loadMarketInput(database.db, DAY);
    const market = offersOf(here.offers as OfferLists);
    // A reading whose offers are not the market's, so that where they were taken shows.
    const marked = new OfferListsBuilder();
    marked.addValues('marked-item', 1, 100, 1, []);
    const started = (job: StartedOffersRead['job']): StartedOffersRead => ({
      job,
      read: Promise.resolve({ revision: here.revision, offers: marked }),
      cancel: () => {},
    });
    const read = (s: StartedOffersRead) => loadMarketInput(database.db, DAY, { offersFile: file, started: s });

    expect(offersOf((await read(started({ file, day: DAY, page: 500 }))).offers as OfferLists)).toEqual({ 'marked-item': [[1, 100, 1, '[]']] });
    // Another day's offers, or another file's, are read again.
    expect(offersOf((await read(started({ file, day: '2026-11-28', page: 500 }))).offers as OfferLists)).toEqual(market);
    expect(offersOf((await read(started({ file: join(dir, 'other.sqlite'), day: DAY, page: 500 }))).offers as OfferLists)).toEqual(market);
    // And a reading started for real is the market's own.
    expect(offersOf((await read(startOffersRead({ file, day: DAY, page: 500 }))).offers as OfferLists)).toEqual(market);
  });

  it('are not read by a reading stopped before its thread answered, which answers nothing', async () => {
    const reading = startOffersRead({ file, day: DAY, page: 500 });
    reading.cancel();
    await expect(reading.read).resolves.toBeUndefined();
  });

  it('are not read on a thread for a file that is not there, and the caller reads them itself', async () => {
    await expect(readOffersOnThread({ file: join(dir, 'missing.sqlite'), day: DAY, page: 500 })).resolves.toBeUndefined();
  });
});

describe('the offers read as text, as their thread reads them', () => {
  /** A file's offers read as rows and as text, with the statements each reading ran. */
  function readBothWays(path: string) {
    const sqlite = openSqlite(path, { readonly: true, fileMustExist: true });
    const statements = cachedStatements(sqlite);
    const ran: string[] = [];
    const select = (text: string, values: unknown[]) => {
      ran.push(text);
      return statements.prepare(ROWS_AS_ARRAYS + text).all(values) as unknown[][];
    };
    return (async () => {
      try {
        const rows = offersOf(await readOffers(select, DAY, new Set(), { page: 7 }));
        ran.length = 0;
        const text = offersOf(await readOffers(select, DAY, new Set(), { page: 7, asText: true }));
        return { rows, text, pagesAsRows: ran.filter((t) => t.startsWith('select id, supplier_id')).length };
      } finally {
        sqlite.close();
      }
    })();
  }

  it('are the offers read as rows, not one page of them read as rows', async () => {
    const { rows, text, pagesAsRows } = await readBothWays(file);
    expect(Object.keys(rows).length).toBeGreaterThan(10);
    expect(Object.values(rows).some((offers) => offers.some(([, , , tiers]) => tiers !== '[]'))).toBe(true);
    expect(text).toEqual(rows);
    expect(pagesAsRows).toBe(0);
  });

  it('read as rows only the pages the text cannot carry, and are the same offers', async () => {
    const odd = join(dir, 'odd.sqlite');
    await sql`vacuum into ${sql.lit(odd)}`.execute(database.db);
    const copy = createDatabase(`sqlite:${odd}`);
    try {
      const offers = await copy.db.selectFrom('offers').select(['id', 'catalogue_item_id']).orderBy('id').execute();
      const item = await copy.db.selectFrom('catalogue_items').selectAll().where('id', '=', offers[0]!.catalogue_item_id).executeTakeFirstOrThrow();
      await copy.db
        .insertInto('catalogue_items')
        .values({ ...item, id: 'odd,item', sort_order: 999 })
        .execute();
      // A price that is not a whole number, an item whose id holds a comma, a price list holding a '|', and one written otherwise.
      await copy.db.updateTable('offers').set({ unit_price_cents: 1234.5 }).where('id', '=', offers[3]!.id).execute();
      await copy.db.updateTable('offers').set({ catalogue_item_id: 'odd,item' }).where('id', '=', offers[30]!.id).execute();
      await copy.db.updateTable('offers').set({ tiers: '[{"minQuantity":5,"unitPriceCents":99,"note":"a|b"}]' }).where('id', '=', offers[60]!.id).execute();
      await copy.db.updateTable('offers').set({ tiers: '[ {"minQuantity": 7, "unitPriceCents": 98} ]' }).where('id', '=', offers[90]!.id).execute();
    } finally {
      await copy.close();
    }
    const { rows, text, pagesAsRows } = await readBothWays(odd);
    expect(rows['odd,item']).toHaveLength(1);
    expect(text).toEqual(rows);
    // The pages of the first three offers; the fourth's price list, written otherwise, the text carries.
    expect(pagesAsRows).toBe(3);
  });
});
