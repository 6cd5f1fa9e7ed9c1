import { useState } from 'react';
import { useLocation } from 'wouter';
import { demoRequestSchema, MONTHLY_SPEND_BANDS, MONTHLY_SPEND_LABELS, type DemoRequestInput } from '../../../contract/schemas/demo-request';
import { isHttpError } from '../../../sdk/client/errors';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { SubmitButton } from '../../../widget/ui/SubmitButton';

type Field = keyof DemoRequestInput;
type Values = Record<Field, string>;

const EMPTY: Values = { companyName: '', contactPerson: '', email: '', phone: '', monthlySpend: '', currentSuppliers: '', painPoints: '' };

/** Each field's message, by the rules the server applies (company, name, e-mail and phone required). */
export function checkDemoForm(values: Values): Partial<Record<Field, string>> {
  const result = demoRequestSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

const FAILED = 'Your request was not sent. Please try again, or call or e-mail us.';

/** /demo: book a demo. The request reaches the sales team at once; we reply within 24 hours. */
export default function DemoPage() {
  usePageTitle('Book a demo');
  const toast = useToast();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [shown, setShown] = useState<Set<Field>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errors = { ...checkDemoForm(values), ...serverErrors };
  const error = (f: Field) => (shown.has(f) ? errors[f] : undefined);
  const set = (f: Field) => (v: string) => {
    setValues((prev) => ({ ...prev, [f]: v }));
    setServerErrors((prev) => ({ ...prev, [f]: undefined }));
  };
  const touch = (f: Field) => () => setShown((prev) => new Set([...prev, f]));

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setShown(new Set(Object.keys(EMPTY) as Field[]));
    if (pending) return;
    const found = checkDemoForm(values);
    if (Object.keys(found).length > 0) {
      document.getElementById(`demo-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      await staffApi().sales.bookDemo(values as DemoRequestInput);
      navigate('/demo-success');
    } catch (err) {
      const fields = isHttpError(err) ? ((err.details as { fields?: Partial<Record<Field, string>> } | undefined)?.fields ?? {}) : {};
      setServerErrors(fields);
      const message = isHttpError(err) && err.status === 429 ? err.apiMessage : FAILED;
      setFailure(message);
      toast({ title: 'Booking failed', description: message, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const text = (
    f: Field,
    label: string,
    options: { type?: string; rows?: number; required?: boolean; autoComplete?: string; placeholder?: string; hint?: string } = {},
  ) => <TextField {...options} id={`demo-${f}`} name={f} label={label} value={values[f]} error={error(f)} onChange={set(f)} onBlur={touch(f)} />;

  return (
    <div className="container page">
      <div className="hero">
        <h1>Book a Demo</h1>
        <p className="muted">
          See how Procura gets your team priced quotes from matched South African suppliers in seconds. Tell us about your buying; we reply within 24 hours.
        </p>
      </div>
      <div className="configurator-grid">
        <form className="card form-stack" noValidate onSubmit={submit} aria-labelledby="demo-form-title">
          <h2 id="demo-form-title">Your details</h2>
          {failure ? <ErrorAlert title="Booking failed" message={failure} inline /> : null}
          {text('companyName', 'Company name', { required: true, autoComplete: 'organization' })}
          <div className="field-row">
            {text('contactPerson', 'Your name', { required: true, autoComplete: 'name' })}
            {text('phone', 'Phone', { type: 'tel', required: true, autoComplete: 'tel', placeholder: '011 555 0100' })}
          </div>
          {text('email', 'E-mail', { type: 'email', required: true, autoComplete: 'email', placeholder: 'you@company.co.za' })}
          <div className="field">
            <label htmlFor="demo-monthlySpend">Monthly spend on supplies</label>
            <select id="demo-monthlySpend" name="monthlySpend" value={values.monthlySpend} onChange={(e) => set('monthlySpend')(e.target.value)}>
              <option value="">Prefer not to say</option>
              {MONTHLY_SPEND_BANDS.map((b) => (
                <option key={b} value={b}>
                  {MONTHLY_SPEND_LABELS[b]}
                </option>
              ))}
            </select>
          </div>
          {text('currentSuppliers', 'Current suppliers', { placeholder: 'Who you buy from today' })}
          {text('painPoints', 'Your biggest procurement challenge', { rows: 4 })}
          <SubmitButton pending={pending} busy="Sending…">
            Book My Demo
          </SubmitButton>
          <p className="small muted">We use these details only to arrange and follow up your demo.</p>
        </form>
        <aside className="stack" aria-label="About the demo">
          <section className="card">
            <h2>In 30 minutes, online</h2>
            <ul className="plain-list">
              <li>A live quote request for your own products and delivery cities, priced from suppliers' real price lists</li>
              <li>How suppliers are matched on location, product and capacity</li>
              <li>Comparing, tracking and sharing quotes with your team</li>
              <li>Embedding the quote widget and the data API, if you run a site or platform</li>
            </ul>
          </section>
          <section className="card">
            <h2>What happens next</h2>
            <ol className="plain-list">
              <li>Your request reaches our sales team straight away.</li>
              <li>We reply within 24 hours to agree a time.</li>
              <li>We run the demo on your own buying list.</li>
            </ol>
          </section>
        </aside>
      </div>
    </div>
  );
}
