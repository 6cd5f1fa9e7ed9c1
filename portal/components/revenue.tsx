import { partnerEarnings, REVENUE_MODEL, REVENUE_SCENARIOS } from '../../sdk/revenue';
import { formatNumber, formatRand } from '../../sdk/format';
import { TableScroll } from './ui/table-scroll';

/**
 * The revenue-share terms in one sentence, from the one model. An enterprise lead is a qualified
 * request too: it earns the enterprise rate instead of the qualified rate, never both.
 */
export function RevenueTerms() {
  return (
    <p className="small">
      Each qualified request earns {formatRand(REVENUE_MODEL.perQualifiedRfq)}, or {formatRand(REVENUE_MODEL.perEnterpriseLead)} when it is an enterprise lead (from a company of
      more than {REVENUE_MODEL.enterpriseEmployees} employees); you receive {Math.round(REVENUE_MODEL.partnerShare * 100)}%, paid {REVENUE_MODEL.payout} (
      {REVENUE_MODEL.paymentTerms}, minimum payout {formatRand(REVENUE_MODEL.minimumPayout)}).
    </p>
  );
}

/** What a partner earns a month at the model's example volumes. */
export function RevenueTable() {
  return (
    <TableScroll label="Estimated monthly earnings">
      <table className="simple-table">
        <caption className="visually-hidden">Estimated monthly earnings</caption>
        <thead>
          <tr>
            <th scope="col">Qualified requests a month</th>
            <th scope="col">You earn</th>
          </tr>
        </thead>
        <tbody>
          {REVENUE_SCENARIOS.map((n) => (
            <tr key={n}>
              <td>{formatNumber(n)}</td>
              <td>{formatRand(partnerEarnings({ qualifiedRfqs: n }))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
