import { describe, expect, it } from 'vitest';
import { NO_TIERS, OfferListsBuilder, SmallMap } from './market';

describe('SmallMap', () => {
  it('reads, replaces and lists its entries as a Map would, in the order they were set', () => {
    const leads = new SmallMap<number>([
      ['durban', 2],
      ['johannesburg', 3],
    ]);
    expect([leads.size, leads.get('durban'), leads.get('cape-town'), leads.has('johannesburg'), leads.has('george')]).toEqual([2, 2, undefined, true, false]);
    leads.set('durban', 1).set('george', 5);
    leads.compact();
    expect(leads.keys()).toEqual(['durban', 'johannesburg', 'george']);
    expect(leads.values()).toEqual([1, 3, 5]);
    expect(new SmallMap<number>().size).toBe(0);
  });
});

describe('OfferListsBuilder', () => {
  it('keeps every number exactly, whole or not, beyond 32 bits too, sized ahead or not', () => {
    const builder = new OfferListsBuilder();
    builder.reserve('bleach-5l', 3);
    const offers = [
      { supplierId: 7, itemId: 'bleach-5l', unitPriceCents: 4599, minimumOrderQuantity: 10, tiers: [{ minQuantity: 100, unitPriceCents: 4299 }] },
      { supplierId: 9, itemId: 'bleach-5l', unitPriceCents: 4_000_000_000, minimumOrderQuantity: 1, tiers: NO_TIERS },
      { supplierId: 3, itemId: 'bleach-5l', unitPriceCents: 4599.5, minimumOrderQuantity: 2.5, tiers: [{ minQuantity: 50, unitPriceCents: 4500.25 }] },
      { supplierId: 4, itemId: 'mop-head', unitPriceCents: 2500, minimumOrderQuantity: 12, tiers: NO_TIERS },
    ];
    for (const offer of offers) builder.add(offer);
    const lists = builder.build();
    const bleach = lists.get('bleach-5l')!;
    expect([0, 1, 2].map((i) => bleach.at(i))).toEqual(offers.slice(0, 3));
    expect(lists.get('mop-head')!.at(0)).toEqual(offers[3]);
    expect(bleach.lowestTierCents(2)).toBe(4500.25);
  });

  it('sized for more offers than come, keeps only those that came, and no list where none came', () => {
    const builder = new OfferListsBuilder();
    builder.reserve('bleach-5l', 4);
    builder.reserve('gloves-100', 2);
    const offer = { supplierId: 7, itemId: 'bleach-5l', unitPriceCents: 4599, minimumOrderQuantity: 10, tiers: NO_TIERS };
    builder.add(offer);
    const lists = builder.build();
    expect(lists.get('bleach-5l')!.length).toBe(1);
    expect(lists.get('bleach-5l')!.at(0)).toEqual(offer);
    expect(lists.has('gloves-100')).toBe(false);
  });

  it("keeps an offer's price list in order of its minimums however it was written, from values as from an offer", () => {
    const builder = new OfferListsBuilder();
    const pairs = [250, 4100, 50, 4400, 1000, 3900];
    builder.addValues('bleach-5l', 7, 4599, 10, pairs);
    builder.addValues('bleach-5l', 8, 4500, 1, []);
    builder.add({ supplierId: 9, itemId: 'bleach-5l', unitPriceCents: 4700, minimumOrderQuantity: 1, tiers: [{ minQuantity: 20, unitPriceCents: 4650 }] });
    const bleach = builder.build().get('bleach-5l')!;
    expect(bleach.at(0).tiers).toEqual([
      { minQuantity: 50, unitPriceCents: 4400 },
      { minQuantity: 250, unitPriceCents: 4100 },
      { minQuantity: 1000, unitPriceCents: 3900 },
    ]);
    expect([bleach.at(1).tiers, bleach.at(2).tiers]).toEqual([[], [{ minQuantity: 20, unitPriceCents: 4650 }]]);
    // The pairs were only read: the caller may read the next offer's into the same array.
    expect(pairs).toEqual([250, 4100, 50, 4400, 1000, 3900]);
  });
});
