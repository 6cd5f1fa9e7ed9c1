import { useEffect, useRef, type ReactNode } from 'react';
import { singularUnit, SUPPLIER_COUNT_CHOICES, type BudgetRange, type RfqField, type RfqFormValues } from '../../sdk/rules';
import type { ProductSuggestion } from '../../sdk/schemas/catalogue';
import { formApi } from './api';
import { Combobox, useSuggestions } from '../ui/Combobox';
import { BudgetField } from './BudgetField';
import { CompanySizeField } from './CompanySizeField';
import { DeliveryLocationField } from './LocationField';
import { FieldError, TextField, type TextFieldProps } from '../ui/TextField';
import { TermsLink } from './TermsLink';
import { useMediaQuery } from '../ui/use-media-query';
import type { RfqForm, Step } from './use-rfq-form';
import '../ui/controls.css';
import './quote-form.css';
import { formatRand, joinWords } from '../../sdk/format';

const STEP_TITLES: Record<Step, string> = {
  1: 'What do you need?',
  2: 'Supplier Requirements',
  3: 'Contact Information',
};

const BUDGET_LABELS: Record<BudgetRange, string> = {
  'under-10k': 'Under R10,000',
  '10k-50k': 'R10,000 - R50,000',
  '50k-100k': 'R50,000 - R100,000',
  '100k-500k': 'R100,000 - R500,000',
  'over-500k': 'Over R500,000',
};

/**
 * The terms the buyer agrees to, linked: their company and address go to the suppliers who
 * quote, and their whole contact to the one whose quote they accept, who must deliver the order.
 */
export function TermsAgreement() {
  return (
    <span>
      I agree to the <TermsLink />, and to my company name and e-mail address being shared with the suppliers who quote, so they can contact me about their
      quotes. If I accept a quote, my contact details also go to that supplier, so they can deliver the order.
    </span>
  );
}

/**
 * Where a keyboard is likely: a pointer that hovers and aims finely (a mouse or trackpad, not a
 * finger), on a screen wider than a phone's.
 */
const KEYBOARD_LIKELY_QUERY = '(hover: hover) and (pointer: fine) and (min-width: 48rem)';

/** How step 1's fields are named in the sentence under a closed Next Step. */
const MISSING_NAMES: Partial<Record<RfqField, string>> = {
  productName: 'product name',
  quantity: 'quantity',
  deliveryLocation: 'delivery location',
  supplierCount: 'number of suppliers',
};

/** 'Still needed: a, b and c.' */
function missingSentence(fields: RfqField[]): string {
  const names = fields.map((f) => MISSING_NAMES[f] ?? f);
  return `Still needed: ${joinWords(names)}.`;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

export interface QuoteRequestFormProps {
  form: RfqForm;
  /** All fields on one page instead of three steps. */
  compact?: boolean;
  pending: boolean;
  /** Called with valid values; the caller sends them. */
  onSubmit(values: RfqFormValues): void;
  /** Prefix of element ids, so two forms can share a page. */
  idPrefix?: string;
  /** Inside a partner's widget, where the page around it owns the keyboard: no hint about keys. */
  embedded?: boolean;
  /** Shown under the product's fields, such as a way to ask for more products at once. */
  productActions?: ReactNode;
}

/** The quote request form, in steps or compact; the state lives in {@link RfqForm}. */
export function QuoteRequestForm({ form, compact = false, pending, onSubmit, idPrefix = 'rfq', embedded = false, productActions }: QuoteRequestFormProps) {
  const { values, errors, step } = form;
  const keyboardLikely = useMediaQuery(KEYBOARD_LIKELY_QUERY);
  const id = (field: string) => `${idPrefix}-${field}`;
  const productItems = useSuggestions<ProductSuggestion>(formApi.products, values.productName, 2).slice(0, compact ? 3 : 5);
  const advanceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(advanceTimer.current), []);
  // A new step is announced by its heading, where focus goes (the button that led there may be gone).
  // Declared before the refusal's effect below, whose field takes focus when both change at once.
  const stepTitle = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepTitle.current?.focus();
  }, [step]);
  // A refused submission's first field: the form is back on its step, and the buyer lands on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: answers a new refused field only; id is made anew each render from useId's prefix and listing it would move focus on every render
  useEffect(() => {
    if (form.attention) document.getElementById(id(form.attention.field))?.focus();
  }, [form.attention]);

  // 1, 2 and 3 jump to a step, unless the buyer is typing.
  useEffect(() => {
    if (compact) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (e.key === '1' || e.key === '2' || e.key === '3') form.setStep(Number(e.key) as Step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [compact, form]);

  type TextOptions = Omit<Partial<TextFieldProps>, 'id' | 'label' | 'value' | 'onChange'>;
  const text = (field: RfqField, label: string, options: TextOptions = {}) => (
    <TextField
      {...options}
      id={id(field)}
      name={field}
      label={label}
      value={values[field] as string}
      error={errors[field]}
      onChange={(v) => form.setField(field, v as never)}
      onBlur={() => form.touch(field)}
    />
  );

  const pickProduct = (p: ProductSuggestion) => {
    const complete = form.fillProduct(p);
    if (!compact && step === 1 && complete) {
      clearTimeout(advanceTimer.current);
      advanceTimer.current = setTimeout(() => form.setStep(2), 100);
    }
  };

  const stepOne: ReactNode = (
    <>
      <Combobox<ProductSuggestion>
        id={id('productName')}
        label="Product name"
        required
        placeholder="e.g. Hand Sanitizer 70% Alcohol"
        value={values.productName}
        error={errors.productName}
        items={productItems}
        itemKey={(p) => p.id}
        renderItem={(p) => (
          <>
            <span className="suggestion-name">{p.name}</span>
            <span className="suggestion-meta">
              {p.categoryName} · about {formatRand(p.avgPrice)} per {singularUnit(p.unit)}
            </span>
          </>
        )}
        onChange={(v) => form.setField('productName', v)}
        onPick={pickProduct}
        onBlur={() => form.touch('productName')}
      />
      {text('productDescription', 'Description', { required: true, rows: compact ? 2 : 3, placeholder: 'What it is for, grade, pack size, delivery needs' })}
      <div className="field-row">
        {text('quantity', 'Quantity', { required: true, inputMode: 'numeric' })}
        {text('unit', 'Unit', { readOnly: true, placeholder: 'Set by the product', hint: 'Set from the chosen product' })}
      </div>
      {productActions}
      <DeliveryLocationField
        id={id('deliveryLocation')}
        value={values.deliveryLocation}
        error={errors.deliveryLocation}
        onChange={(v) => form.setField('deliveryLocation', v)}
        onBlur={() => form.touch('deliveryLocation')}
      />
    </>
  );

  const stepTwo: ReactNode = (
    <>
      <fieldset className="field choice-group" aria-describedby={errors.supplierCount ? `${id('supplierCount')}-error` : undefined}>
        <legend>How many suppliers should quote?</legend>
        <div className="choices">
          {SUPPLIER_COUNT_CHOICES.map((n) => (
            <label key={n} className="choice">
              <input
                type="radio"
                name={id('supplierCount')}
                value={n}
                checked={values.supplierCount === n}
                onChange={() => form.setField('supplierCount', n)}
              />
              <span>{n} suppliers</span>
            </label>
          ))}
        </div>
        <FieldError id={id('supplierCount')} message={errors.supplierCount} />
      </fieldset>
      <BudgetField id={id('budgetRange')} labels={BUDGET_LABELS} value={values.budgetRange} onChange={(v) => form.setField('budgetRange', v)} />
    </>
  );

  const stepThree: ReactNode = (
    <>
      {text('primaryEmail', 'E-mail address', { type: 'email', required: true, placeholder: 'you@company.co.za' })}
      {text('additionalEmails', 'Also send the quotes to (optional)', {
        placeholder: 'colleague@company.co.za, buyer@company.co.za',
        hint: 'Separate addresses with commas',
      })}
      <div className="field-row">
        {text('companyName', 'Company name (optional)')}
        {text('contactName', 'Contact name (optional)')}
      </div>
      <CompanySizeField id={id('companySize')} value={values.companySize} error={errors.companySize} onChange={(v) => form.setField('companySize', v)} />
      <div className="field checkbox-field">
        <label className="checkbox">
          <input
            type="checkbox"
            id={id('agreeTerms')}
            checked={values.agreeTerms}
            aria-invalid={errors.agreeTerms ? true : undefined}
            aria-describedby={errors.agreeTerms ? `${id('agreeTerms')}-error` : undefined}
            onChange={(e) => {
              form.setField('agreeTerms', e.target.checked);
              form.touch('agreeTerms');
            }}
          />
          <TermsAgreement />
        </label>
        <FieldError id={id('agreeTerms')} message={errors.agreeTerms} />
      </div>
    </>
  );

  const missing = compact || step === 3 ? [] : form.missing(step);

  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (pending) return;
    if (!compact && step < 3) {
      if (form.checkStep(step) && form.canLeave(step)) form.setStep((step + 1) as Step);
      else form.attendFirstError([step]);
      return;
    }
    if (!form.checkAll()) {
      if (!compact) {
        const firstBad = ([1, 2, 3] as Step[]).find((s) => !form.checkStep(s));
        if (firstBad) form.setStep(firstBad);
      }
      form.attendFirstError([1, 2, 3]);
      return;
    }
    onSubmit(values);
  };

  const submitButton = (
    <button type="submit" className="button" disabled={pending} aria-disabled={pending}>
      {pending ? 'Processing...' : 'Get My Quotes'}
    </button>
  );

  if (compact) {
    return (
      <form className="quote-form compact" noValidate onSubmit={submit} aria-label="Request quotes">
        {stepOne}
        {stepTwo}
        {stepThree}
        <div className="form-actions">{submitButton}</div>
      </form>
    );
  }

  return (
    <form className="quote-form" noValidate onSubmit={submit} aria-labelledby={id('step-title')}>
      <ol className="steps" aria-label="Steps">
        {([1, 2, 3] as Step[]).map((s) => (
          <li key={s}>
            <button type="button" className="step-button" aria-current={s === step ? 'step' : undefined} onClick={() => form.setStep(s)}>
              <span className="step-number" aria-hidden="true">
                {s}
              </span>
              <span className="step-label">{STEP_TITLES[s]}</span>
            </button>
          </li>
        ))}
      </ol>
      {keyboardLikely && !embedded ? <p className="hint keys-hint">Press 1, 2 or 3 to jump to a step.</p> : null}
      <h2 id={id('step-title')} className="step-title" tabIndex={-1} ref={stepTitle}>
        Step {step}: {STEP_TITLES[step]}
      </h2>
      {step === 1 ? stepOne : step === 2 ? stepTwo : stepThree}
      <div className="form-actions">
        {step > 1 ? (
          <button type="button" className="button button-secondary" onClick={() => form.setStep((step - 1) as Step)}>
            Previous
          </button>
        ) : (
          <span />
        )}
        {step < 3 ? (
          <div className="next-step">
            {/* aria-disabled, not disabled: it stays in the tab order, and pressing it shows what is missing and goes there. */}
            <button
              type="submit"
              className="button"
              aria-disabled={missing.length > 0 ? true : undefined}
              aria-describedby={missing.length > 0 ? id('missing') : undefined}
            >
              Next Step
            </button>
            {/* Always in the page, so screen readers announce the sentence as it changes. */}
            <p id={id('missing')} className="hint missing-hint" aria-live="polite">
              {missing.length > 0 ? missingSentence(missing) : null}
            </p>
          </div>
        ) : (
          submitButton
        )}
      </div>
    </form>
  );
}
