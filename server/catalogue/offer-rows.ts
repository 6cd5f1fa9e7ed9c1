// How the market's offers are read, on the thread that loads the market or on one of its own
// (`offers.worker.ts`): the statements, the price lists' text, and a page of rows (or, on the
// offers' own thread, of text) added to the packed lists.
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
 * {@link OFFERS_PAGE} as SQLite writes it out in text: one row of the page's count, its last id,
 * its offers' numbers (id, supplier, price, minimum, offer after offer, all comma-separated), their
 * items' ids (comma-separated) and their price lists ('|'-separated, empty for none). Five values
 * a page where the rows are six an offer: at two million offers better-sqlite3's making of a value
 * for each column was most of the reading, and SQLite writes the text for less than that. SQLite
 * concatenates in the order its subquery gives, which it does not promise: the reader checks that
 * the ids rise (see `addPageText`).
 */
const OFFERS_PAGE_AS_TEXT = `select count(*), max(id), group_concat(id || ',' || supplier_id || ',' || unit_price_cents || ',' || minimum_order_quantity),
    group_concat(catalogue_item_id), group_concat(coalesce(nullif(tiers, '[]'), ''), '|')
  from (select id, supplier_id, catalogue_item_id, unit_price_cents, minimum_order_quantity, tiers from offers where id > ? and ${QUOTABLE} order by id limit ?) o`;
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
 * unfinished) for text written any other way, which only JSON.parse reads. Given `from` and `to`,
 * reads the list written there in a longer text.
 */
export function readWrittenTiers(text: string, pairs: number[], from = 0, to = text.length): boolean {
  pairs.length = 0;
  if (text.charCodeAt(from) !== 91) return false;
  if (to - from === 2) return text.charCodeAt(from + 1) === 93;
  for (let i = from + 1; ; ) {
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
    if (next === 93) return end + 2 === to;
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
 * `once` keeps each item's id once (the caller's copy of repeated text). With `asText` (SQLite
 * only), each page is read as text where SQLite can (see {@link OFFERS_PAGE_AS_TEXT}).
 */
export async function readOffers(
  select: SelectArrays,
  day: string,
  stopped: ReadonlySet<number>,
  { once = (text: string) => text, page = PAGE, asText = false }: { once?: (text: string) => string; page?: number; asText?: boolean } = {},
): Promise<OfferListsBuilder> {
  const offers = new OfferListsBuilder();
  const itemIds = (await select(OFFER_COUNTS, [])).map(([itemId, count]) => {
    const id = once(itemId as string);
    offers.reserve(id, Number(count));
    return id;
  });
  // One array for every offer's price list, read into it in turn.
  const pairs: number[] = [];
  const items = asText ? new ItemIds(itemIds) : undefined;
  for (let after = 0; ; ) {
    if (items) {
      const [[count, last, numbers, itemIds, tiers]] = (await select(OFFERS_PAGE_AS_TEXT, [after, day, day, page])) as [
        [number, number | null, ...(string | null)[]],
      ];
      if (addPageText(offers, { items, stopped, pairs }, { after, count, last, numbers, itemIds, tiers })) {
        if (count < page) return offers;
        after = last!;
        continue;
      }
    }
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

/**
 * The numbers of a page read as text, four an offer, its offers' items and where each one's price
 * list ends (see {@link OFFERS_PAGE_AS_TEXT}): grown as pages need.
 */
let pageNumbers = new Float64Array(4 * PAGE);
const pageItems: string[] = [];
let pageTierEnds = new Int32Array(PAGE);

/**
 * Where the segment of `text` from `from` ends at the next `separator`; the last one at the text's
 * end, with no separator left in it. -1 where there is none, or one more.
 */
function segmentEnd(text: string, separator: string, from: number, last: boolean): number {
  const at = text.indexOf(separator, from);
  if (last) return at === -1 ? text.length : -1;
  return at;
}

/**
 * Reads a page's numbers (comma-separated whole numbers) into {@link pageNumbers}, answering how
 * many there were, or -1 where one is not a whole number written in digits.
 */
function readNumbers(text: string): number {
  let n = 0;
  let value = 0;
  let digits = 0;
  let sign = 1;
  for (let i = 0; i <= text.length; i++) {
    const c = i === text.length ? 44 : text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
    } else if (c === 45 && digits === 0 && sign === 1) sign = -1;
    else if (c === 44 && digits > 0) {
      if (n === pageNumbers.length) {
        const grown = new Float64Array(2 * n);
        grown.set(pageNumbers);
        pageNumbers = grown;
      }
      pageNumbers[n++] = sign * value;
      value = 0;
      digits = 0;
      sign = 1;
    } else return -1;
  }
  return n;
}

/** FNV-1a of the characters of `text` from `from` to `to`. */
function hashOf(text: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The catalogue's item ids, found where a longer text writes one without cutting it out: by a hash of its characters. */
class ItemIds {
  private readonly byHash = new Map<number, string[]>();

  constructor(ids: readonly string[]) {
    for (const id of ids) {
      const h = hashOf(id, 0, id.length);
      const same = this.byHash.get(h);
      if (same) same.push(id);
      else this.byHash.set(h, [id]);
    }
  }

  /** The item id written from `from` to `to` in `text`, or undefined where none is. */
  at(text: string, from: number, to: number): string | undefined {
    const same = this.byHash.get(hashOf(text, from, to));
    if (same) for (const id of same) if (id.length === to - from && text.startsWith(id, from)) return id;
    return undefined;
  }
}

/**
 * Adds the offers of a page read as text, answering false, with nothing added, where the text is
 * not as {@link OFFERS_PAGE_AS_TEXT} writes it for `count` offers in the order of their ids after
 * `after` (a number that is not a whole one, an item id holding a comma, a price list holding a
 * '|'): that page is then read as rows.
 */
function addPageText(
  offers: OfferListsBuilder,
  { items, stopped, pairs }: { items: ItemIds; stopped: ReadonlySet<number>; pairs: number[] },
  page: {
    after: number;
    count: number;
    last: number | null;
    numbers: string | null | undefined;
    itemIds: string | null | undefined;
    tiers: string | null | undefined;
  },
): boolean {
  const { count, numbers, itemIds, tiers } = page;
  if (count === 0) return true;
  if (typeof numbers !== 'string' || typeof itemIds !== 'string' || typeof tiers !== 'string' || readNumbers(numbers) !== 4 * count) return false;
  if (pageTierEnds.length < count) pageTierEnds = new Int32Array(Math.max(count, 2 * pageTierEnds.length));
  let previous = page.after;
  for (let k = 0, itemFrom = 0, tierFrom = 0; k < count; k++) {
    if (pageNumbers[4 * k]! <= previous) return false;
    previous = pageNumbers[4 * k]!;
    const itemEnd = segmentEnd(itemIds, ',', itemFrom, k === count - 1);
    const item = itemEnd === -1 ? undefined : items.at(itemIds, itemFrom, itemEnd);
    const tierEnd = segmentEnd(tiers, '|', tierFrom, k === count - 1);
    if (item === undefined || tierEnd === -1) return false;
    pageItems[k] = item;
    pageTierEnds[k] = tierEnd;
    itemFrom = itemEnd + 1;
    tierFrom = tierEnd + 1;
  }
  if (previous !== page.last) return false;
  for (let k = 0, from = 0; k < count; k++) {
    const end = pageTierEnds[k]!;
    const supplierId = pageNumbers[4 * k + 1]!;
    if (stopped.size === 0 || !stopped.has(supplierId)) {
      if (end === from) pairs.length = 0;
      else if (!readWrittenTiers(tiers, pairs, from, end)) readTiers(tiers.slice(from, end), pairs);
      offers.addValues(pageItems[k]!, supplierId, pageNumbers[4 * k + 2]!, pageNumbers[4 * k + 3]!, pairs);
    }
    from = end + 1;
  }
  return true;
}
