import { formatDate, formatRand } from '../../../sdk/format';
import { DataTable } from '../../components/ui/data-table';
import { Loaded } from '../../components/ui/loaded';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { partnerApi } from '../../lib/api';
import { saveFile } from '../../lib/save-file';

const rand = (cents: number) => formatRand(cents / 100);
/** 'November 2026' for '2026-11'. */
const monthName = (month: string) => new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

type PartnerSession = { partnerId: string; apiKey: string };

/** A statement's PDF and CSV, fetched with the partner's key (a plain link could not carry it) and saved. */
function StatementFiles({ session, number }: { session: PartnerSession; number: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const save = async (format: 'pdf' | 'csv') => {
    setPending(true);
    setFailure(null);
    try {
      saveFile(await partnerApi(session).partners.statementFile(number, format), `${number}.${format}`);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="statement-files">
      {(['pdf', 'csv'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button-secondary"
          disabled={pending}
          aria-label={`Download ${number} as ${format.toUpperCase()}`}
          onClick={() => save(format)}
        >
          {format.toUpperCase()}
        </button>
      ))}
      {failure ? (
        <p role="alert" className="small">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The partner's monthly statements, newest first: each month's share, the balance carried over
 * below the minimum payout, and the payout due (Net 30) or paid, with its PDF and CSV. Each is
 * also e-mailed with its PDF.
 */
export function PartnerStatements({ session }: { session: PartnerSession }) {
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
            <DataTable
              label="Monthly statements"
              caption="Your monthly statements"
              heads={['Statement', 'Month', 'Requests', 'Share', 'Carried over', 'Payout', 'Documents']}
            >
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
                  <td>
                    <StatementFiles session={session} number={s.number} />
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
