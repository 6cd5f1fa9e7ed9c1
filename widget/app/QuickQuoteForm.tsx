import { useEffect, useRef, useState } from 'react';
import { validateEmbedForm, type CompanySize, type EmbedBudgetRange, type EmbedFormValues } from '../../sdk/rules';
import { BudgetField } from './BudgetField';
import { CompanySizeField } from './CompanySizeField';
import { DeliveryLocationField } from './LocationField';
import { TermsLink } from './TermsLink';
import { TextField } from '../ui/TextField';
import '../ui/controls.css';
import './quote-form.css';
import { SubmitButton } from '../ui/SubmitButton';

const EMBED_BUDGET_LABELS: Record<EmbedBudgetRange, string> = {
  'under-1k': 'Under R1,000',
  '1k-5k': 'R1,000 - R5,000',
  '5k-20k': 'R5,000 - R20,000',
  '20k-plus': 'Over R20,000',
};

/** What sending the short form agrees to, said where the button is. */
function QuickTerms() {
  return (
    <p className="hint">
      By sending, you agree to the <TermsLink />, and to your company name and e-mail address being shared with the suppliers who quote. If you accept a quote,
      your contact details also go to that supplier, so they can deliver the order.
    </p>
  );
}

/** The short form's values, named as `POST /api/embed/rfq` names them. */
export interface QuickFormValues extends EmbedFormValues {
  budgetRange: '' | EmbedBudgetRange;
  companySize: '' | CompanySize;
}

type QuickField = keyof QuickFormValues;

const EMPTY: QuickFormValues = {
  productName: '',
  productDescription: '',
  quantity: '1',
  budgetRange: '',
  location: '',
  contactEmail: '',
  companyName: '',
  companySize: '',
};

export interface QuickQuoteFormProps {
  pending: boolean;
  onSubmit(values: QuickFormValues): void;
  /** The messages a refused submission gave for the form's fields: each shows until its field changes. */
  refused?: { fields: Record<string, string> } | null;
  idPrefix?: string;
}

/** The embed widget's short form: seven fields on one page. */
export function QuickQuoteForm({ pending, onSubmit, refused = null, idPrefix = 'quick' }: QuickQuoteFormProps) {
  const [values, setValues] = useState<QuickFormValues>(EMPTY);
  const [shown, setShown] = useState<Set<QuickField>>(new Set());
  const [refusedAt, setRefusedAt] = useState<Partial<Record<QuickField, { message: string; value: string }>>>({});
  const all: Partial<Record<QuickField, string>> = validateEmbedForm(values);
  const error = (f: QuickField) => (shown.has(f) ? all[f] : undefined) ?? (refusedAt[f]?.value === values[f] ? refusedAt[f]?.message : undefined);
  const id = (f: string) => `${idPrefix}-${f}`;
  const current = useRef(values);
  current.current = values;

  // biome-ignore lint/correctness/useExhaustiveDependencies: answers a new refusal only; id is made anew each render from useId's prefix and listing it would move focus on every render
  useEffect(() => {
    if (!refused) return;
    const fields = (Object.keys(EMPTY) as QuickField[]).filter((f) => typeof refused.fields[f] === 'string');
    setRefusedAt(Object.fromEntries(fields.map((f) => [f, { message: refused.fields[f]!, value: current.current[f] }])));
    if (fields[0]) document.getElementById(id(fields[0]))?.focus();
  }, [refused]);
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
        <BudgetField id={id('budgetRange')} labels={EMBED_BUDGET_LABELS} value={values.budgetRange} onChange={(v) => set('budgetRange', v)} />
      </div>
      <DeliveryLocationField
        id={id('location')}
        value={values.location}
        error={error('location')}
        onChange={(v) => set('location', v)}
        onBlur={() => touch('location')}
      />
      {field('contactEmail', 'E-mail address', { type: 'email', required: true, placeholder: 'you@company.co.za' })}
      <div className="field-row">
        {field('companyName', 'Company name (optional)')}
        <CompanySizeField id={id('companySize')} value={values.companySize} onChange={(v) => set('companySize', v)} />
      </div>
      <QuickTerms />
      <SubmitButton pending={pending} busy="Processing...">
        Get My Quotes
      </SubmitButton>
    </form>
  );
}
