import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketStore } from './market-store';
import { bumpMarketRevision } from './market.repository';
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

    const offer = first.offersByItem.get('bleach-5l')![0]!;
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
});
