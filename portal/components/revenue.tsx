import { partnerEarnings, PAYOUT_METHOD, REVENUE_MODEL, REVENUE_SCENARIOS, type RevenueModel } from '../../contract/revenue';
import { formatNumber, formatRand } from '../../sdk/format';
import { DataTable } from './ui/data-table';

/**
 * The revenue-share terms in one sentence: the published model, or the terms the server applies
 * where it says (the partner area). An enterprise lead is a qualified request too: it earns the
 * enterprise rate instead of the qualified rate, never both.
 */
export function RevenueTerms({ model = REVENUE_MODEL }: { model?: RevenueModel }) {
  return (
    <p className="small">
      Each qualified request earns {formatRand(model.perQualifiedRfq)}, or {formatRand(model.perEnterpriseLead)} when it is an enterprise lead (from a company
      of more than {model.enterpriseEmployees} employees); you receive {Math.round(model.partnerShare * 100)}%, paid {model.payout} by {PAYOUT_METHOD} (
      {model.paymentTerms}, minimum payout {formatRand(model.minimumPayout)}).
    </p>
  );
}

/** What a partner earns a month at the model's example volumes. */
function RevenueTable() {
  return (
    <DataTable label="Estimated monthly earnings" caption="Estimated monthly earnings" heads={['Qualified requests a month', 'You earn']}>
      {REVENUE_SCENARIOS.map((n) => (
        <tr key={n}>
          <td>{formatNumber(n)}</td>
          <td>{formatRand(partnerEarnings({ qualifiedRfqs: n }))}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The published revenue share: its terms, and what a partner earns a month at example volumes. */
export function RevenueShare() {
  return (
    <>
      <RevenueTerms />
      <RevenueTable />
    </>
  );
}
