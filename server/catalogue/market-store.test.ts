import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferLists } from '../domain/market';
import { MarketStore } from './market-store';
import { bumpMarketRevision, loadMarketInput } from './market.repository';
import { parseTiers, readWrittenTiers } from './offer-rows';
import { leavesWindowOn } from '../domain/scorecard';
import { createTestDatabase, type TestDatabase } from '../test/harness';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('market store', () => {
  it('keeps its snapshot until market data changes, then reloads', async () => {
    const store = new MarketStore(database.db, 0);
    const first = await store.current();
    expect(await store.current()).toBe(first);

    const offer = first.offersByItem.get('bleach-5l')!.at(0);
    await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('offers')
        .set({ unit_price_cents: offer.unitPriceCents + 100 })
        .where('supplier_id', '=', offer.supplierId)
        .where('catalogue_item_id', '=', 'bleach-5l')
        .execute();
      await bumpMarketRevision(trx);
    });

    const second = await store.current();
    expect(second).not.toBe(first);
    const updated = second.offersByItem.get('bleach-5l')!.find((o) => o.supplierId === offer.supplierId)!;
    expect(updated.unitPriceCents).toBe(offer.unitPriceCents + 100);
  });

  it('reads only the offers in stock and within their dates on its day, and says when that next changes', async () => {
    const [a, b, c] = await database.db.selectFrom('offers').select(['id', 'supplier_id', 'catalogue_item_id']).orderBy('id').limit(3).execute();
    await database.db.updateTable('offers').set({ in_stock: 0 }).where('id', '=', a!.id).execute();
    await database.db.updateTable('offers').set({ valid_from: '2026-12-01' }).where('id', '=', b!.id).execute();
    await database.db.updateTable('offers').set({ valid_until: '2026-11-29' }).where('id', '=', c!.id).execute();
    const has = (offers: Map<string, { length: number; at(i: number): { supplierId: number } }>, o: typeof a) => {
      const list = offers.get(o!.catalogue_item_id);
      return list !== undefined && Array.from({ length: list.length }, (_, i) => list.at(i).supplierId).includes(o!.supplier_id);
    };
    const on = async (day: string) => {
      const input = await loadMarketInput(database.db, day);
      return { offers: (input.offers as OfferLists).build(), changesOn: input.changesOn };
    };
    try {
      const today = await on('2026-11-27');
      expect([has(today.offers, a), has(today.offers, b), has(today.offers, c)]).toEqual([false, false, true]);
      // c ends after the 29th, so the market changes on the 30th; b starts on 1 December.
      expect(today.changesOn).toBe('2026-11-30');
      const december = await on('2026-12-01');
      expect([has(december.offers, a), has(december.offers, b), has(december.offers, c)]).toEqual([false, true, false]);
      // No offer's date is ahead: the next change is the day the seed's oldest counted order leaves a supplier's 12 months.
      const { first } = await database.db
        .selectFrom('purchase_orders')
        .select((eb) => eb.fn.min('issued_on').as('first'))
        .executeTakeFirstOrThrow();
      expect(december.changesOn).toBe(first === null ? null : leavesWindowOn(first as string));
    } finally {
      await database.db.updateTable('offers').set({ in_stock: 1, valid_from: null, valid_until: null }).where('id', 'in', [a!.id, b!.id, c!.id]).execute();
    }
  });

  it('reads every supplier and offer, whatever the size of the pages it reads them in', async () => {
    // The offers come packed item by item: compared as the lists they become.
    const packed = async (page: number) => {
      const input = await loadMarketInput(database.db, '2026-11-27', { page });
      return { ...input, offers: (input.offers as OfferLists).build() };
    };
    const whole = await packed(1_000_000);
    const count = async (table: 'offers' | 'suppliers') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const offers = await count('offers');
    const suppliers = await count('suppliers');
    const unpacked = [...whole.offers.values()].flatMap((list) => Array.from({ length: list.length }, (_, i) => list.at(i)));
    expect(unpacked).toHaveLength(offers);
    expect(whole.suppliers).toHaveLength(suppliers);
    expect(whole.suppliers.every((s) => s.categories.size > 0 && s.coverage.cities.size + s.coverage.provinces.size > 0)).toBe(true);
    // Pages that end exactly at the last row, and pages that do not.
    for (const size of [7, suppliers, suppliers - 1, offers, offers - 1]) {
      expect(await packed(size)).toEqual(whole);
    }
    expect(unpacked.some((o) => o.tiers.length > 1)).toBe(true);
    expect(unpacked.filter((o) => o.tiers.length > 1).every((o) => o.tiers.every((t, i) => i === 0 || o.tiers[i - 1]!.minQuantity <= t.minQuantity))).toBe(
      true,
    );
  });
});

describe('reading a stored price list', () => {
  it('reads the lists the product writes as JSON reads them, and any other JSON as JSON', () => {
    for (const tiers of [
      [],
      [{ minQuantity: 50, unitPriceCents: 1234 }],
      [
        { minQuantity: 10, unitPriceCents: 900 },
        { minQuantity: 100, unitPriceCents: 850 },
        { minQuantity: 1000, unitPriceCents: 799 },
      ],
    ]) {
      expect(parseTiers(JSON.stringify(tiers))).toEqual(tiers);
    }
    expect(parseTiers('[{"unitPriceCents":700,"minQuantity":20}]')).toEqual([{ minQuantity: 20, unitPriceCents: 700 }]);
    expect(parseTiers('[ {"minQuantity": 5, "unitPriceCents": 99.5} ]')).toEqual([{ minQuantity: 5, unitPriceCents: 99.5 }]);
    expect(() => parseTiers('[{"minQuantity":5,"unitPriceCents":99},]')).toThrow(SyntaxError);
    expect(() => parseTiers('[{"minQuantity":5,"unitPriceCents":99}]]')).toThrow(SyntaxError);
    // Only the product's own writing is read character by character; anything else is left to JSON.
    const pairs: number[] = [];
    expect(readWrittenTiers('[{"minQuantity":50,"unitPriceCents":1234},{"minQuantity":250,"unitPriceCents":1100}]', pairs)).toBe(true);
    expect(pairs).toEqual([50, 1234, 250, 1100]);
    for (const text of [
      '[{"minQuantity":5,"unitPriceCents":99.5}]',
      '[{"minQuantity":,"unitPriceCents":9}]',
      '[{"minQuantity":5,"unitPriceCents":9}',
      '[{"minQuantity":5,"unitPriceCents":9}]x',
      '[]]',
      '',
    ]) {
      expect(readWrittenTiers(text, pairs)).toBe(false);
    }
  });
});
