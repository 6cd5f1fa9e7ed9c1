import type { Executor } from '../db/executor';

export interface SiteCounts {
  quotesThisMonth: number;
  quotesLast12Months: number;
  firmQuotesLast12Months: number;
  productsQuotedLast12Months: number;
  requestsThisMonth: number;
  marketDataRequests: number;
}

/** Quotes since `since`, and how many of them their suppliers made firm. */
const quotesSince = (db: Executor, since: string) =>
  db
    .selectFrom('rfqs')
    .innerJoin('quotes', 'quotes.rfq_id', 'rfqs.id')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('quotes.firmed_at').as('firm')])
    .where('rfqs.created_at', '>=', since)
    .where('rfqs.demo', '=', 0)
    .executeTakeFirstOrThrow();

/**
 * The products quoted since `since`: each single-product request some supplier quoted, and each
 * line of a basket some supplier priced (a basket is one request of many products).
 */
async function productsQuotedSince(db: Executor, since: string): Promise<number> {
  const [single, lines] = await Promise.all([
    db
      .selectFrom('rfqs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', since)
      .where('demo', '=', 0)
      .where('line_count', '=', 0)
      .where('matched_count', '>', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rfq_lines as l')
      .innerJoin('rfqs as r', 'r.id', 'l.rfq_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('r.created_at', '>=', since)
      .where('r.demo', '=', 0)
      .where((eb) =>
        eb.exists(eb.selectFrom('quote_lines as q').select('q.line_no').whereRef('q.rfq_id', '=', 'l.rfq_id').whereRef('q.line_no', '=', 'l.line_no')),
      )
      .executeTakeFirstOrThrow(),
  ]);
  return Number(single.n) + Number(lines.n);
}

/**
 * Quotes and requests since `monthStart`, quotes and products quoted since `yearAgo` (ISO date-times), and every
 * request held, none of the widget demo's. A request's quotes are written with it, so quotes are
 * counted through the requests' date index.
 */
export async function countActivity(db: Executor, monthStart: string, yearAgo: string): Promise<SiteCounts> {
  const [quotes, yearQuotes, products, requests, all] = await Promise.all([
    quotesSince(db, monthStart),
    quotesSince(db, yearAgo),
    productsQuotedSince(db, yearAgo),
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
    firmQuotesLast12Months: Number(yearQuotes.firm),
    productsQuotedLast12Months: products,
    requestsThisMonth: Number(requests.n),
    marketDataRequests: Number(all.n),
  };
}

/** The sectors Procura serves, in their order. */
export async function listSectors(db: Executor): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('sectors').select(['id', 'name']).orderBy('sort_order').execute();
}

/** Every supplier's public slug, for the sitemap's `/suppliers/{slug}` pages. */
export async function supplierSlugs(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('suppliers').select('slug').where('slug', 'is not', null).orderBy('slug').execute();
  return rows.flatMap((r) => (r.slug ? [r.slug] : []));
}
