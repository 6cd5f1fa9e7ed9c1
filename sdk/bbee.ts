/**
 * B-BBEE (broad-based black economic empowerment) standing of a supplier, and what spend with it
 * is worth to a South African buyer: the procurement recognition table of the Codes of Good
 * Practice (Amended Codes, Statement 000, 2013). No schema library: the pages, the widget and the
 * server share it.
 *
 * @module
 */
import { formatRand } from './format';

/**
 * The recognition levels a supplier can hold, 1 (best) to 8.
 *
 * @example
 * BBEE_LEVELS.includes(3); // true
 */
export const BBEE_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/**
 * A B-BBEE recognition level.
 *
 * @example
 * const level: BbeeLevel = 2;
 */
export type BbeeLevel = (typeof BBEE_LEVELS)[number];

/**
 * The procurement recognition of spend with a supplier of each level, in percent of the spend
 * (Codes of Good Practice). A non-compliant supplier, one whose evidence expired, and one with no
 * evidence on file are recognised at 0 %.
 *
 * @example
 * BBEE_RECOGNITION[2]; // 125
 */
export const BBEE_RECOGNITION: Readonly<Record<BbeeLevel, number>> = Object.freeze({ 1: 135, 2: 125, 3: 110, 4: 100, 5: 80, 6: 60, 7: 50, 8: 10 });

/**
 * What shows a supplier's level: a verification certificate, or a sworn affidavit (an exempted
 * micro-enterprise or qualifying small enterprise).
 *
 * @example
 * BBEE_EVIDENCE_KINDS[1]; // 'affidavit'
 */
export const BBEE_EVIDENCE_KINDS = ['certificate', 'affidavit'] as const;
/**
 * A kind of B-BBEE evidence.
 *
 * @example
 * const evidence: BbeeEvidence = 'certificate';
 */
export type BbeeEvidence = (typeof BBEE_EVIDENCE_KINDS)[number];

/**
 * Where a supplier's B-BBEE standing is on a given day: `valid` (a level with evidence in date),
 * `expired` (its evidence expired: non-compliant from the day after expiry), `non-compliant`, or
 * `none` (no B-BBEE evidence on file, which counts as non-compliant).
 *
 * @example
 * BBEE_STATUSES.length; // 4
 */
export const BBEE_STATUSES = ['valid', 'expired', 'non-compliant', 'none'] as const;
/**
 * One of {@link BBEE_STATUSES}.
 *
 * @example
 * const status: BbeeStatus = 'expired';
 */
export type BbeeStatus = (typeof BBEE_STATUSES)[number];

/**
 * A supplier's B-BBEE standing as quotes show it: the level on its evidence (null when
 * non-compliant, expired or none is on file), the evidence and its expiry, the status on the day, and the
 * recognition that follows from it.
 *
 * @example
 * const standing: BbeeStanding = { level: 2, evidence: 'certificate', expiresOn: '2027-03-31', status: 'valid', recognitionPercent: 125 };
 */
export interface BbeeStanding {
  /** 1-8 ({@link BbeeLevel}); null when non-compliant, expired or none is on file. */
  level: number | null;
  evidence: BbeeEvidence | null;
  expiresOn: string | null;
  status: BbeeStatus;
  recognitionPercent: number;
}

/**
 * The standing of a supplier on `day` (YYYY-MM-DD, a Johannesburg day) from what is on file: its
 * level (0 for non-compliant, null when none is stated), evidence and expiry. Evidence counts
 * through its expiry date and not from the day after.
 *
 * @example
 * bbeeStanding(2, 'certificate', '2026-12-01', '2026-12-01').recognitionPercent; // 125
 * bbeeStanding(2, 'certificate', '2026-12-01', '2026-12-02').status; // 'expired'
 */
export function bbeeStanding(level: number | null, evidence: string | null, expiresOn: string | null, day: string): BbeeStanding {
  const known = level !== null && (BBEE_LEVELS as readonly number[]).includes(level) ? (level as BbeeLevel) : null;
  const kind = evidence === 'certificate' || evidence === 'affidavit' ? evidence : null;
  if (level === null) return { level: null, evidence: null, expiresOn: null, status: 'none', recognitionPercent: 0 };
  if (known === null) return { level: null, evidence: null, expiresOn: null, status: 'non-compliant', recognitionPercent: 0 };
  // An expired level is no level: it reads non-compliant everywhere until renewed.
  if (kind === null || expiresOn === null || expiresOn < day) return { level: null, evidence: kind, expiresOn, status: 'expired', recognitionPercent: 0 };
  return { level: known, evidence: kind, expiresOn, status: 'valid', recognitionPercent: BBEE_RECOGNITION[known] };
}

/**
 * Recognised spend in cents: the spend excl. VAT times the recognition, rounded to the cent.
 *
 * @example
 * recognisedCents(1_240_000, 125); // 1550000
 */
export function recognisedCents(spendCents: number, recognitionPercent: number): number {
  return Math.round((spendCents * recognitionPercent) / 100);
}

/**
 * The standing in a few words, as every quote shows it.
 *
 * @example
 * bbeeLabel({ level: 2, evidence: 'certificate', expiresOn: '2027-03-31', status: 'valid', recognitionPercent: 125 }); // 'B-BBEE level 2'
 * bbeeLabel({ level: null, evidence: 'certificate', expiresOn: '2026-03-31', status: 'expired', recognitionPercent: 0 }); // 'B-BBEE non-compliant: evidence expired 2026-03-31'
 */
export function bbeeLabel(standing: BbeeStanding): string {
  switch (standing.status) {
    case 'valid':
      return `B-BBEE level ${standing.level}`;
    case 'expired':
      // The level no longer counts, so it is not named: the standing reads non-compliant.
      return standing.expiresOn && standing.evidence
        ? `B-BBEE non-compliant: evidence expired ${standing.expiresOn}`
        : 'B-BBEE non-compliant: no evidence on file';
    case 'non-compliant':
      return 'B-BBEE non-compliant';
    case 'none':
      return 'No B-BBEE evidence';
  }
}

/**
 * A quote's price with its B-BBEE standing and the spend it is recognised as, the line every
 * quote, comparison and e-mail shows.
 *
 * @example
 * bbeeSummary(12400, { level: 2, evidence: 'certificate', expiresOn: '2027-03-31', status: 'valid', recognitionPercent: 125 }, 15500);
 * // 'R12,400.00 excl. VAT · B-BBEE level 2 · recognised R15,500.00'
 */
export function bbeeSummary(totalExclVat: number, standing: BbeeStanding, recognisedSpend: number): string {
  return `${formatRand(totalExclVat)} excl. VAT · ${bbeeLabel(standing)} · recognised ${formatRand(recognisedSpend)}`;
}

/**
 * The evidence kind in words.
 *
 * @example
 * bbeeEvidenceText('affidavit'); // 'sworn affidavit'
 */
export function bbeeEvidenceText(evidence: BbeeEvidence): string {
  return evidence === 'certificate' ? 'verification certificate' : 'sworn affidavit';
}
