import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { SmallMap, type MarketInput, type Supplier } from '../domain/market';
import { PAGE, readOffers, STOPS } from './offer-rows';
import { readOffersOnThread, type StartedOffersRead } from './offers-thread';
import { earnedRecord, leavesWindowOn, NO_RECORD, scorecardFrom } from '../domain/scorecard';
import type { Executor } from '../db/executor';
import { selectArrays } from '../db/statements';
import { addressHash } from '../lib/ids';

const REVISION_KEY = 'market_revision';

/** The revision of suppliers, price lists and catalogue; every write to them bumps it. */
export async function readMarketRevision(db: Executor): Promise<string> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', REVISION_KEY).executeTakeFirst();
  return row?.value ?? '0';
}

/**
 * Marks market data as changed so that every server process reloads its snapshot. Readers only
 * compare revisions, so a new unique value serves, and two writers can never write the same one.
 */
export async function bumpMarketRevision(db: Executor): Promise<void> {
  const value = `${Date.now()}-${randomUUID()}`;
  await db
    .insertInto('meta')
    .values({ key: REVISION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

const SUPPLIERS_PAGE =
  'select id, name, contact_person, email, phone, home_city_id, verified, response_time_hours, dispatch_days, payment_terms, validity_days, price_list_date, minimum_order_cents, vat_number, registered_address, bbee_level, bbee_evidence, bbee_expires_on, lead_digest_minutes from suppliers where id > ? order by id limit ?';
/**
 * Each supplier's earned record (its scorecard's counts): the counted receipts of orders it
 * confirmed, issued in the window, and the first day one of them leaves it.
 */
const RECORDS = `select r.supplier_id, count(*), sum(case when r.on_time = 1 and r.in_full = 1 then 1 else 0 end), sum(r.rating), min(po.issued_on)
  from order_receipts r join purchase_orders po on po.id = r.purchase_order_id
  where r.counted = 1 and po.confirmed_on is not null and po.issued_on >= ? group by r.supplier_id`;
/** Counted from the offers' item index alone, a tenth of a second at two million offers. */
const OFFER_COUNT = 'select count(*) from offers';
/**
 * Offers from which a market's are read on a thread of their own: starting the thread costs about
 * a tenth of a second, which a market of 200,000 offers (10,000 suppliers, read in about a
 * second) does not win back, and two million (in about five seconds, four with the thread) do.
 */
const THREAD_FROM_OFFERS = 500_000;
const CATEGORIES_OF =
  'select supplier_id, category_id, capacity_units, minimum_order_quantity, price_factor from supplier_categories where supplier_id > ? and supplier_id <= ?';
const COVERAGE_OF = 'select supplier_id, scope, area, lead_days from supplier_coverage where supplier_id > ? and supplier_id <= ?';
/** The next day an offer starts (its first day) or stops (the day after its last) being quotable: read from the indexes of the offers that carry dates. */
const NEXT_DATE_CHANGE = 'select (select min(valid_from) from offers where valid_from > ?), (select min(valid_until) from offers where valid_until >= ?)';

/** The offers read on a thread of their own, where the market is a file and at least `threadFrom` offers. */
async function offersThread(trx: Executor, offersFile: string | undefined, day: string, page: number, threadFrom: number) {
  if (offersFile === undefined) return undefined;
  const [[offerCount] = [0]] = await selectArrays(trx, OFFER_COUNT, []);
  return Number(offerCount) < threadFrom ? undefined : readOffersOnThread({ file: offersFile, day, page });
}

/** The day after a South African day. */
function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Reads everything the quote engine needs, in one read transaction so that it is consistent
 * (repeatable read: on PostgreSQL every statement sees the same snapshot). Suppliers (with their
 * categories and coverage) and offers are read page by page, each row turned into what the
 * engine keeps at once, so the rows of a large market are never all held together. Repeated
 * text (ids of cities, categories and items, payment terms, dates) is kept once, not per row.
 * Given the SQLite file (`offersFile`), the offers of a market of at least `threadFrom` offers
 * are read on a thread of their own beside the suppliers; `page` is the rows a query reads. A
 * reading already `started` (as the process starts) is taken instead, when it reads the same file
 * on the same day.
 */
export async function loadMarketInput(
  db: Kysely<DB>,
  day: string,
  {
    page = PAGE,
    offersFile,
    threadFrom = THREAD_FROM_OFFERS,
    started,
  }: { page?: number; offersFile?: string | undefined; threadFrom?: number; started?: StartedOffersRead | undefined } = {},
): Promise<MarketInput> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const revision = await readMarketRevision(trx);
      const [cities, categories, items] = await Promise.all([
        trx.selectFrom('cities').selectAll().orderBy('sort_order').execute(),
        trx.selectFrom('categories').selectAll().orderBy('sort_order').execute(),
        trx.selectFrom('catalogue_items').selectAll().orderBy('sort_order').execute(),
      ]);
      const texts = new Map<string, string>();
      const once = (text: string) => {
        const kept = texts.get(text);
        if (kept !== undefined) return kept;
        texts.set(text, text);
        return text;
      };
      for (const row of [...cities, ...categories, ...items]) once(row.id);

      // Records are few (suppliers with receipts) and read whole; the market is read again when
      // the oldest counted order leaves the 12 months, as when a receipt is recorded.
      const records = new Map<number, Supplier['record']>();
      let recordChangesOn: string | null = null;
      for (const [supplierId, receipts, onTimeInFull, ratingSum, firstIssued] of await selectArrays(trx, RECORDS, [scorecardFrom(day)])) {
        records.set(supplierId as number, earnedRecord(Number(receipts), Number(onTimeInFull), Number(ratingSum)));
        const leaves = leavesWindowOn(firstIssued as string);
        if (recordChangesOn === null || leaves < recordChangesOn) recordChangesOn = leaves;
      }

      // A listed business that asked Procura to stop is not quoted: its address's hash is on the
      // list (hashed only when the list has any, so a market without stops hashes nothing).
      const stops = new Set((await selectArrays(trx, STOPS, [])).map(([hash]) => hash as string));
      // The offers of a large market, most of the reading, are read beside the suppliers on a
      // thread of their own where the database is a file another connection can open.
      const onThread =
        started && started.job.file === offersFile && started.job.day === day ? started.read : await offersThread(trx, offersFile, day, page, threadFrom);
      const stopped = new Set<number>();
      // Rows as arrays of values, not objects: two million offers are read at start-up.
      const suppliers: Supplier[] = [];
      for (let after = 0; ; ) {
        const rows = await selectArrays(trx, SUPPLIERS_PAGE, [after, page]);
        if (rows.length === 0) break;
        const last = rows[rows.length - 1]![0] as number;
        const [categoryRows, coverageRows] = await Promise.all([
          selectArrays(trx, CATEGORIES_OF, [after, last]),
          selectArrays(trx, COVERAGE_OF, [after, last]),
        ]);
        const byId = new Map<number, Supplier>();
        for (const [
          id,
          name,
          contactPerson,
          email,
          phone,
          homeCityId,
          verified,
          responseTimeHours,
          dispatchDays,
          paymentTerms,
          validityDays,
          priceListDate,
          minimumOrderCents,
          vatNumber,
          registeredAddress,
          bbeeLevel,
          bbeeEvidence,
          bbeeExpiresOn,
          leadDigestMinutes,
        ] of rows) {
          if (stops.size > 0 && stops.has(addressHash(email as string))) {
            stopped.add(id as number);
            continue;
          }
          const supplier: Supplier = {
            id: id as number,
            name: name as string,
            contactPerson: contactPerson as string,
            email: email as string,
            leadDigestMinutes: Number(leadDigestMinutes),
            phone: phone as string,
            homeCityId: once(homeCityId as string),
            verified: Boolean(verified),
            record: records.get(id as number) ?? NO_RECORD,
            responseTimeHours: responseTimeHours as number | null,
            dispatchDays: dispatchDays as number,
            paymentTerms: once(paymentTerms as string),
            validityDays: validityDays as number,
            priceListDate: once(priceListDate as string),
            minimumOrderCents: Number(minimumOrderCents),
            compliance:
              vatNumber === null && registeredAddress === null && bbeeLevel === null
                ? null
                : {
                    vatNumber: vatNumber as string | null,
                    registeredAddress: registeredAddress as string | null,
                    bbeeLevel: bbeeLevel === null ? null : Number(bbeeLevel),
                    bbeeEvidence: bbeeEvidence === null ? null : once(bbeeEvidence as string),
                    bbeeExpiresOn: bbeeExpiresOn === null ? null : once(bbeeExpiresOn as string),
                  },
            categories: new SmallMap(),
            coverage: { cities: new SmallMap(), provinces: new SmallMap(), national: null },
          };
          byId.set(supplier.id, supplier);
          suppliers.push(supplier);
        }
        for (const [supplierId, categoryId, capacityUnits, minimumOrderQuantity, priceFactor] of categoryRows) {
          byId.get(supplierId as number)?.categories.set(once(categoryId as string), {
            capacityUnits: capacityUnits as number,
            minimumOrderQuantity: minimumOrderQuantity as number,
            priceFactor: Number(priceFactor),
          });
        }
        for (const [supplierId, scope, area, leadDays] of coverageRows) {
          const s = byId.get(supplierId as number);
          if (!s) continue;
          if (scope === 'city') s.coverage.cities.set(once(area as string), leadDays as number);
          else if (scope === 'province') s.coverage.provinces.set(once(area as string), leadDays as number);
          else s.coverage.national = leadDays as number;
        }
        for (const s of byId.values()) {
          s.categories.compact();
          s.coverage.cities.compact();
          s.coverage.provinces.compact();
        }
        if (rows.length < page) break;
        after = last;
      }

      // Read on their own thread when it could start (see offers-thread.ts), or here when it could
      // not or saw another revision of the market than this transaction does.
      const read = await onThread;
      const offers =
        read?.revision === revision ? read.offers : await readOffers((text, values) => selectArrays(trx, text, values), day, stopped, { once, page });
      const [[starts, ends] = [null, null]] = await selectArrays(trx, NEXT_DATE_CHANGE, [day, day]);
      const changes = [starts as string | null, ends === null ? null : dayAfter(ends as string), recordChangesOn].filter((d): d is string => d !== null).sort();
      return {
        revision,
        changesOn: changes[0] ?? null,
        cities: cities.map((c) => ({ id: c.id, name: c.name, province: once(c.province), latitude: Number(c.latitude), longitude: Number(c.longitude) })),
        categories: categories.map((c) => ({ id: c.id, name: c.name, sectorId: c.sector_id, keywords: JSON.parse(c.keywords) as string[] })),
        items: items.map((i) => ({
          id: i.id,
          name: i.name,
          description: i.description,
          unit: i.unit,
          categoryId: i.category_id,
          referencePriceCents: i.reference_price_cents,
          avgDelivery: i.avg_delivery,
          unitQuantity: i.unit_quantity,
          unitDescription: i.unit_description,
          keywords: JSON.parse(i.keywords) as string[],
          sortOrder: i.sort_order,
        })),
        suppliers,
        offers,
      };
    });
}
