import { useState, type FormEvent } from 'react';
import { formatQuantity, perUnit } from '../../../sdk/rules';
import { formatRand } from '../../../sdk/format';
import { readNumber } from '../../../sdk/numbers';
import { MAX_UNIT_PRICE } from '../../../contract/schemas/supplier-offers';
import { SUPPLIER_MESSAGES, type SupplierLead } from '../../../contract/schemas/supplier-workspace';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { supplierApi } from '../../lib/api';
import { useSave } from '../../lib/use-save';
import { WithdrawForm } from './WithdrawForm';

type LeadLine = NonNullable<SupplierLead['lines']>[number];

/** A rand amount as typed: R42,50 is a decimal comma; R1,250.00 groups thousands, as readNumber reads them. */
export function readRand(text: string): number {
  const rand = text.trim().replace(/^R\s*/i, '');
  return readNumber(/^\d+,\d{1,2}$/.test(rand) ? rand.replace(',', '.') : rand);
}

/** The firm-up form of one basket line: its unit price, changeable. */
function LineFirmForm({ lead, line, onDone }: { lead: SupplierLead; line: LeadLine; onDone(lead: SupplierLead): void }) {
  const id = `${lead.quoteId}-${line.lineId}`;
  const [unitPrice, setUnitPrice] = useState(line.unitPrice.toFixed(2));
  const { errors, setErrors, failure, saving, run } = useSave<'unitPrice'>();
  const focusPrice = () => document.getElementById(`${id}-price`)?.focus();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const price = readRand(unitPrice);
    if (!(price >= 0.01 && price <= MAX_UNIT_PRICE)) {
      setErrors({ unitPrice: SUPPLIER_MESSAGES.unitPrice });
      focusPrice();
      return;
    }
    await run(async () => onDone(await supplierApi().firm(lead.quoteId, { lines: [{ lineId: line.lineId, unitPrice: price }] })), focusPrice);
  };
  return (
    <form className="form-stack" onSubmit={submit} noValidate aria-label={`Firm up ${line.productName}`}>
      {failure ? <ErrorAlert title="Not made firm" message={failure} inline /> : null}
      <TextField
        id={`${id}-price`}
        label={`Unit price excl. VAT, ${perUnit(line.unit)} (R)`}
        inputMode="decimal"
        value={unitPrice}
        onChange={setUnitPrice}
        error={errors.unitPrice}
        required
      />
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Making it firm…' : 'Make this price firm'}
      </button>
    </form>
  );
}

/** Where a line stands, as a badge: ordered, withdrawn, or its price firm or indicative. */
function LineBadge({ line }: { line: LeadLine }) {
  if (line.status === 'ordered') return <span className="badge badge-success">Ordered</span>;
  if (line.status === 'withdrawn') return <span className="badge">Withdrawn</span>;
  if (line.status === 'ordered_elsewhere') return <span className="badge">Ordered elsewhere</span>;
  return line.firmedAt ? <span className="badge badge-success">Firm</span> : <span className="badge">Indicative</span>;
}

/**
 * A basket lead's products: each with this supplier's price and where it stands, those the buyer
 * ordered from it with what they come to. While `answerable`, each product still open can be made
 * firm at its own price or withdrawn with a reason; `onChange` takes the lead as it then stands.
 */
export function LeadLines({ lead, answerable, onChange }: { lead: SupplierLead; answerable: boolean; onChange(lead: SupplierLead): void }) {
  const lines = lead.lines ?? [];
  const ordered = lines.filter((l) => l.ordered);
  const [open, setOpen] = useState<{ lineId: string; action: 'firm' | 'withdraw' } | null>(null);
  const done = (l: SupplierLead) => {
    setOpen(null);
    onChange(l);
  };
  const toggle = (lineId: string, action: 'firm' | 'withdraw') => setOpen(open?.lineId === lineId && open.action === action ? null : { lineId, action });
  return (
    <>
      <ul className="small lead-lines" aria-label="Products you quote">
        {lines.map((l) => {
          const changed = l.firmedAt !== null && l.indicativeUnitPrice !== l.unitPrice;
          return (
            <li key={l.lineId} className="lead-line">
              <span className="lead-line-text">
                {formatQuantity(l.quantity, l.unit)} of {l.productName}
                {l.status === 'withdrawn' ? null : (
                  <>
                    : {formatRand(l.totalPrice)} ({formatRand(l.unitPrice)} {perUnit(l.unit)}
                    {changed ? `, indicative ${formatRand(l.indicativeUnitPrice)}` : ''})
                  </>
                )}{' '}
                <LineBadge line={l} />
              </span>
              {l.status === 'withdrawn' && l.withdrawalReason ? <p className="muted flush prewrap">Your reason: {l.withdrawalReason}</p> : null}
              {answerable && l.status === 'open' ? (
                <span className="lead-line-actions">
                  <button
                    type="button"
                    id={`${lead.quoteId}-${l.lineId}-firm`}
                    className="button button-small"
                    aria-expanded={open?.lineId === l.lineId && open.action === 'firm'}
                    onClick={() => toggle(l.lineId, 'firm')}
                  >
                    Firm price<span className="visually-hidden"> of {l.productName}</span>
                  </button>
                  <button
                    type="button"
                    id={`${lead.quoteId}-${l.lineId}-withdraw`}
                    className="button button-ghost button-small"
                    aria-expanded={open?.lineId === l.lineId && open.action === 'withdraw'}
                    onClick={() => toggle(l.lineId, 'withdraw')}
                  >
                    Withdraw<span className="visually-hidden"> {l.productName}</span>
                  </button>
                </span>
              ) : null}
              {open?.lineId === l.lineId && open.action === 'firm' ? <LineFirmForm lead={lead} line={l} onDone={done} /> : null}
              {open?.lineId === l.lineId && open.action === 'withdraw' ? <WithdrawForm lead={lead} line={l} onDone={done} /> : null}
            </li>
          );
        })}
      </ul>
      {ordered.length > 0 ? (
        <p className="small">
          <strong>Ordered from you: {formatRand(ordered.reduce((sum, l) => sum + Math.round(l.totalPrice * 100), 0) / 100)} excl. VAT</strong>
        </p>
      ) : null}
    </>
  );
}
