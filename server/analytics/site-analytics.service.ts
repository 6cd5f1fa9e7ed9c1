import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ANALYTICS_RETENTION } from '../../contract/analytics-rules';
import {
  ANALYTICS_MESSAGES,
  FUNNEL_STAGES,
  type SiteAnalyticsDashboard,
  type AnalyticsEventType,
  type ConsentDecision,
} from '../../contract/schemas/analytics';
import type { MarketStore } from '../catalogue/market-store';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { invalidFields } from '../errors';
import {
  consentFigures,
  daySalt,
  daysToRollUp,
  deleteConsentRecordsBefore,
  deleteEventsBefore,
  deleteSaltsBefore,
  eventsOfDay,
  figuresFromEvents,
  insertConsentRecord,
  insertEvent,
  leadScores,
  outboxByPriority,
  rowCounts,
  splitFigureKey,
  storedFigures,
  storeFigures,
  trackingFigures,
  type DayFigures,
  type NewAnalyticsEvent,
} from './analytics.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Raw events are kept this many days; their daily figures stay. */
const RAW_EVENT_DAYS = ANALYTICS_RETENTION.rawEventDays;
/** Consent records, the proof of each choice, are kept this many years. */
const CONSENT_RECORD_YEARS = ANALYTICS_RETENTION.consentRecordYears;

/** The UTC day of a moment, YYYY-MM-DD. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What kind of device a User-Agent names; the User-Agent itself is never stored. */
function deviceOf(userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The session id's hash under the day's salt: the same visitor is one visitor within a day, and no more. */
export function sessionHash(salt: string, sessionId: string): string {
  return createHash('sha256').update(`${salt}\n${sessionId}`).digest('base64url').slice(0, 22);
}

export interface AnalyticsDeps {
  database: Database;
  market: MarketStore;
  clock: () => number;
}

/** The fields the specification's clients send with every event; see `clientFields` in the schemas. */
type ClientFields = { sessionId?: string | undefined; timestamp?: string | undefined };

type EventBodies = {
  'page-view': { path: string; timeSpent?: number | undefined };
  'product-interest': { productName: string; category: string; quantity: number; priceViewed?: number | undefined };
  'form-interaction': { formType: 'rfq-form'; action: 'start' | 'field_change' | 'submit'; fieldName?: string | undefined };
  'quote-request': { productName?: string | undefined; quantity: number; estimatedValue: number; location?: string | undefined };
};

const cents = (rand: number | undefined) => (rand === undefined ? null : Math.round(rand * 100));

/**
 * Stores one consented visitor's event. Names must be the catalogue's and places the city list's,
 * so nothing a visitor typed is kept; the session id is kept only as its hash under today's salt.
 */
export async function recordEvent<T extends AnalyticsEventType>(
  deps: AnalyticsDeps,
  type: T,
  body: EventBodies[T] & ClientFields,
  sessionId: string,
  userAgent: string,
): Promise<void> {
  if (body.sessionId !== undefined && body.sessionId !== sessionId) throw invalidFields({ sessionId: ANALYTICS_MESSAGES.sessionIdMatch });
  // The client's timestamp is only read: its clock may be anything, so the server's dates the event.
  const now = deps.clock();
  const event: NewAnalyticsEvent = {
    day: dayOf(now),
    occurred_at: new Date(now).toISOString(),
    session_hash: '',
    type,
    device: deviceOf(userAgent),
    path: null,
    time_spent_ms: null,
    product_name: null,
    category: null,
    quantity: null,
    price_viewed_cents: null,
    form_action: null,
    field_name: null,
    estimated_value_cents: null,
    city: null,
  };
  if (type === 'page-view') {
    const b = body as EventBodies['page-view'];
    Object.assign(event, { path: b.path, time_spent_ms: b.timeSpent ?? null });
  } else if (type === 'product-interest') {
    const b = body as EventBodies['product-interest'];
    const market = await deps.market.current();
    const item = market.items.find((i) => i.name === b.productName);
    if (!item) throw invalidFields({ productName: ANALYTICS_MESSAGES.catalogue });
    if (item.categoryId !== b.category) throw invalidFields({ category: ANALYTICS_MESSAGES.category });
    Object.assign(event, { product_name: item.name, category: item.categoryId, quantity: b.quantity, price_viewed_cents: cents(b.priceViewed) });
  } else if (type === 'form-interaction') {
    const b = body as EventBodies['form-interaction'];
    Object.assign(event, { form_action: b.action, field_name: b.fieldName ?? null });
  } else {
    const b = body as EventBodies['quote-request'];
    const market = await deps.market.current();
    const item = b.productName === undefined ? undefined : market.items.find((i) => i.name === b.productName);
    const city = b.location === undefined ? undefined : market.cities.find((c) => c.name === b.location);
    const fields: Record<string, string> = {};
    if (b.productName !== undefined && !item) fields.productName = ANALYTICS_MESSAGES.catalogue;
    if (b.location !== undefined && !city) fields.location = ANALYTICS_MESSAGES.city;
    if (Object.keys(fields).length > 0) throw invalidFields(fields);
    Object.assign(event, {
      product_name: item?.name ?? null,
      category: item?.categoryId ?? null,
      quantity: b.quantity,
      estimated_value_cents: cents(b.estimatedValue),
      city: city?.name ?? null,
    });
  }
  const salt = await daySalt(deps.database.db, event.day, randomBytes(32).toString('base64url'), event.occurred_at);
  event.session_hash = sessionHash(salt, sessionId);
  await insertEvent(deps.database.db, event);
}

/** Keeps one cookie choice as proof: the browser's consent id, the choice, the revision and the time. */
export async function recordConsent(deps: Pick<AnalyticsDeps, 'database' | 'clock'>, decision: ConsentDecision): Promise<void> {
  await insertConsentRecord(deps.database.db, {
    consent_id: decision.consentId,
    analytics: decision.analytics ? 1 : 0,
    revision: decision.revision,
    global_privacy_control: decision.globalPrivacyControl ? 1 : 0,
    decided_at: new Date(decision.timestamp).toISOString(),
    recorded_at: new Date(deps.clock()).toISOString(),
  });
}

/** The same moment `years` calendar years earlier. */
function yearsBefore(ms: number, years: number): Date {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

/** What the analytics part of the sweep did. */
export interface AnalyticsSweep {
  daysRolledUp: number;
  eventsDeleted: number;
  saltsDeleted: number;
  consentRecordsDeleted: number;
}

/**
 * The analytics part of the hourly sweep: deletes the salts of ended days (so their hashes
 * cannot be made again and days cannot be joined), stores each finished day's figures, deletes
 * raw events older than {@link RAW_EVENT_DAYS} days and consent records older than
 * {@link CONSENT_RECORD_YEARS} years.
 */
export async function sweepAnalytics(db: Kysely<DB>, nowMs: number, intervalMs: number): Promise<AnalyticsSweep> {
  const today = dayOf(nowMs);
  const saltsDeleted = await deleteSaltsBefore(db, today);
  const days = await daysToRollUp(db, today);
  for (const day of days) {
    const figures = (await figuresFromEvents(db, day, day)).get(day) ?? new Map();
    await db.transaction().execute((trx) => storeFigures(trx, day, figures));
  }
  // Deleted one sweep early, so no event outlives its 30 days; a day goes once all of it is that old.
  const eventsDeleted = await deleteEventsBefore(db, dayOf(nowMs + intervalMs - RAW_EVENT_DAYS * DAY_MS));
  const consentRecordsDeleted = await deleteConsentRecordsBefore(db, yearsBefore(nowMs + intervalMs, CONSENT_RECORD_YEARS).toISOString());
  return { daysRolledUp: days.length, eventsDeleted, saltsDeleted, consentRecordsDeleted };
}

/** The days from `from` to `to`, inclusive. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) days.push(dayOf(t));
  return days;
}

/**
 * The staff's analytics view over the last `days` days, today included: stored figures for
 * finished days, today's (and any day not yet rolled up) computed from raw events; the tiles
 * read the database as it is now.
 */
export async function dashboard(deps: Pick<AnalyticsDeps, 'database' | 'clock'>, days: number): Promise<SiteAnalyticsDashboard> {
  const { db } = deps.database;
  const now = deps.clock();
  const to = dayOf(now);
  const from = dayOf(now - (days - 1) * DAY_MS);
  const since = `${from}T00:00:00.000Z`;
  const [stored, live] = await Promise.all([storedFigures(db, from, to), figuresFromEvents(db, from, to)]);
  const figures = new Map<string, DayFigures>();
  for (const day of daysBetween(from, to)) figures.set(day, stored.get(day)?.has('rolled-up\u0000') ? stored.get(day)! : (live.get(day) ?? new Map()));

  const sum = (metric: string) => {
    const totals = new Map<string, number>();
    for (const f of figures.values()) {
      for (const [k, v] of f) {
        const [m, key] = splitFigureKey(k);
        if (m === metric) totals.set(key, (totals.get(key) ?? 0) + v);
      }
    }
    return totals;
  };
  const views = sum('page-views-by-path');
  const pathVisitors = sum('visitors-by-path');
  const funnel = sum('funnel');
  const devices = sum('device');

  const [today, consent, leads, tracking, outbox, tables] = await Promise.all([
    eventsOfDay(db, to),
    consentFigures(db, since),
    leadScores(db, since),
    trackingFigures(db, since),
    outboxByPriority(db),
    rowCounts(db),
  ]);
  const rawEvents = tables.find((t) => t.name === 'analytics_events')?.rows ?? 0;

  const priorities = new Map<number, { priority: number; kinds: Set<string>; waiting: number; sent: number; held: number; dead: number }>();
  for (const r of outbox) {
    let p = priorities.get(r.priority);
    if (!p) {
      p = { priority: r.priority, kinds: new Set(), waiting: 0, sent: 0, held: 0, dead: 0 };
      priorities.set(r.priority, p);
    }
    p.kinds.add(r.kind);
    const n = Number(r.n);
    if (r.status === 'pending' || r.status === 'sending') p.waiting += n;
    else p[r.status] += n;
  }

  return {
    from,
    to,
    days,
    tiles: {
      userTracking: { eventsToday: today.events, visitorsToday: today.visitors, lastEventAt: today.lastEventAt, rawEvents },
      leadScoring: leads,
      databaseStorage: { dialect: deps.database.dialect, tables },
      quoteTracking: tracking,
      alertPriorities: [...priorities.values()].sort((a, b) => a.priority - b.priority).map((p) => ({ ...p, kinds: [...p.kinds].sort() })),
    },
    daily: [...figures].map(([day, f]) => ({ day, visitors: f.get('visitors\u0000') ?? 0, pageViews: f.get('page-views\u0000') ?? 0 })),
    topPages: [...views]
      .map(([path, n]) => ({ path, views: n, visitors: pathVisitors.get(path) ?? 0 }))
      .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path))
      .slice(0, 10),
    funnel: FUNNEL_STAGES.map((stage) => ({ stage, visitors: funnel.get(stage) ?? 0 })),
    devices: (['desktop', 'mobile', 'tablet'] as const).map((device) => ({ device, visitors: devices.get(device) ?? 0 })),
    consent,
  };
}
