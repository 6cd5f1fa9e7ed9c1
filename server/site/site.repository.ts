import type { Executor } from '../db/executor';

export interface SiteCounts {
  quotesThisMonth: number;
  requestsThisMonth: number;
  marketDataRequests: number;
}

/**
 * Quotes and requests since `monthStart` (ISO date-time), and every request held. A request's
 * quotes are written with it, so quotes are counted through the requests' date index.
 */
export async function countActivity(db: Executor, monthStart: string): Promise<SiteCounts> {
  const [quotes, requests, all] = await Promise.all([
    db
      .selectFrom('rfqs')
      .innerJoin('quotes', 'quotes.rfq_id', 'rfqs.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('rfqs.created_at', '>=', monthStart)
      .executeTakeFirstOrThrow(),
    db.selectFrom('rfqs').select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '>=', monthStart).executeTakeFirstOrThrow(),
    db.selectFrom('rfqs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { quotesThisMonth: Number(quotes.n), requestsThisMonth: Number(requests.n), marketDataRequests: Number(all.n) };
}

/** The sectors Procura serves, in their order. */
export async function listSectors(db: Executor): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('sectors').select(['id', 'name']).orderBy('sort_order').execute();
}
