/**
 * Days as the sales team lives them: in Johannesburg, whatever the server's own zone. Counters
 * are kept per Johannesburg day and per week from Monday.
 */
const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Johannesburg date of an instant, YYYY-MM-DD. */
export function johannesburgDay(ms: number): string {
  const parts = Object.fromEntries(DAY_FORMAT.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
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
