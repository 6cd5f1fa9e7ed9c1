import { describe, expect, it } from 'vitest';
import { buildQuotes, type QuoteSet } from './quote-engine';
import { marketOf, pastOrdersOf } from '../test/market';
import { CATALOGUE, CITIES } from '../db/seed/data';
import { createRng, type Rng } from '../db/seed/rng.mjs';
import type { SupplierSeed } from '../db/seed/suppliers';
import { centsToRand, formatRand } from '../../sdk/format';

/**
 * Every comparative claim of a recommendation, checked against the quotes of its own answer.
 * The checker reads only what the buyer is shown (totals, lead times, scores, the sentence) and
 * shares no code with insights.ts, so a wrong rule there cannot hide behind the same rule here.
 */
function falseClaims(set: QuoteSet, requested: number): string[] {
  const quotes = set.quotes;
  const n = quotes.length;
  const problems: string[] = [];
  const totals = quotes.map((q) => q.totalCents);
  const sum = totals.reduce((a, b) => a + b, 0);
  const speed = (i: number) => [quotes[i]!.leadDays.min, quotes[i]!.leadDays.max] as const;
  const faster = (a: number, b: number) => speed(a)[0] < speed(b)[0] || (speed(a)[0] === speed(b)[0] && speed(a)[1] < speed(b)[1]);
  const sameSpeed = (a: number, b: number) => speed(a)[0] === speed(b)[0] && speed(a)[1] === speed(b)[1];
  const quality = quotes.map((q) => q.insights.qualityScore);

  quotes.forEach((q, i) => {
    const s = q.insights.recommendation;
    const fail = (why: string) => problems.push(`quote ${i + 1} of ${n}: ${why} in "${s}"`);
    const others = quotes.map((_, j) => j).filter((j) => j !== i);
    const tie = /tied with (\d+) other quotes?/.exec(s);
    const tiedWith = tie ? Number(tie[1]) : 0;
    let claimsRecognised = 0;

    for (const m of s.matchAll(/of the (\d+) quotes/g)) {
      if (Number(m[1]) !== n) fail(`"of the ${m[1]} quotes" but ${n} are shown`);
    }
    if (/^(The only supplier|The quote you asked for)/.test(s)) {
      claimsRecognised++;
      if (n !== 1) fail('a single-quote sentence in a set of several');
      if (s.startsWith('The only supplier that qualified') && requested <= 1) fail('"the only supplier that qualified" when one quote was asked for');
    }
    if (/lowest price/i.test(s)) {
      claimsRecognised++;
      const cheaper = others.filter((j) => totals[j]! < q.totalCents).length;
      const equal = others.filter((j) => totals[j]! === q.totalCents).length;
      if (cheaper > 0) fail('"lowest price" but another quote is cheaper');
      if (equal !== tiedWith) fail(`"lowest price" tied with ${tiedWith}, but ${equal} others cost the same`);
      if (!s.includes(formatRand(centsToRand(q.totalCents)))) fail('the lowest price is not its own total');
    }
    if (/fastest delivery/i.test(s)) {
      claimsRecognised++;
      if (others.some((j) => faster(j, i))) fail('"fastest delivery" but another quote is faster');
      const equal = others.filter((j) => sameSpeed(j, i)).length;
      if (equal !== tiedWith) fail(`"fastest delivery" tied with ${tiedWith}, but ${equal} others deliver as fast`);
      if (!s.includes(q.leadTime)) fail('the fastest delivery is not its own lead time');
    }
    if (/highest quality/i.test(s)) {
      claimsRecognised++;
      if (others.some((j) => quality[j]! > quality[i]!)) fail('"highest quality" but another quote scores higher');
      const equal = others.filter((j) => quality[j] === quality[i]).length;
      if (equal !== tiedWith) fail(`"highest quality" tied with ${tiedWith}, but ${equal} others score the same`);
      if (!s.includes(`(${quality[i]}/100`)) fail('the quality score is not its own');
    }
    const dearer = /Dearer than (most|the other (\d+) quotes|the other quote|(\d+) of the (\d+) other quotes)/.exec(s);
    if (dearer) {
      claimsRecognised++;
      const cheaper = others.filter((j) => totals[j]! < q.totalCents).length;
      if (dearer[1] === 'most' && cheaper * 2 <= others.length) fail(`"dearer than most" but only ${cheaper} of ${others.length} are cheaper`);
      if (dearer[2] !== undefined && (Number(dearer[2]) !== others.length || cheaper !== others.length)) fail('"dearer than the others" is not true');
      if (dearer[1] === 'the other quote' && (others.length !== 1 || cheaper !== 1)) fail('"dearer than the other quote" is not true');
      if (dearer[3] !== undefined && (Number(dearer[3]) !== cheaper || Number(dearer[4]) !== others.length)) {
        fail(`"dearer than ${dearer[3]} of the ${dearer[4]}" but ${cheaper} of ${others.length} are cheaper`);
      }
      // Worth paying more for only when no cheaper quote is rated as well and (where this one has a record) on time as often.
      const own = q.supplier.record;
      const share = (r: typeof own) => r.onTimeInFull / r.receipts;
      const matchedBy = others.some((j) => {
        const other = quotes[j]!.supplier.record;
        if (totals[j]! >= q.totalCents || own.new) return false;
        return !other.new && other.ratingAverage! >= own.ratingAverage! && share(other) >= share(own);
      });
      if (/worth it if/.test(s) && matchedBy) fail('"worth it if" but a cheaper quote is as good on rating and record');
      if (/a cheaper quote here (matches|is rated)/.test(s) && !matchedBy) fail('"a cheaper quote here" matches it, but none does');
    }
    if (q.insights.competitivePosition === 'best-balance' && q.insights.priceDifference > 5) fail('a balance more than 5 % dearer than average');
    const versus = /(at the average price|within 0\.1% of the average price|([\d.]+)% (above|below) the average price)/.exec(s);
    if (versus) {
      // Compare in integers: total × n against the sum of the set.
      const scaled = q.totalCents * n;
      if (versus[1] === 'at the average price' && scaled !== sum) fail('"at the average price" but it is not');
      if (versus[1].startsWith('within') && (scaled === sum || Math.abs((scaled - sum) / sum) >= 0.0005)) fail('"within 0.1%" is not true');
      if (versus[2] !== undefined) {
        const percent = ((scaled - sum) / sum) * 100;
        if ((versus[3] === 'above') !== percent > 0) fail(`"${versus[3]} the average" but it is ${percent}%`);
        if (Math.abs(Math.abs(percent) - Number(versus[2])) > 0.05 + 1e-9) fail(`"${versus[2]}%" but it is ${percent.toFixed(3)}%`);
      }
    } else if (/average/.test(s)) {
      fail('an unrecognised claim about the average');
    }
    if (/\b(best|cheapest|dearest|quickest|slowest|most|least)\b/i.test(s) && !dearer) fail('an unchecked comparative word');
    const record = q.supplier.record;
    const unproven = record.new;
    if (/New on Procura/.test(s) !== unproven) fail(unproven ? 'a new supplier is not said to be new' : '"New on Procura" of a supplier with a record');
    if (/track record|Delivered on time|rated/.test(s) && unproven) fail('a record or rating claimed for a supplier with none');
    if (!unproven) {
      const cited = `Delivered on time and in full for ${record.onTimeInFull} of ${record.receipts} orders on Procura in the last 12 months.`;
      if (!s.endsWith(cited)) fail('the record is not cited from its own counts');
      if (!s.includes(`rated ${record.ratingAverage!.toFixed(1)} from ${record.ratingCount} buyers`)) fail('the rating is not its own average and count');
    }
    const balance = unproven ? /^Good balance of price and delivery/ : /^Good balance of price, delivery and track record/;
    if (n > 1 && claimsRecognised === 0 && !balance.test(s)) fail('an unrecognised sentence');
  });
  return problems;
}

const ITEMS = CATALOGUE;
const CITY_IDS = CITIES.map((c) => c.id);

/** A small random market where ties are common: few distinct prices, lead times and ratings. */
function randomMarket(rng: Rng): SupplierSeed[] {
  const count = rng.int(1, 16);
  const items = Array.from({ length: rng.int(1, 3) }, () => rng.pick(ITEMS));
  return Array.from({ length: count }, (_, k) => {
    const home = rng.pick(CITY_IDS);
    const city = CITIES.find((c) => c.id === home)!;
    const offered = items.filter(() => rng.chance(0.8));
    return {
      id: k + 1,
      name: `Supplier ${k + 1}`,
      contactPerson: 'Thandi Nkosi',
      email: `sales@s${k + 1}.example`,
      phone: '+27 31 555 0100',
      homeCityId: home,
      verified: rng.chance(0.6),
      rating: 5,
      // Rated and on time by their buyers; some new to Procura, with no record yet.
      history: ((rating, onTime) => (onTime === null ? [] : pastOrdersOf(100, onTime, rating)))(
        rng.pick([3.5, 4, 4.2, 4.5, 5]),
        rng.pick([80, 90, 95, 99, null]),
      ),
      responseTimeHours: rng.pick([2, 4, 24]),
      dispatchDays: rng.int(0, 2),
      paymentTerms: 'Net 30',
      validityDays: 14,
      priceListDate: '2026-11-01',
      categories: [...new Set(offered.map((i) => i.categoryId))].map((categoryId) => ({
        categoryId,
        capacityUnits: rng.pick([200, 2000, 50_000]),
        minimumOrderQuantity: rng.pick([1, 10]),
        priceFactor: 1,
      })),
      coverage: [
        { scope: 'city' as const, area: home, leadDays: rng.int(0, 2) },
        ...(rng.chance(0.5) ? [{ scope: 'province' as const, area: city.province, leadDays: rng.int(1, 3) }] : []),
        ...(rng.chance(0.4) ? [{ scope: 'national' as const, area: 'ZA', leadDays: rng.int(2, 5) }] : []),
      ],
      offers: offered.map((item) => ({
        itemId: item.id,
        unitPriceCents: item.referencePriceCents + rng.pick([-200, 0, 0, 100, 300]),
        minimumOrderQuantity: 1,
        tiers: rng.chance(0.3) ? [{ minQuantity: 50, unitPriceCents: item.referencePriceCents - 300 }] : [],
      })),
    };
  });
}

describe('recommendation sentences', () => {
  it('say only what is true of the quotes shown, across random markets and requests', () => {
    const failures: string[] = [];
    let sentences = 0;
    let ties = 0;
    let unproven = 0;
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 400; seed++) {
      const rng = createRng(seed);
      const suppliers = randomMarket(rng);
      const market = marketOf(suppliers);
      const item = rng.pick(suppliers.flatMap((s) => s.offers.map((o) => o.itemId)).concat(['hand-sanitizer-70']));
      const cityId = rng.pick(suppliers.map((s) => s.homeCityId));
      const city = CITIES.find((c) => c.id === cityId)!;
      const supplierCount = rng.pick([1, 3, 5, 7, 10]);
      const request = {
        productName: rng.chance(0.85) ? ITEMS.find((i) => i.id === item)!.name : 'Mop heads',
        quantity: rng.pick([10, 12, 50, 100, 500, 1500]),
        supplierCount,
        deliveryLocation: rng.chance(0.8) ? city.name : city.province,
      };
      const set = buildQuotes(market, request, { now: new Date('2026-11-22T09:00:00Z'), vatRate: 0.15 });
      sentences += set.quotes.length;
      for (const q of set.quotes) {
        kinds.add(q.insights.competitivePosition);
        if (/tied with/.test(q.insights.recommendation)) ties++;
        if (q.supplier.record.new) unproven++;
        if (set.quotes.length === 1) kinds.add(supplierCount === 1 ? 'asked-for-one' : 'only-one');
      }
      for (const problem of falseClaims(set, supplierCount)) failures.push(`seed ${seed} ${JSON.stringify(request)}: ${problem}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // The random markets reach every kind of sentence, ties included.
    expect(sentences).toBeGreaterThan(700);
    expect([...kinds].sort()).toEqual(['asked-for-one', 'best-balance', 'fastest-delivery', 'highest-quality', 'lowest-price', 'only-one', 'premium-option']);
    expect(ties).toBeGreaterThan(20);
    expect(unproven).toBeGreaterThan(100);
  });
});
