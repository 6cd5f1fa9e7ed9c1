/**
 * The one revenue-share model for partners who embed the widget: the published terms the public
 * pages show, and the reckoning the server applies to the terms it was started with (its
 * `REVENUE_*` settings, these figures unless set). Amounts in rand.
 *
 * @module
 */

import type { CompanySize } from '../sdk/rules';

/**
 * A revenue-share model's terms: each qualified RFQ and each enterprise lead earns a fee, of which
 * the partner receives `partnerShare`, paid monthly once the balance reaches `minimumPayout`.
 *
 * @example
 * const terms: RevenueModel = { ...REVENUE_MODEL, minimumPayout: 200 };
 */
export interface RevenueModel {
  perQualifiedRfq: number;
  perEnterpriseLead: number;
  /** A lead counts as enterprise above this many employees (the sizes `101-250` and `250+`). */
  enterpriseEmployees: number;
  partnerShare: number;
  paymentTerms: string;
  minimumPayout: number;
  payout: 'monthly';
}

/**
 * The published terms.
 *
 * @example
 * REVENUE_MODEL.partnerShare; // 0.6
 */
export const REVENUE_MODEL: Readonly<RevenueModel> = Object.freeze({
  perQualifiedRfq: 25,
  perEnterpriseLead: 150,
  enterpriseEmployees: 100,
  partnerShare: 0.6,
  paymentTerms: 'Net 30',
  minimumPayout: 100,
  payout: 'monthly',
});

/**
 * The company sizes of an enterprise lead: more than {@link REVENUE_MODEL}'s
 * `enterpriseEmployees` (100). The server's SQL that counts a partner's enterprise leads is made
 * from this list, so the terms the pages publish and the payout never disagree.
 *
 * @example
 * ENTERPRISE_COMPANY_SIZES.includes('250+'); // true
 */
export const ENTERPRISE_COMPANY_SIZES = ['101-250', '250+'] as const satisfies readonly CompanySize[];

/**
 * How payouts are made: by EFT bank transfer to a South African bank account. PayPal is not
 * offered for partner payouts.
 *
 * @example
 * `paid ${REVENUE_MODEL.payout} by ${PAYOUT_METHOD}`; // 'paid monthly by EFT bank transfer'
 */
export const PAYOUT_METHOD = 'EFT bank transfer';

/**
 * Monthly RFQ volumes the pages show estimates for.
 *
 * @example
 * REVENUE_SCENARIOS.map((rfqs) => partnerEarnings({ qualifiedRfqs: rfqs, enterpriseLeads: 0 }));
 */
export const REVENUE_SCENARIOS = [100, 500, 1000] as const;

/**
 * A partner's share, in rand, of the fees for a month's qualified RFQs. Enterprise leads are the
 * qualified RFQs from companies of more than 100 employees; each earns the enterprise rate
 * instead of the qualified rate.
 *
 * @example
 * partnerEarnings({ qualifiedRfqs: 100 }); // 1500
 * partnerEarnings({ qualifiedRfqs: 100, enterpriseLeads: 10 }); // 2250
 */
export function partnerEarnings(
  { qualifiedRfqs, enterpriseLeads = 0 }: { qualifiedRfqs: number; enterpriseLeads?: number },
  model: RevenueModel = REVENUE_MODEL,
): number {
  const leads = Math.min(enterpriseLeads, qualifiedRfqs);
  const fees = (qualifiedRfqs - leads) * model.perQualifiedRfq + leads * model.perEnterpriseLead;
  return Math.round(fees * model.partnerShare * 100) / 100;
}

/**
 * One month of a partner's payouts: the share carried in from earlier months, the month's own
 * share, what the month pays and what it carries to the next.
 *
 * @example
 * const { payout, carriedOver }: MonthlyPayout = payouts([15, 90], 100)[1]!;
 */
export interface MonthlyPayout {
  carriedIn: number;
  revenue: number;
  /** The month's balance when it reaches the minimum payout, else 0. */
  payout: number;
  /** The balance under the minimum payout, carried to the next month. */
  carriedOver: number;
}

/**
 * The payouts of consecutive months, the first being the partner's first: a month whose balance
 * (its share plus what earlier months carried in) is under `minimumPayout` pays nothing and
 * carries the balance to the next month, until the balance reaches the minimum.
 *
 * @example
 * payouts([15, 15, 90], 100).map((m) => m.payout); // [0, 0, 120]
 */
export function payouts(monthlyShares: readonly number[], minimumPayout: number): MonthlyPayout[] {
  let carriedCents = 0;
  return monthlyShares.map((share) => {
    const carriedIn = carriedCents / 100;
    const balanceCents = carriedCents + Math.round(share * 100);
    const paid = balanceCents >= Math.round(minimumPayout * 100) && balanceCents > 0;
    carriedCents = paid ? 0 : balanceCents;
    return { carriedIn, revenue: share, payout: paid ? balanceCents / 100 : 0, carriedOver: carriedCents / 100 };
  });
}
