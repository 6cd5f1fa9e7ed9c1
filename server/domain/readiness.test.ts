import { describe, expect, it } from 'vitest';
import { marketOf, supplierSeed } from '../test/market';
import { bestCandidates, candidatePool, supplierEntry } from './matching';
import { readinessOf } from './readiness';

const ready = supplierSeed({ id: 1 });
const noStock = supplierSeed({ id: 2, offers: [] });
const nowhere = supplierSeed({ id: 3, coverage: [] });
const market = marketOf([ready, noStock, nowhere]);
const category = market.categoriesById.get('sanitizers')!;
const item = market.itemsById.get('hand-sanitizer-70')!;
const durban = { city: market.citiesById.get('durban')!, province: 'KwaZulu-Natal' };
const estimated = { kind: 'category' as const, category, estimateCents: 9000 };

describe('ready to quote', () => {
  it('reads each step from the snapshot: an in-stock item and a delivery area', () => {
    expect(readinessOf(market, 1)).toEqual({ inStockItem: true, deliveryArea: true, readyToQuote: true });
    expect(readinessOf(market, 2)).toEqual({ inStockItem: false, deliveryArea: true, readyToQuote: false });
    expect(readinessOf(market, 3)).toEqual({ inStockItem: true, deliveryArea: false, readyToQuote: false });
    expect(readinessOf(market, 99)).toEqual({ inStockItem: false, deliveryArea: false, readyToQuote: false });
  });

  it('quotes a category only from suppliers ready to quote, though the others serve it', () => {
    const ids = (entries: { supplier: { id: number } }[]) => entries.map((e) => e.supplier.id);
    expect(ids(candidatePool(market, estimated, durban))).toEqual([1]);
    expect(ids(candidatePool(market, estimated, 'anywhere'))).toEqual([1]);
    expect(ids(bestCandidates(market, estimated, durban, 10, 9000, 5).map((c) => c.entry))).toEqual([1]);
    expect(supplierEntry(market, estimated, durban, market.suppliersById.get(2)!)).toBeNull();
    expect(supplierEntry(market, estimated, durban, market.suppliersById.get(1)!)?.supplier.id).toBe(1);
  });

  it('quotes an item from the supplier ready to quote alone', () => {
    const target = { kind: 'item' as const, item, category };
    expect(bestCandidates(market, target, durban, 10, item.referencePriceCents, 5).map((c) => c.entry.supplier.id)).toEqual([1]);
  });
});
