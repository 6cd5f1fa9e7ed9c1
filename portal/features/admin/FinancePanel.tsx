import { useState } from 'react';
import { formatRand, johannesburgToday } from '../../../sdk/format';
import { financeExportPath } from '../../../contract/client/finance';
import type { BillingDocument, MonthBooks, MonthCloseResult } from '../../../contract/schemas/finance';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { Stat } from '../../components/ui/stat';
import { staffApi } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { useLoad } from '../../lib/use-load';
import { MonthFees } from './MonthFees';
import { RecordPaid } from './RecordPaid';

const rand = (cents: number) => formatRand(cents / 100);

/** The month before today's in Johannesburg: the last one that has ended, which a close takes. */
function lastEndedMonth(today: string = johannesburgToday()): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A month's name as staff read it: "December 2026". */
function monthName(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The month's figures, each a sum of the ledger's lines, and what its statements left carried over or unpaid. */
function Figures({ books }: { books: MonthBooks }) {
  const { successFees, feeReversals, partnerCredits, partnerPayouts } = books.sums;
  const statements = books.documents.filter((d) => d.kind === 'statement');
  const carried = statements.reduce((sum, s) => sum + s.carriedForwardCents, 0);
  const outstanding = statements.filter((s) => s.payout && s.payout.paidOn === null);
  return (
    <section className="summary-grid finance-figures" aria-label={`Books of ${monthName(books.month)}`}>
      <Stat label="Fees invoiced" value={rand(successFees.amountCents)} note={`+ VAT ${rand(successFees.vatCents)} · ${successFees.lines} orders`} />
      <Stat label="Fees reversed" value={rand(feeReversals.amountCents)} note={`+ VAT ${rand(feeReversals.vatCents)} · ${feeReversals.lines} orders`} />
      <Stat label="Partners' share owed" value={rand(partnerCredits.amountCents)} note={`${partnerCredits.lines} qualified requests`} />
      <Stat label="Paid to partners" value={rand(partnerPayouts.amountCents)} note={`${partnerPayouts.lines} payouts`} />
      <Stat label="Carried over" value={rand(carried)} note="under the minimum payout" />
      <Stat label="Outstanding payouts" value={rand(outstanding.reduce((sum, s) => sum + s.payout!.amountCents, 0))} note={`${outstanding.length} due`} />
    </section>
  );
}

/** A document's payout cell: due, paid, or carried over; a due one has its "Record paid" button. */
function PayoutCell({ doc, onRecord }: { doc: BillingDocument; onRecord(doc: BillingDocument): void }) {
  if (doc.kind === 'invoice') return <span className="muted">not applicable</span>;
  if (!doc.payout) return <span>Carried over {rand(doc.carriedForwardCents)}</span>;
  if (doc.payout.paidOn)
    return (
      <span>
        {rand(doc.payout.amountCents)} paid {doc.payout.paidOn} ({doc.payout.bankReference})
      </span>
    );
  return (
    <span className="payout-due">
      <span>
        {rand(doc.payout.amountCents)} due {doc.payout.dueOn}
      </span>
      <button type="button" className="button button-secondary" onClick={() => onRecord(doc)}>
        Record paid<span className="visually-hidden"> for {doc.number}</span>
      </button>
    </span>
  );
}

/** "1 invoice", "2 statements". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What a close issued or would issue, or the close it found already made. */
function CloseOutcome({ close }: { close: MonthCloseResult }) {
  const head = {
    issued: `Closed ${monthName(close.month)}: ${count(close.invoices.length, 'invoice')} and ${count(close.statements.length, 'statement')} issued.`,
    closed: `${monthName(close.month)} was closed already; nothing new was issued.`,
    preview: `Closing ${monthName(close.month)} would issue ${count(close.invoices.length, 'invoice')} and ${count(close.statements.length, 'statement')}. Nothing was issued.`,
  }[close.outcome];
  return (
    <div className="notice-panel card stack" role="status">
      <p className="flush">
        <strong>{head}</strong>
      </p>
      {close.invoices.length + close.statements.length > 0 ? (
        <ul className="flush">
          {close.invoices.map((i) => (
            <li key={`i${i.supplierId}`}>
              {i.number ?? 'Invoice'} to {i.supplierName ?? `supplier ${i.supplierId}`}: fees {rand(i.subtotalCents)} + VAT {rand(i.vatCents)} ={' '}
              {rand(i.totalCents)}
            </li>
          ))}
          {close.statements.map((s) => (
            <li key={`s${s.partnerId}`}>
              {s.number ?? 'Statement'} to {s.partnerName ?? s.partnerId}: share {rand(s.creditsCents)}, brought forward {rand(s.broughtForwardCents)},{' '}
              {s.dueOn === null ? `carried over ${rand(s.carriedForwardCents)}` : `payout ${rand(s.payableCents)} due ${s.dueOn}`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Finance (role admin): a month's books from the ledger, its success fees (each reversible, for a
 * reason), the invoices and statements its close issued, the close itself (previewed, then
 * confirmed), payouts recorded paid and the month's CSV for an accounting package.
 */
export function FinancePanel() {
  const [month, setMonth] = useState(lastEndedMonth);
  const [reads, setReads] = useState(0);
  const [outcome, setOutcome] = useState<MonthCloseResult | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState<BillingDocument | null>(null);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const load = useLoad<MonthBooks>(valid ? (signal) => staffApi().finance.books(month, { signal }) : null, [month, reads]);
  const books = load.data?.month === month ? load.data : undefined;
  const changeMonth = (next: string) => {
    setMonth(next);
    setOutcome(null);
    setPreviewError(null);
  };
  const preview = async () => {
    setPreviewing(true);
    setPreviewError(null);
    try {
      setOutcome(await staffApi().finance.close({ month, preview: true }));
    } catch (err) {
      setOutcome(null);
      setPreviewError(errorMessage(err));
    } finally {
      setPreviewing(false);
    }
  };
  return (
    <section className="card stack" aria-labelledby="admin-finance">
      <h2 id="admin-finance">Finance</h2>
      <div className="finance-bar">
        <div className="field">
          <label htmlFor="finance-month">Month</label>
          <input id="finance-month" type="month" value={month} max={lastEndedMonth()} onChange={(e) => changeMonth(e.target.value)} />
        </div>
        <div className="finance-actions">
          <button type="button" className="button button-secondary" disabled={!valid || previewing} onClick={() => void preview()}>
            {previewing ? 'Previewing…' : 'Preview close'}
          </button>
          <button type="button" className="button" disabled={!valid} onClick={() => setConfirming(true)}>
            Close month
          </button>
          {valid ? (
            <a className="button button-secondary" href={financeExportPath(month)} download>
              Download CSV<span className="visually-hidden"> of {monthName(month)}</span>
            </a>
          ) : null}
        </div>
      </div>
      {previewError ? <ErrorAlert title="Not previewed" message={previewError} inline /> : null}
      {outcome ? <CloseOutcome close={outcome} /> : null}
      {load.status === 'error' ? <ErrorAlert title="Books not loaded" message={errorMessage(load.error)} inline /> : null}
      {!valid ? <p className="muted">Choose a month to see its books.</p> : null}
      {valid && !books && load.status !== 'error' ? (
        <div className="skeleton" style={{ height: '12rem' }} role="status" aria-label="Loading the books" />
      ) : null}
      {books ? (
        <>
          <Figures books={books} />
          <MonthFees key={month} fees={books.fees} monthName={monthName(month)} onReversed={() => setReads((n) => n + 1)} />
          <h3>Documents issued</h3>
          {books.documents.length === 0 ? (
            <p className="muted">{monthName(month)} has issued no invoices or statements: it is not closed yet, or had nothing to bill.</p>
          ) : (
            <DataTable
              label="Documents issued"
              caption={`Invoices and statements of ${monthName(month)}`}
              heads={['Number', 'To', 'Issued', 'Total', 'Payout']}
            >
              {books.documents.map((d) => (
                <tr key={d.id}>
                  <th scope="row">{d.number}</th>
                  <td>{d.kind === 'invoice' ? `${d.supplierName ?? `Supplier ${d.supplierId}`} (supplier)` : `${d.partnerName ?? d.partnerId} (partner)`}</td>
                  <td>{d.issuedOn}</td>
                  <td>{d.kind === 'invoice' ? `${rand(d.totalCents)} incl. VAT ${rand(d.vatCents)}` : rand(d.totalCents)}</td>
                  <td>
                    <PayoutCell doc={d} onRecord={setPaying} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Close ${monthName(month)}?`}
          confirmLabel="Close month"
          pendingLabel="Closing…"
          focus="cancel"
          onClose={() => setConfirming(false)}
          describe={errorMessage}
          onConfirm={async () => {
            setOutcome(await staffApi().finance.close({ month }));
            setConfirming(false);
            setReads((n) => n + 1);
          }}
        >
          <p>
            Each supplier with fees is invoiced and each partner gets its statement, numbered for good. A month closes once, and only after the month before it.
          </p>
        </ConfirmDialog>
      ) : null}
      {paying ? (
        <RecordPaid
          statement={paying}
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaying(null);
            setReads((n) => n + 1);
          }}
        />
      ) : null}
    </section>
  );
}
