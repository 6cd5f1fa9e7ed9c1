import { describe, expect, it } from 'vitest';
import { BBEE_RECOGNITION, bbeeLabel, bbeeStanding, bbeeSummary, recognisedCents } from './bbee';

describe('B-BBEE recognition', () => {
  it('recognises spend by the Codes of Good Practice table, level 1 at 135 % to level 8 at 10 %', () => {
    expect(BBEE_RECOGNITION).toEqual({ 1: 135, 2: 125, 3: 110, 4: 100, 5: 80, 6: 60, 7: 50, 8: 10 });
    const spend = 1_240_000;
    const recognised = [1, 2, 3, 4, 5, 6, 7, 8].map((level) =>
      recognisedCents(spend, bbeeStanding(level, 'certificate', '2027-03-31', '2026-11-27').recognitionPercent),
    );
    expect(recognised).toEqual([1_674_000, 1_550_000, 1_364_000, 1_240_000, 992_000, 744_000, 620_000, 124_000]);
  });

  it('counts evidence through its expiry date and as non-compliant from the day after', () => {
    expect(bbeeStanding(2, 'affidavit', '2026-11-30', '2026-11-30')).toEqual({
      level: 2,
      evidence: 'affidavit',
      expiresOn: '2026-11-30',
      status: 'valid',
      recognitionPercent: 125,
    });
    expect(bbeeStanding(2, 'affidavit', '2026-11-30', '2026-12-01')).toEqual({
      level: null,
      evidence: 'affidavit',
      expiresOn: '2026-11-30',
      status: 'expired',
      recognitionPercent: 0,
    });
    expect(bbeeStanding(0, null, null, '2026-12-01')).toMatchObject({ level: null, status: 'non-compliant', recognitionPercent: 0 });
    expect(bbeeStanding(null, null, null, '2026-12-01')).toMatchObject({ level: null, status: 'none', recognitionPercent: 0 });
  });

  it('says the standing and the recognised spend in one line', () => {
    const valid = bbeeStanding(2, 'certificate', '2027-03-31', '2026-11-27');
    expect(bbeeSummary(12_400, valid, 15_500)).toBe('R12,400.00 excl. VAT · B-BBEE level 2 · recognised R15,500.00');
    expect(bbeeLabel(bbeeStanding(3, 'certificate', '2026-06-30', '2026-11-27'))).toBe('B-BBEE non-compliant: evidence expired 2026-06-30');
    expect(bbeeLabel(bbeeStanding(0, null, null, '2026-11-27'))).toBe('B-BBEE non-compliant');
    expect(bbeeLabel(bbeeStanding(null, null, null, '2026-11-27'))).toBe('No B-BBEE evidence');
  });
});
