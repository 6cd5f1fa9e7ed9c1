import { useState } from 'react';
import { EMBED_BUDGET_RANGES, validateEmbedForm, type CompanySize, type EmbedBudgetRange, type EmbedFormValues } from '../../sdk/rules';
import { CompanySizeField } from './CompanySizeField';
import { TermsLink } from './TermsLink';
import { TextField } from './TextField';
import './controls.css';
import './quote-form.css';

export const EMBED_BUDGET_LABELS: Record<EmbedBudgetRange, string> = {
  'under-1k': 'Under R1,000',
  '1k-5k': 'R1,000 - R5,000',
  '5k-20k': 'R5,000 - R20,000',
  '20k-plus': 'Over R20,000',
};

/** What sending the short form agrees to, said where the button is. */
function QuickTerms() {
  return (
    <p className="hint">
      By sending, you agree to the <TermsLink />, and to your company name and e-mail address being shared with the suppliers who quote. If you accept a quote, your
      contact details also go to that supplier, so they can deliver the order.
    </p>
  );
}

/** The short form's values, named as `POST /api/embed/rfq` names them. */
export interface QuickFormValues extends EmbedFormValues {
  budgetRange: '' | EmbedBudgetRange;
  companySize: '' | CompanySize;
}

type QuickField = keyof QuickFormValues;

const EMPTY: QuickFormValues = { productName: '', productDescription: '', quantity: '1', budgetRange: '', location: '', contactEmail: '', companyName: '', companySize: '' };

/** The embed widget's short form (spec 2): seven fields on one page. */
export function QuickQuoteForm({ pending, onSubmit, idPrefix = 'quick' }: { pending: boolean; onSubmit(values: QuickFormValues): void; idPrefix?: string }) {
  const [values, setValues] = useState<QuickFormValues>(EMPTY);
  const [shown, setShown] = useState<Set<QuickField>>(new Set());
  const all: Partial<Record<QuickField, string>> = validateEmbedForm(values);
  const error = (f: QuickField) => (shown.has(f) ? all[f] : undefined);
  const id = (f: string) => `${idPrefix}-${f}`;
  const set = (f: QuickField, value: string) => setValues((prev) => ({ ...prev, [f]: value }));
  const touch = (f: QuickField) => setShown((prev) => new Set([...prev, f]));

  const field = (f: QuickField, label: string, options: { type?: string; required?: boolean; rows?: number; placeholder?: string } = {}) => (
    <TextField {...options} id={id(f)} label={label} value={values[f]} error={error(f)} onChange={(v) => set(f, v)} onBlur={() => touch(f)} />
  );

  return (
    <form
      className="quote-form compact"
      noValidate
      aria-label="Request quotes"
      onSubmit={(e) => {
        e.preventDefault();
        if (pending) return;
        setShown(new Set(Object.keys(EMPTY) as QuickField[]));
        if (Object.keys(all).length === 0) onSubmit(values);
      }}
    >
      {field('productName', 'Product name', { required: true, placeholder: 'e.g. Thick Bleach 5L' })}
      {field('productDescription', 'Description', { required: true, rows: 2, placeholder: 'What it is for, grade, pack size' })}
      <div className="field-row">
        {field('quantity', 'Quantity', { required: true })}
        <div className="field">
          <label htmlFor={id('budgetRange')}>Budget (optional)</label>
          <select id={id('budgetRange')} value={values.budgetRange} onChange={(e) => set('budgetRange', e.target.value)}>
            <option value="">No budget given</option>
            {EMBED_BUDGET_RANGES.map((b) => (
              <option key={b} value={b}>
                {EMBED_BUDGET_LABELS[b]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {field('location', 'Delivery location', { required: true, placeholder: 'City, e.g. Durban' })}
      {field('contactEmail', 'E-mail address', { type: 'email', required: true, placeholder: 'you@company.co.za' })}
      <div className="field-row">
        {field('companyName', 'Company name (optional)')}
        <CompanySizeField id={id('companySize')} value={values.companySize} onChange={(v) => set('companySize', v)} />
      </div>
      <QuickTerms />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Processing...' : 'Get My Quotes'}
        </button>
      </div>
    </form>
  );
}
