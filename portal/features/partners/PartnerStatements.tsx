import { formatDate, formatRand } from '../../../sdk/format';
import { DataTable } from '../../components/ui/data-table';
import { Loaded } from '../../components/ui/loaded';
import { partnerApi } from '../../lib/api';

const rand = (cents: number) => formatRand(cents / 100);
/** 'November 2026' for '2026-11'. */
const monthName = (month: string) => new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The partner's monthly statements, newest first: each month's share, the balance carried over
 * below the minimum payout, and the payout due (Net 30) or paid. Each is e-mailed with its PDF;
 * the PDF and CSV are also read with the key at `/api/partners/statements/{number}.pdf` and `.csv`.
 */
export function PartnerStatements({ session }: { session: { partnerId: string; apiKey: string } }) {
  return (
    <section className="card" aria-labelledby="pa-statements">
      <h2 id="pa-statements">Statements</h2>
      <Loaded
        read={(signal) => partnerApi(session).partners.statements({ signal })}
        failed="Statements not loaded"
        loading="Loading your statements"
        height="6rem"
      >
        {({ statements }) =>
          statements.length === 0 ? (
            <p className="muted">No statements yet. Once a month with qualified requests has ended, its statement is e-mailed to you and listed here.</p>
          ) : (
            <DataTable label="Statements" caption="Your monthly statements" heads={['Statement', 'Month', 'Requests', 'Share', 'Carried over', 'Payout']}>
              {statements.map((s) => (
                <tr key={s.number}>
                  <th scope="row">{s.number}</th>
                  <td>{monthName(s.month)}</td>
                  <td>{s.qualifiedRequests}</td>
                  <td>{rand(s.creditsCents)}</td>
                  <td>{rand(s.carriedForwardCents)}</td>
                  <td>
                    {s.dueOn === null
                      ? 'None this month'
                      : s.paidOn
                        ? `${rand(s.payableCents)} paid ${formatDate(s.paidOn)}`
                        : `${rand(s.payableCents)} due ${formatDate(s.dueOn)}`}
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </Loaded>
    </section>
  );
}
