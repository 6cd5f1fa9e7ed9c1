import { useState } from 'react';
import { ACTIVITY_LABELS, PROSPECT_STATUSES, PROSPECT_TIERS, SALES_MESSAGES, TIER_DESCRIPTIONS, type ActivityKind } from '../../../contract/schemas/sales';
import type { Prospect, ProspectInput } from '../../../contract/schemas/prospects';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { staffApi } from '../../lib/api';
import { Modal } from '../../components/ui/modal';
import { errorMessage, fieldErrors } from '../../lib/api-errors';

type Field =
  | 'company'
  | 'contact'
  | 'phone'
  | 'email'
  | 'tier'
  | 'status'
  | 'nextAction'
  | 'notes'
  | 'estimatedValue'
  | 'industry'
  | 'conversionProbability'
  | 'actualResponse'
  | 'callNotes'
  | 'ownerId';
type Values = Record<Field, string>;

function valuesOf(p: Prospect | null): Values {
  return {
    company: p?.company ?? '',
    contact: p?.contact ?? '',
    phone: p?.phone ?? '',
    email: p?.email ?? '',
    tier: p?.tier ?? 'Tier 3',
    status: p?.status ?? 'Not Contacted',
    nextAction: p?.nextAction ?? '',
    notes: p?.notes ?? '',
    estimatedValue: p ? String(p.estimatedValue) : '0',
    industry: p?.industry ?? '',
    conversionProbability: p ? String(p.conversionProbability) : '0',
    actualResponse: p?.actualResponse ?? '',
    callNotes: p?.callNotes ?? '',
    // A new prospect is the adder's unless another owner is chosen ('' sends no owner at all).
    ownerId: p ? (p.owner ? String(p.owner.id) : 'none') : '',
  };
}

/** The API's value of a field from the text the form holds. */
function apiValue(field: Field, text: string): unknown {
  if (field === 'estimatedValue') return text.trim() === '' ? 0 : Number(text.replace(/[R,\s]/g, ''));
  if (field === 'conversionProbability') return text.trim() === '' ? 0 : Number(text);
  if (field === 'ownerId') return text === 'none' ? null : Number(text);
  return text;
}

/** The checks the page can make before asking; the server makes them all again. */
function check(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (values.company.trim() === '') errors.company = SALES_MESSAGES.company;
  const p = values.conversionProbability.trim();
  if (p !== '' && !(/^\d+$/.test(p) && Number(p) <= 100)) errors.conversionProbability = SALES_MESSAGES.conversionProbability;
  const v = values.estimatedValue.replace(/[R,\s]/g, '');
  if (v !== '' && !(/^\d+(\.\d+)?$/.test(v) && Number(v) <= 1_000_000_000)) errors.estimatedValue = SALES_MESSAGES.estimatedValue;
  return errors;
}

const LOGGABLE: ActivityKind[] = ['email', 'call', 'response', 'demo'];

/**
 * The Update Prospect modal (or, without a prospect, Add Prospect). A failed save keeps every
 * value typed and says why, beside the field when the server named one.
 */
export function ProspectModal({
  prospect,
  owners,
  onSaved,
  onLogged,
  onClose,
}: {
  prospect: Prospect | null;
  owners: { id: number; name: string }[];
  onSaved(prospect: Prospect): void;
  onLogged(): void;
  onClose(): void;
}) {
  const initial = valuesOf(prospect);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [logged, setLogged] = useState('');
  const set = (f: Field) => (v: string) => {
    setValues((prev) => ({ ...prev, [f]: v }));
    setErrors((prev) => ({ ...prev, [f]: undefined }));
  };

  const save = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (pending) return;
    const found = check(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const changed = (Object.keys(values) as Field[]).filter((f) => values[f] !== initial[f]);
    if (prospect && changed.length === 0) {
      onClose();
      return;
    }
    const sent = (prospect ? changed : (Object.keys(values) as Field[])).filter((f) => !(f === 'ownerId' && values.ownerId === ''));
    const body = Object.fromEntries(sent.map((f) => [f, apiValue(f, values[f])]));
    setPending(true);
    try {
      const saved = prospect ? await staffApi().sales.updateProspect(prospect.id, body) : await staffApi().sales.createProspect(body as ProspectInput);
      onSaved(saved);
    } catch (err) {
      const fields = fieldErrors(err) as Partial<Record<Field, string>>;
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? 'Check the fields marked below.' : errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  const log = async (kind: ActivityKind) => {
    if (!prospect || pending) return;
    setPending(true);
    setFailure(null);
    try {
      await staffApi().sales.logActivity(prospect.id, { kind });
      setLogged(`${ACTIVITY_LABELS[kind]}: logged for ${prospect.company}.`);
      onLogged();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  const text = (f: Field, label: string, options: { type?: string; rows?: number; required?: boolean; hint?: string; inputMode?: 'numeric' } = {}) => (
    <TextField {...options} id={`prospect-${f}`} label={label} value={values[f]} error={errors[f]} onChange={set(f)} />
  );
  const select = (f: Field, label: string, options: readonly { value: string; label: string }[], autoFocus = false) => (
    <div className="field">
      <label htmlFor={`prospect-${f}`}>{label}</label>
      <select
        id={`prospect-${f}`}
        value={values[f]}
        data-autofocus={autoFocus || undefined}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? `prospect-${f}-error` : undefined}
        onChange={(e) => set(f)(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errors[f] ? (
        <p id={`prospect-${f}-error`} className="field-error" role="alert">
          {errors[f]}
        </p>
      ) : null}
    </div>
  );

  const title = prospect ? 'Update Prospect' : 'Add Prospect';
  return (
    <Modal title={title} onClose={onClose} wide>
      {prospect ? (
        <p className="muted small">
          {prospect.company}
          {prospect.lastContact ? ` · last contact ${prospect.lastContact}` : ' · not contacted yet'}. A new status sets the last contact to today and logs what
          it says happened.
        </p>
      ) : null}
      <form className="form-stack" noValidate onSubmit={save} aria-label={title}>
        {failure ? <ErrorAlert title="Not saved" message={failure} inline /> : null}
        <div className="field-row">
          {select(
            'status',
            'Status',
            // Not Contacted is where a prospect starts; once contacted it never goes back (the server refuses it too).
            PROSPECT_STATUSES.filter((s) => s !== 'Not Contacted' || !prospect || prospect.status === 'Not Contacted').map((s) => ({ value: s, label: s })),
            true,
          )}
          {select(
            'tier',
            'Tier',
            PROSPECT_TIERS.map((t) => ({ value: t, label: `${t}: ${TIER_DESCRIPTIONS[t].split(':')[0]}` })),
          )}
        </div>
        {text('company', 'Company', { required: true })}
        <div className="field-row">
          {text('contact', 'Contact person')}
          {text('industry', 'Industry')}
        </div>
        <div className="field-row">
          {text('email', 'E-mail', { type: 'email' })}
          {text('phone', 'Phone', { type: 'tel' })}
        </div>
        <div className="field-row">
          {text('estimatedValue', 'Estimated value (R)', { inputMode: 'numeric' })}
          {text('conversionProbability', 'Conversion probability (%)', { inputMode: 'numeric', hint: 'A whole number from 0 to 100' })}
        </div>
        {select('ownerId', 'Owner', [
          ...(prospect ? [] : [{ value: '', label: 'You' }]),
          { value: 'none', label: 'Nobody yet' },
          ...owners.map((o) => ({ value: String(o.id), label: o.name })),
        ])}
        {text('nextAction', 'Next action')}
        {text('actualResponse', 'Their response', { rows: 2 })}
        {text('callNotes', 'Call notes', { rows: 3 })}
        {text('notes', 'Notes', { rows: 3 })}
        {prospect ? (
          <fieldset className="log-actions">
            <legend>Log what you just did</legend>
            <div className="button-row">
              {LOGGABLE.map((kind) => (
                <button key={kind} type="button" className="button button-secondary" disabled={pending} onClick={() => log(kind)}>
                  {ACTIVITY_LABELS[kind]}
                </button>
              ))}
            </div>
            <p role="status" className="small">
              {logged}
            </p>
          </fieldset>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Saving…' : prospect ? 'Save changes' : 'Add prospect'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
