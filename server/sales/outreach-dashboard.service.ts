import type { Kysely } from 'kysely';
import { OUTREACH_TARGETS, PROSPECT_STATUSES } from '../../contract/schemas/sales';
import type { ActivitySummary, OutreachDashboard, Counters, OutreachRow } from '../../contract/schemas/outreach';
import type { DB } from '../db/schema';
import * as repo from './sales.repository';
import { addDays, daysBetween, johannesburgDay, weekStartOf } from '../domain/calendar';
import { prospectBasics, toActivity } from './sales.service';

const DAYS_CHARTED = 14;
const WEEKS_CHARTED = 8;
const LOG_SHOWN = 50;

const COUNTER_OF: Record<string, keyof Counters> = { email: 'emailsSent', call: 'callsMade', response: 'responsesReceived', demo: 'demosScheduled' };

const zero = (): Counters => ({ emailsSent: 0, callsMade: 0, responsesReceived: 0, demosScheduled: 0 });
const rate = (responses: number, contacts: number) => (contacts === 0 ? null : Math.round((responses / contacts) * 1000) / 10);

const TARGETS = {
  daily: { ...OUTREACH_TARGETS.daily },
  week1: { ...OUTREACH_TARGETS.week1 },
  responseRatePercent: OUTREACH_TARGETS.responseRatePercent,
  daysToFirstCustomer: OUTREACH_TARGETS.daysToFirstCustomer,
};

/**
 * Today's and this week's counters for the team and each person, counted from the activity log
 * (days in Johannesburg, weeks from Monday). Contacts are the prospects e-mailed or called, each
 * once; the response rate is responses per contact.
 */
export async function activitySummary(db: Kysely<DB>, nowMs: number, options: { withLog?: boolean } = {}): Promise<ActivitySummary> {
  const today = johannesburgDay(nowMs);
  const weekStart = weekStartOf(today);
  const weekEnd = addDays(weekStart, 6);
  const [counts, contacts, log] = await Promise.all([
    repo.activityCounts(db, weekStart, weekEnd),
    repo.contactsBetween(db, weekStart, weekEnd),
    options.withLog === false ? Promise.resolve([]) : repo.activitiesOn(db, today, LOG_SHOWN),
  ]);

  const week = () => ({ ...zero(), contacts: 0, trials: 0, responseRate: null as number | null });
  const team = { today: zero(), week: week() };
  const people = new Map<number, { id: number; name: string; today: Counters; week: ReturnType<typeof week> }>();
  for (const row of counts) {
    const person = people.get(row.staff_id) ?? { id: row.staff_id, name: row.name, today: zero(), week: week() };
    people.set(row.staff_id, person);
    const counter = COUNTER_OF[row.kind];
    if (counter) {
      team.week[counter] += row.n;
      person.week[counter] += row.n;
      if (row.day === today) {
        team.today[counter] += row.n;
        person.today[counter] += row.n;
      }
    }
    if (row.kind === 'trial') {
      team.week.trials += row.n;
      person.week.trials += row.n;
    }
  }
  team.week.contacts = new Set(contacts.map((c) => c.prospect_id)).size;
  for (const c of contacts) {
    const person = people.get(c.staff_id);
    if (person) person.week.contacts += 1;
  }
  team.week.responseRate = rate(team.week.responsesReceived, team.week.contacts);
  for (const person of people.values()) person.week.responseRate = rate(person.week.responsesReceived, person.week.contacts);

  return {
    today,
    weekStart,
    weekEnd,
    targets: TARGETS,
    team,
    people: [...people.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    log: log.map(toActivity),
  };
}

/**
 * The Internal Analytics Dashboard. `shared` (read through a share link) leaves out the staff
 * names and every field of a prospect that reaches a person: contact, e-mail, phone, notes.
 */
export async function outreachDashboard(db: Kysely<DB>, nowMs: number, { shared }: { shared: boolean }): Promise<OutreachDashboard> {
  const today = johannesburgDay(nowMs);
  const firstDay = addDays(today, -(DAYS_CHARTED - 1));
  const firstWeek = addDays(weekStartOf(today), -7 * (WEEKS_CHARTED - 1));
  const [summary, counts, weekRows, pipelineRows, milestones, prospects, kinds] = await Promise.all([
    activitySummary(db, nowMs, { withLog: false }),
    repo.activityCounts(db, firstDay, today),
    repo.contactedProspectsByDay(db, firstWeek, addDays(weekStartOf(today), 6)),
    repo.pipelineCounts(db),
    repo.milestones(db),
    repo.allProspects(db),
    repo.activityKindsFor(db, 'all'),
  ]);

  const byDay = new Map<string, Counters>();
  for (let i = 0; i < DAYS_CHARTED; i++) byDay.set(addDays(firstDay, i), zero());
  for (const row of counts) {
    const counter = COUNTER_OF[row.kind];
    if (counter) byDay.get(row.day)![counter] += row.n;
  }

  const weeks = new Map<string, { contacted: Set<number>; responses: number }>();
  for (let i = 0; i < WEEKS_CHARTED; i++) weeks.set(addDays(firstWeek, 7 * i), { contacted: new Set(), responses: 0 });
  for (const row of weekRows) {
    const week = weeks.get(weekStartOf(row.day))!;
    if (row.kind === 'response') week.responses += 1;
    else week.contacted.add(row.prospect_id);
  }

  const pipeline = new Map(pipelineRows.map((r) => [r.status, r]));
  const { startDay, customerDay } = milestones;

  const outreach: OutreachRow[] = prospects.map((p) => {
    const row = prospectBasics(p, kinds.get(p.id));
    return shared ? row : { ...row, contact: p.contact, email: p.email, phone: p.phone, actualResponse: p.actual_response, callNotes: p.call_notes };
  });

  const { log: _log, ...activity } = summary;
  return {
    generatedAt: new Date(nowMs).toISOString(),
    shared,
    activity: shared ? { ...activity, people: [] } : activity,
    daily: [...byDay].map(([day, c]) => ({ day, ...c })),
    weekly: [...weeks].map(([weekStart, w]) => ({
      weekStart,
      contacts: w.contacted.size,
      responses: w.responses,
      responseRate: rate(w.responses, w.contacted.size),
    })),
    pipeline: PROSPECT_STATUSES.map((status) => ({ status, count: pipeline.get(status)?.n ?? 0, estimatedValue: (pipeline.get(status)?.cents ?? 0) / 100 })),
    firstCustomer: {
      startDay,
      customerDay,
      days: startDay === null ? null : daysBetween(startDay, customerDay ?? today),
    },
    outreach,
  };
}
