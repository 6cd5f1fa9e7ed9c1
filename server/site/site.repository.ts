import type { Executor } from '../db/executor';

export interface SiteCounts {
  quotesThisMonth: number;
  quotesLast12Months: number;
  requestsThisMonth: number;
  marketDataRequests: number;
}

const quotesSince = (db: Executor, since: string) =>
  db
    .selectFrom('rfqs')
    .innerJoin('quotes', 'quotes.rfq_id', 'rfqs.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('rfqs.created_at', '>=', since)
    .where('rfqs.demo', '=', 0)
    .executeTakeFirstOrThrow();

/**
 * Quotes and requests since `monthStart`, quotes since `yearAgo` (ISO date-times), and every
 * request held, none of the widget demo's. A request's quotes are written with it, so quotes are
 * counted through the requests' date index.
 */
export async function countActivity(db: Executor, monthStart: string, yearAgo: string): Promise<SiteCounts> {
  const [quotes, yearQuotes, requests, all] = await Promise.all([
    quotesSince(db, monthStart),
    quotesSince(db, yearAgo),
    db
      .selectFrom('rfqs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', monthStart)
      .where('demo', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rfqs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('demo', '=', 0)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    quotesThisMonth: Number(quotes.n),
    quotesLast12Months: Number(yearQuotes.n),
    requestsThisMonth: Number(requests.n),
    marketDataRequests: Number(all.n),
  };
}

/** The sectors Procura serves, in their order. */
export async function listSectors(db: Executor): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('sectors').select(['id', 'name']).orderBy('sort_order').execute();
}
