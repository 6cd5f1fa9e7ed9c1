// How the market's offers are read, on the thread that loads the market or on one of its own
// (`offers.worker.ts`): the statements, the price lists' text, and a page of rows added to the
// packed lists.
import { OfferListsBuilder, type PriceTier } from '../domain/market';

/**
 * Rows read per query: the market is read in pages, so a large one never sits in memory twice,
 * and small ones, so that a page's rows are gone before the young generation's next collection
 * would promote them (pages of 20,000 left 400 MB of dead rows in the old generation at 100,000
 * suppliers, and the process's peak at twice its settled size).
 */
export const PAGE = 2_000;

// Most offers have no tiers: null rather than '[]' spares a string per row.
// Only what can be quoted on the day read: in stock and within its dates.
const QUOTABLE = '(in_stock = 1 and (valid_from is null or valid_from <= ?) and (valid_until is null or valid_until >= ?))';
const OFFERS_PAGE = `select id, supplier_id, catalogue_item_id, unit_price_cents, minimum_order_quantity, nullif(tiers, '[]') from offers where id > ? and ${QUOTABLE} order by id limit ?`;
/**
 * Every offer by item, quotable today or not: counted from the item index alone (a tenth of a
 * second at two million offers, where counting only the quotable ones reads every row, seconds);
 * the few columns sized for offers not read are trimmed once.
 */
const OFFER_COUNTS = 'select catalogue_item_id, count(*) from offers group by catalogue_item_id';
/** The hashes of the listed addresses that asked Procura to stop: their suppliers are not quoted. */
export const STOPS = 'select address_hash from supplier_mail_stops';

const OPEN_TIER = '{"minQuantity":';
const TIER_PRICE = ',"unitPriceCents":';

/** Reads the digits at `at` into `number[0]` and answers where they end (at, when there are none). */
function digitsAt(text: string, at: number, number: [number]): number {
  let i = at;
  let n = 0;
  for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) n = n * 10 + (c - 48);
  number[0] = n;
  return i;
}

const scratch: [number] = [0];

/**
 * Reads a price list written as the product writes it (`[{"minQuantity":50,"unitPriceCents":1234},…]`)
 * into `pairs` as minimums and prices in turn, character by character: two million are read at
 * start-up, and this makes no object, match or substring for them. Answers false (and `pairs`
 * unfinished) for text written any other way, which only JSON.parse reads.
 */
export function readWrittenTiers(text: string, pairs: number[]): boolean {
  pairs.length = 0;
  if (text.charCodeAt(0) !== 91) return false;
  if (text.length === 2) return text.charCodeAt(1) === 93;
  for (let i = 1; ; ) {
    if (!text.startsWith(OPEN_TIER, i)) return false;
    let end = digitsAt(text, i + OPEN_TIER.length, scratch);
    if (end === i + OPEN_TIER.length) return false;
    const minQuantity = scratch[0];
    if (!text.startsWith(TIER_PRICE, end)) return false;
    i = end + TIER_PRICE.length;
    end = digitsAt(text, i, scratch);
    if (end === i || text.charCodeAt(end) !== 125) return false;
    pairs.push(minQuantity, scratch[0]);
    const next = text.charCodeAt(end + 1);
    if (next === 93) return end + 2 === text.length;
    if (next !== 44) return false;
    i = end + 2;
  }
}

/** A stored price list, written as the product writes it or as any other JSON. */
export function parseTiers(text: string): PriceTier[] {
  const pairs: number[] = [];
  if (!readWrittenTiers(text, pairs)) return JSON.parse(text) as PriceTier[];
  const tiers: PriceTier[] = [];
  for (let k = 0; k < pairs.length; k += 2) tiers.push({ minQuantity: pairs[k]!, unitPriceCents: pairs[k + 1]! });
  return tiers;
}

/** A stored price list as minimums and prices in turn, into `pairs`. */
function readTiers(text: string | null, pairs: number[]): void {
  if (text === null) pairs.length = 0;
  else if (!readWrittenTiers(text, pairs)) for (const tier of JSON.parse(text) as PriceTier[]) pairs.push(tier.minQuantity, tier.unitPriceCents);
}

/** Runs one of these statements and answers its rows as arrays of values, at once or later. */
export type SelectArrays = (text: string, values: unknown[]) => unknown[][] | Promise<unknown[][]>;

/**
 * Reads the offers quotable on `day` page by page and packs them item by item as they are read,
 * so a large market never holds an object per offer; those of `stopped` suppliers are left out.
 * `once` keeps each item's id once (the caller's copy of repeated text).
 */
export async function readOffers(
  select: SelectArrays,
  day: string,
  stopped: ReadonlySet<number>,
  once: (text: string) => string = (text) => text,
  page = PAGE,
): Promise<OfferListsBuilder> {
  const offers = new OfferListsBuilder();
  for (const [itemId, count] of await select(OFFER_COUNTS, [])) offers.reserve(once(itemId as string), Number(count));
  // One array for every offer's price list, read into it in turn.
  const pairs: number[] = [];
  for (let after = 0; ; ) {
    const rows = await select(OFFERS_PAGE, [after, day, day, page]);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      if (stopped.size > 0 && stopped.has(row[1] as number)) continue;
      readTiers(row[5] as string | null, pairs);
      offers.addValues(row[2] as string, row[1] as number, row[3] as number, row[4] as number, pairs);
    }
    if (rows.length < page) return offers;
    after = rows[rows.length - 1]![0] as number;
  }
}
