import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, johannesburgDay, weekStartOf } from './calendar';

describe("Johannesburg's calendar", () => {
  it('names the day it is in Johannesburg, two hours ahead of UTC', () => {
    expect(johannesburgDay(Date.parse('2026-11-22T21:59:59Z'))).toBe('2026-11-22');
    expect(johannesburgDay(Date.parse('2026-11-22T22:00:00Z'))).toBe('2026-11-23');
    // The same minute twice answers from the first, and a later one anew.
    expect(johannesburgDay(Date.parse('2026-11-22T22:00:30Z'))).toBe('2026-11-23');
    expect(johannesburgDay(Date.parse('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });

  it('counts days across months and years, weeks from Monday', () => {
    expect(addDays('2026-11-23', 14)).toBe('2026-12-07');
    expect(addDays('2026-12-25', 7)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(daysBetween('2026-11-23', '2027-01-01')).toBe(39);
  });
});
