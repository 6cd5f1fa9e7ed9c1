import { describe, expect, it } from 'vitest';
import { measuredResponseHours } from './track-record';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();
/** A lead made `age` hours ago and answered `after` hours after it was made (null: not answered). */
const lead = (age: number, after: number | null, closedAfter: number | null = null) => ({
  createdAt: hoursAgo(age),
  answeredAt: after === null ? null : hoursAgo(age - after),
  closedAt: closedAfter === null ? null : hoursAgo(age - closedAfter),
});

describe('the measured response time', () => {
  it('is the median hours to answer, once five leads count', () => {
    expect(measuredResponseHours([lead(100, 2), lead(100, 4), lead(100, 6), lead(100, 8)], NOW)).toBeNull();
    expect(measuredResponseHours([lead(100, 2), lead(100, 4), lead(100, 6), lead(100, 8), lead(100, 30)], NOW)).toBe(6);
    expect(measuredResponseHours([lead(100, 2), lead(100, 4), lead(100, 6), lead(100, 8), lead(100, 30), lead(100, 31)], NOW)).toBe(7);
  });

  it('counts a lead unanswered for 72 hours as 72, and leaves out a younger one', () => {
    const answered = [lead(200, 1), lead(200, 1), lead(200, 1)];
    expect(measuredResponseHours([...answered, lead(80, null), lead(90, null), lead(10, null)], NOW)).toBe(1);
    expect(measuredResponseHours([...answered, lead(80, null), lead(90, null), lead(100, null)], NOW)).toBe(37);
    expect(measuredResponseHours([lead(500, 400), lead(500, 300), lead(500, 200), lead(500, 100), lead(500, 90)], NOW)).toBe(72);
  });

  it('leaves out a lead the buyer closed before it was open 72 hours', () => {
    const answered = [lead(200, 1), lead(200, 1), lead(200, 1), lead(200, 1)];
    expect(measuredResponseHours([...answered, lead(200, null, 5)], NOW)).toBeNull();
    expect(measuredResponseHours([...answered, lead(200, null, 80)], NOW)).toBe(1);
  });

  it('is at least one hour, and the same for the same leads in any order', () => {
    const leads = [lead(50, 0.1), lead(50, 0.2), lead(50, 0.3), lead(50, 0.2), lead(50, 0.1)];
    expect(measuredResponseHours(leads, NOW)).toBe(1);
    expect(measuredResponseHours([...leads].reverse(), NOW)).toBe(1);
  });
});
