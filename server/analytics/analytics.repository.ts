import { sql, type Insertable } from 'kysely';
import type { Executor } from '../db/executor';
import type { AnalyticsEventsTable, ConsentRecordsTable } from '../db/schema';

export type NewAnalyticsEvent = Insertable<AnalyticsEventsTable>;

/** The salt of `day`'s session hashes, made by whichever process asks first; older salts are deleted. */
export async function daySalt(db: Executor, day: string, fresh: string, now: string): Promise<string> {
  await db.deleteFrom('analytics_salts').where('day', '<', day).execute();
  await db
    .insertInto('analytics_salts')
    .values({ day, salt: fresh, created_at: now })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Deletes the salts of days before `day`: their hashes can no longer be made again. */
export async function deleteSaltsBefore(db: Executor, day: string): Promise<number> {
  const result = await db.deleteFrom('analytics_salts').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertEvent(db: Executor, event: NewAnalyticsEvent): Promise<void> {
  await db.insertInto('analytics_events').values(event).execute();
}

/** Deletes raw events of days before `day`; their daily figures stay. */
export async function deleteEventsBefore(db: Executor, day: string): Promise<number> {
  const result = await db.deleteFrom('analytics_events').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The days before `day` that have raw events but no daily figures yet. */
export async function daysToRollUp(db: Executor, day: string): Promise<string[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select('day')
    .distinct()
    .where('day', '<', day)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('analytics_daily')
            .select('analytics_daily.day')
            .whereRef('analytics_daily.day', '=', 'analytics_events.day')
            .where('analytics_daily.metric', '=', 'rolled-up'),
        ),
      ),
    )
    .orderBy('day')
    .execute();
  return rows.map((r) => r.day);
}

/** One day's figures: (metric, key) -> value. */
export type DayFigures = Map<string, number>;

const figureKey = (metric: string, key: string) => `${metric}\u0000${key}`;

/** Splits a figure key into its metric and key. */
export function splitFigureKey(k: string): [string, string] {
  const i = k.indexOf('\u0000');
  return [k.slice(0, i), k.slice(i + 1)];
}

/**
 * The figures of the days from `from` to `to` (inclusive), computed from their raw events:
 * visitors (distinct session hashes) and page views per day, views and visitors per page, the
 * visitors of each funnel stage and each device.
 */
export async function figuresFromEvents(db: Executor, from: string, to: string): Promise<Map<string, DayFigures>> {
  const days = new Map<string, DayFigures>();
  const add = (day: string, metric: string, key: string, value: number) => {
    let figures = days.get(day);
    if (!figures) {
      figures = new Map();
      days.set(day, figures);
    }
    figures.set(figureKey(metric, key), Number(value));
  };
  const inRange = db.selectFrom('analytics_events').where('day', '>=', from).where('day', '<=', to);

  const totals = await inRange
    .select(['day', sql<number>`count(distinct session_hash)`.as('visitors'), sql<number>`sum(case when type = 'page-view' then 1 else 0 end)`.as('views')])
    .groupBy('day')
    .execute();
  for (const r of totals) {
    add(r.day, 'visitors', '', r.visitors);
    add(r.day, 'page-views', '', r.views ?? 0);
  }

  const pages = await inRange
    .select(['day', 'path', sql<number>`count(*)`.as('views'), sql<number>`count(distinct session_hash)`.as('visitors')])
    .where('type', '=', 'page-view')
    .groupBy(['day', 'path'])
    .execute();
  for (const r of pages) {
    add(r.day, 'page-views-by-path', r.path ?? '', r.views);
    add(r.day, 'visitors-by-path', r.path ?? '', r.visitors);
  }

  const stages = await inRange
    .select([
      'day',
      sql<string>`case
        when type = 'form-interaction' and form_action = 'start' then 'form-start'
        when type = 'form-interaction' and form_action = 'submit' then 'form-submit'
        when type = 'quote-request' then 'quotes-shown'
        when type = 'page-view' and path = '/quote/:token' then 'tracking-opened'
      end`.as('stage'),
      sql<number>`count(distinct session_hash)`.as('visitors'),
    ])
    .groupBy(['day', 'stage'])
    .execute();
  for (const r of stages) if (r.stage) add(r.day, 'funnel', r.stage, r.visitors);

  const devices = await inRange
    .select(['day', 'device', sql<number>`count(distinct session_hash)`.as('visitors')])
    .groupBy(['day', 'device'])
    .execute();
  for (const r of devices) add(r.day, 'device', r.device, r.visitors);
  return days;
}

/** The stored figures of the days from `from` to `to`. */
export async function storedFigures(db: Executor, from: string, to: string): Promise<Map<string, DayFigures>> {
  const rows = await db.selectFrom('analytics_daily').selectAll().where('day', '>=', from).where('day', '<=', to).execute();
  const days = new Map<string, DayFigures>();
  for (const r of rows) {
    let figures = days.get(r.day);
    if (!figures) {
      figures = new Map();
      days.set(r.day, figures);
    }
    figures.set(figureKey(r.metric, r.key), Number(r.value));
  }
  return days;
}

/** Stores a finished day's figures, with the mark that says the day is rolled up. */
export async function storeFigures(db: Executor, day: string, figures: DayFigures): Promise<void> {
  const rows = [...figures].map(([k, value]) => {
    const [metric, key] = splitFigureKey(k);
    return { day, metric, key, value };
  });
  rows.push({ day, metric: 'rolled-up', key: '', value: 1 });
  await db.deleteFrom('analytics_daily').where('day', '=', day).execute();
  await db.insertInto('analytics_daily').values(rows).execute();
}

/** Today's event count, visitors and latest event. */
export async function eventsOfDay(db: Executor, day: string) {
  const row = await db
    .selectFrom('analytics_events')
    .select([sql<number>`count(*)`.as('events'), sql<number>`count(distinct session_hash)`.as('visitors')])
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  const latest = await db.selectFrom('analytics_events').select(sql<string | null>`max(occurred_at)`.as('at')).executeTakeFirstOrThrow();
  return { events: Number(row.events), visitors: Number(row.visitors), lastEventAt: latest.at };
}

export async function insertConsentRecord(db: Executor, record: Insertable<ConsentRecordsTable>): Promise<void> {
  await db.insertInto('consent_records').values(record).execute();
}

/** Consent decisions recorded from `since`: how many, how many allowed analytics, how many came with GPC on. */
export async function consentFigures(db: Executor, since: string) {
  const row = await db
    .selectFrom('consent_records')
    .select([
      sql<number>`count(*)`.as('decisions'),
      sql<number>`coalesce(sum(analytics), 0)`.as('accepted'),
      sql<number>`coalesce(sum(global_privacy_control), 0)`.as('gpc'),
    ])
    .where('recorded_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { decisions: Number(row.decisions), accepted: Number(row.accepted), globalPrivacyControl: Number(row.gpc) };
}

/** Deletes consent records made before `before`. */
export async function deleteConsentRecordsBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('consent_records').where('recorded_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** RFQs since `since` by intent score: high 70+, medium 40-69, low below 40. */
export async function leadScores(db: Executor, since: string) {
  const row = await db
    .selectFrom('rfqs')
    .select([
      sql<number>`count(*)`.as('rfqs'),
      sql<number | null>`avg(intent_score)`.as('average'),
      sql<number>`coalesce(sum(case when intent_score >= 70 then 1 else 0 end), 0)`.as('high'),
      sql<number>`coalesce(sum(case when intent_score >= 40 and intent_score < 70 then 1 else 0 end), 0)`.as('medium'),
      sql<number>`coalesce(sum(case when intent_score < 40 then 1 else 0 end), 0)`.as('low'),
    ])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    rfqs: Number(row.rfqs),
    averageScore: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
    high: Number(row.high),
    medium: Number(row.medium),
    low: Number(row.low),
  };
}

/** Quotes made since `since`, how many were opened from their tracking links, and how often: the buyers' own views and everyone else's. */
export async function trackingFigures(db: Executor, since: string) {
  const row = await db
    .selectFrom('quotes')
    .select([
      sql<number>`count(*)`.as('quotes'),
      sql<number>`coalesce(sum(case when view_count + own_view_count > 0 then 1 else 0 end), 0)`.as('viewed'),
      sql<number>`coalesce(sum(view_count + own_view_count), 0)`.as('views'),
      sql<string | null>`max(last_viewed_at)`.as('last'),
      sql<string | null>`max(own_last_viewed_at)`.as('own_last'),
    ])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const last =
    [row.last, row.own_last]
      .filter((t): t is string => t !== null)
      .sort()
      .pop() ?? null;
  return { quotes: Number(row.quotes), viewed: Number(row.viewed), views: Number(row.views), lastViewedAt: last };
}

/** The outbox by priority and status, with the kinds of e-mail each priority holds. */
export async function outboxByPriority(db: Executor) {
  return db
    .selectFrom('outbox')
    .select(['priority', 'kind', 'status', sql<number>`count(*)`.as('n')])
    .groupBy(['priority', 'kind', 'status'])
    .execute();
}

/** Tables whose row counts the storage tile shows. */
const COUNTED_TABLES = ['rfqs', 'quotes', 'outbox', 'analytics_events', 'analytics_daily', 'consent_records', 'suppliers', 'offers'] as const;

export async function rowCounts(db: Executor): Promise<{ name: string; rows: number }[]> {
  const counts = await Promise.all(
    COUNTED_TABLES.map(async (name) => {
      const row = await db.selectFrom(name).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return { name, rows: Number(row.n) };
    }),
  );
  return counts;
}
