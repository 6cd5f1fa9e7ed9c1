/**
 * The one revenue-share model for partners who embed the widget: what every page shows and what
 * the server applies. Amounts in rand.
 *
 * @module
 */

/**
 * The model's terms: each qualified RFQ and each enterprise lead earns a fee, of which the
 * partner receives `partnerShare`, paid monthly once the balance reaches `minimumPayout`.
 *
 * @example
 * REVENUE_MODEL.partnerShare; // 0.6
 */
export const REVENUE_MODEL = {
  perQualifiedRfq: 25,
  perEnterpriseLead: 150,
  /** A lead counts as enterprise above this many employees (the sizes `101-250` and `250+`). */
  enterpriseEmployees: 100,
  partnerShare: 0.6,
  paymentTerms: 'Net 30',
  minimumPayout: 100,
  payout: 'monthly',
} as const;

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
export function partnerEarnings({ qualifiedRfqs, enterpriseLeads = 0 }: { qualifiedRfqs: number; enterpriseLeads?: number }): number {
  const leads = Math.min(enterpriseLeads, qualifiedRfqs);
  const fees = (qualifiedRfqs - leads) * REVENUE_MODEL.perQualifiedRfq + leads * REVENUE_MODEL.perEnterpriseLead;
  return Math.round(fees * REVENUE_MODEL.partnerShare * 100) / 100;
}
