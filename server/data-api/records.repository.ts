// The data API's record pages: requests read in (created_at, id) order from a page's cursor, a
// basket published line by line, and the key its cursors are sealed under. Requests from the widget
// demo (`demo = 1`) are no market data and are left out.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Executor } from '../db/executor';
import { selectArrays } from '../db/statements';

/**
 * One record, as an array in this order: a request's pseudonym, time, category, quantity, budget
 * band, city, intent score, stated company size and line (a basket's line number, 0 for its
 * first; -1 for a single-product request). A page holds up to a thousand: arrays as the database
 * layer reads them, no object per row.
 */
export type RfqRecordRow = [
  rfqRef: string,
  createdAt: string,
  categoryId: string,
  quantity: number,
  budgetRange: string | null,
  cityId: string | null,
  intentScore: number,
  companySize: string | null,
  lineNo: number,
  id: string,
];

/** The key the data API's cursors are sealed under, made once by its migration; read once for each database. */
const cursorKeys = new WeakMap<Kysely<DB>, Promise<string>>();

export function dataCursorKey(db: Kysely<DB>): Promise<string> {
  let key = cursorKeys.get(db);
  if (key === undefined) {
    key = db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'data_cursor_key')
      .executeTakeFirstOrThrow()
      .then((row) => row.value);
    cursorKeys.set(db, key);
    // A failed read is not kept: the next page reads again.
    key.catch(() => cursorKeys.delete(db));
  }
  return key;
}

/** The RFQ with this pseudonym created in [from, to); the (created_at, id) index narrows the search to that hour. */
export async function rfqInHour(db: Kysely<DB>, from: string, to: string, rfqRef: string): Promise<{ id: string; created_at: string } | undefined> {
  return db
    .selectFrom('rfqs')
    .select(['id', 'created_at'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('rfq_ref', '=', rfqRef)
    .executeTakeFirst();
}

/** Where a page starts: the record after this one, or (with an empty id) the first at or after `createdAt`. */
interface RecordsAfter {
  createdAt: string;
  id: string;
  lineNo: number;
}

const RECORD_COLUMNS = 'rfq_ref, created_at, category_id, quantity, budget_range, city_id, intent_score, company_size, line_count, id';
/** A request with a product in the category: a single product of it, or a basket with a line of it. */
const IN_CATEGORY = '((line_count = 0 and category_id = ?) or exists (select 1 from rfq_lines c where c.rfq_id = rfqs.id and c.category_id = ?))';

/**
 * Records in (created_at, id, line) order after `after`, one more than `limit` so the caller
 * knows if more remain: a single-product request is one record, a basket one per line (in the
 * category, when one is asked for). Requests are read on the (created_at, id) index from the one
 * `after` names; only a page holding a basket reads lines, those of its baskets.
 */
export async function rfqRecords(db: Executor, q: { cityId?: string; categoryId?: string; after: RecordsAfter; limit: number }): Promise<RfqRecordRow[]> {
  const { after } = q;
  const filters: string[] = [];
  const values: unknown[] = [];
  if (q.cityId) {
    filters.push(' and rfqs.city_id = ?');
    values.push(q.cityId);
  }
  // Each request read gives at least one record, and only the first (the one `after` names) may
  // give none: two more than `limit` fill the page and say whether more remain.
  const requests = (await selectArrays(
    db,
    `select ${RECORD_COLUMNS} from rfqs where demo = 0 and (created_at, id) >= (?, ?)${filters.join('')}${q.categoryId ? ` and ${IN_CATEGORY}` : ''} order by created_at, id limit ?`,
    [after.createdAt, after.id, ...values, ...(q.categoryId ? [q.categoryId, q.categoryId] : []), q.limit + 2],
  )) as unknown as RfqRecordRow[];
  // Without a category a request gives a known number of records (one, or a basket's count of lines), so lines are read
  // only for the requests that fill the page: a page of ten-line baskets reads a thousand lines, not ten thousand. Should
  // those give fewer records than their counts say, the lines of every request read are read after all.
  const filling = q.categoryId ? requests.length : requestsGiving(requests, after, q.limit + 1);
  const where = { after, categoryId: q.categoryId, filters, values };
  const records = recordsOf(requests, filling, await basketLines(db, where, requests, filling), after, q.limit);
  if (records.length > q.limit || filling === requests.length) return records;
  return recordsOf(requests, requests.length, await basketLines(db, where, requests, requests.length), after, q.limit);
}

/** A basket's line as a page reads it: its number (0 for the first), category and quantity. */
type BasketLine = [lineNo: number, categoryId: string, quantity: number];

/** Whether a request is the one a page starts after. */
const atCursor = (r: RfqRecordRow, after: RecordsAfter) => r[9] === after.id && r[1] === after.createdAt;

/** How many of `requests`, in order, give `wanted` records, the one `after` names giving only its lines after the cursor's. */
function requestsGiving(requests: readonly RfqRecordRow[], after: RecordsAfter, wanted: number): number {
  let given = 0;
  for (let i = 0; i < requests.length; i++) {
    const r = requests[i]!;
    given += atCursor(r, after) ? Math.max(0, r[8] - (after.lineNo + 1)) : Math.max(1, r[8]);
    if (given >= wanted) return i + 1;
  }
  return requests.length;
}

/** The lines (number, category, quantity) of the baskets among the first `count` requests, by request; none read when none is a basket. */
async function basketLines(
  db: Executor,
  where: { after: RecordsAfter; categoryId: string | undefined; filters: readonly string[]; values: readonly unknown[] },
  requests: readonly RfqRecordRow[],
  count: number,
): Promise<Map<string, BasketLine[]>> {
  const lines = new Map<string, BasketLine[]>();
  const last = requests[count - 1];
  if (!last || !requests.some((r, i) => i < count && r[8] > 0)) return lines;
  const { after, categoryId, filters, values } = where;
  const rows = await selectArrays(
    db,
    `select l.rfq_id, l.line_no, l.category_id, l.quantity from rfqs join rfq_lines l on l.rfq_id = rfqs.id
      where rfqs.demo = 0 and rfqs.line_count > 0 and (rfqs.created_at, rfqs.id) >= (?, ?) and (rfqs.created_at, rfqs.id) <= (?, ?)${filters.join('')}${categoryId ? ' and l.category_id = ?' : ''}
      order by rfqs.created_at, rfqs.id, l.line_no`,
    [after.createdAt, after.id, last[1], last[9], ...values, ...(categoryId ? [categoryId] : [])],
  );
  for (const [rfqId, lineNo, lineCategoryId, quantity] of rows) {
    const basket = lines.get(rfqId as string) ?? [];
    basket.push([Number(lineNo), lineCategoryId as string, Number(quantity)]);
    lines.set(rfqId as string, basket);
  }
  return lines;
}

/** The records of the first `count` requests after `after`, up to one more than `limit`: a basket's from its lines. */
function recordsOf(
  requests: readonly RfqRecordRow[],
  count: number,
  lines: ReadonlyMap<string, readonly BasketLine[]>,
  after: RecordsAfter,
  limit: number,
): RfqRecordRow[] {
  const records: RfqRecordRow[] = [];
  for (let i = 0; i < count && records.length <= limit; i++) {
    const r = requests[i]!;
    const here = atCursor(r, after);
    if (r[8] <= 0) {
      // A single product's row is its record as it is read, its line count (0) made its line, -1.
      r[8] = -1;
      if (!here) records.push(r);
      continue;
    }
    for (const [lineNo, categoryId, quantity] of lines.get(r[9]) ?? []) {
      if (!here || lineNo > after.lineNo) records.push([r[0], r[1], categoryId, quantity, r[4], r[5], r[6], r[7], lineNo, r[9]]);
    }
  }
  return records.slice(0, limit + 1);
}
