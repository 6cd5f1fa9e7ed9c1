/**
 * The calendar Procura lives by: Johannesburg's days, whatever the server's own zone. Quotes are
 * valid to the end of a day there, the sales team counts its days and weeks (from Monday) there.
 */
const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit', day: '2-digit' });

let lastMinute = Number.NaN;
let lastDay = '';

/** The Johannesburg date (YYYY-MM-DD) of an instant. */
export function johannesburgDay(ms: number): string {
  // Formatting a date costs more than a request's own work on it; a minute has one day in every zone.
  const minute = Math.floor(ms / 60_000);
  if (minute === lastMinute) return lastDay;
  const parts = Object.fromEntries(DAY_FORMAT.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  lastMinute = minute;
  lastDay = `${parts.year}-${parts.month}-${parts.day}`;
  return lastDay;
}

const utcOf = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** The date `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week `day` falls in. */
export function weekStartOf(day: string): string {
  const weekday = (new Date(utcOf(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / 86_400_000);
}

/**
 * The day an order is promised for: the day it was issued (the buyer's acceptance) plus the
 * longest lead time its quote gave, in Johannesburg calendar days. A receipt on or before it is on time.
 */
export function promisedDay(issuedOn: string, leadMaxDays: number): string {
  return addDays(issuedOn, leadMaxDays);
}
