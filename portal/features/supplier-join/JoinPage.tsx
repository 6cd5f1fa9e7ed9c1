import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { supplierApplicationSchema, type SupplierApplicationInput } from '../../../contract/schemas/supplier-applications';
import { isHttpError } from '../../../sdk/client/errors';
import { FieldError, TextField } from '../../../widget/ui/TextField';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { applicationsApi, suppliersApi } from '../../lib/api';
import { dropLinkTokenFromAddress, linkTokenOfAddress } from '../../lib/link-token';
import { useSiteFigures } from '../../lib/site-figures';
import { usePageMeta } from '../../lib/use-page-title';
import './join.css';

type TextKey = 'companyName' | 'tradingName' | 'registrationNumber' | 'vatNumber' | 'bbeeExpiresOn' | 'contactName' | 'email' | 'phone' | 'city' | 'website';
type Field = TextKey | 'bbeeLevel' | 'categories' | 'acceptTerms';
type Values = Record<TextKey, string> & { bbeeLevel: string; categories: string[]; acceptTerms: boolean };

const EMPTY: Values = {
  companyName: '',
  tradingName: '',
  registrationNumber: '',
  vatNumber: '',
  bbeeLevel: '',
  bbeeExpiresOn: '',
  contactName: '',
  email: '',
  phone: '',
  city: '',
  categories: [],
  website: '',
  acceptTerms: false,
};
const FIELDS = Object.keys(EMPTY) as Field[];

/** The form's values as the API reads them: blanks left out, the level a number or `non-compliant`. */
export function applicationOf(v: Values): SupplierApplicationInput {
  const level = v.bbeeLevel === '' ? undefined : v.bbeeLevel === 'non-compliant' ? 'non-compliant' : Number(v.bbeeLevel);
  return {
    companyName: v.companyName,
    ...(v.tradingName.trim() ? { tradingName: v.tradingName } : {}),
    registrationNumber: v.registrationNumber,
    ...(v.vatNumber.trim() ? { vatNumber: v.vatNumber } : {}),
    ...(level === undefined ? {} : { bbeeLevel: level }),
    ...(typeof level === 'number' && v.bbeeExpiresOn ? { bbeeExpiresOn: v.bbeeExpiresOn } : {}),
    contactName: v.contactName,
    email: v.email,
    phone: v.phone,
    city: v.city,
    categories: v.categories,
    ...(v.website.trim() ? { website: v.website } : {}),
    acceptTerms: v.acceptTerms as true,
  };
}

/** Each field's message by the rules the server applies (the registration year, city and categories it checks again). */
export function checkApplication(v: Values): Partial<Record<Field, string>> {
  const result = supplierApplicationSchema.safeParse(applicationOf(v));
  const errors: Partial<Record<Field, string>> = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

type Verification = { state: 'ready'; token: string } | { state: 'verifying' } | { state: 'verified'; message: string } | { state: 'failed'; message: string };

/**
 * The e-mailed link's `#ap_…` fragment, taken out of the address on load and spent only when the
 * person confirms (a mail scanner that opens the link confirms nothing): the application then
 * reaches Procura's team.
 */
function useVerification(): [Verification | null, () => void] {
  const [verification, setVerification] = useState<Verification | null>(null);
  useEffect(() => {
    const token = linkTokenOfAddress('ap_');
    if (!token) return;
    dropLinkTokenFromAddress();
    setVerification({ state: 'ready', token });
  }, []);
  const confirm = () => {
    if (verification?.state !== 'ready') return;
    const { token } = verification;
    setVerification({ state: 'verifying' });
    applicationsApi()
      .verify(token)
      .then(
        ({ message }) => setVerification({ state: 'verified', message }),
        (err: unknown) =>
          setVerification({
            state: 'failed',
            message: isHttpError(err) && err.status !== 500 ? err.apiMessage : 'The link could not be checked. Please open it again in a moment.',
          }),
      );
  };
  return [verification, confirm];
}

const FAILED = 'Your application was not sent. Please try again in a moment.';

type Listing = { state: 'loading' } | { state: 'found'; name: string } | { state: 'missing' };

/**
 * `?supplier={slug}`, the link in every e-mail to a listed business: the form starts from the
 * listing's public details (name, city, categories, registration and VAT numbers), never its
 * contact details, and fills only fields still empty.
 */
function useListing(fill: (listed: Partial<Values>) => void): Listing | null {
  const [listing, setListing] = useState<Listing | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on load.
  useEffect(() => {
    const slug = new URLSearchParams(window.location.search).get('supplier');
    if (!slug) return;
    const controller = new AbortController();
    setListing({ state: 'loading' });
    suppliersApi()
      .get(slug, { signal: controller.signal })
      .then(
        (s) => {
          fill({
            companyName: s.name,
            city: s.city,
            categories: s.categories.map((c) => c.id),
            registrationNumber: s.registrationNumber ?? '',
            vatNumber: s.vat.number ?? '',
          });
          setListing({ state: 'found', name: s.name });
        },
        () => {
          if (!controller.signal.aborted) setListing({ state: 'missing' });
        },
      );
    return () => controller.abort();
  }, []);
  return listing;
}

/**
 * /suppliers/join: a business applies to supply through Procura with its registration details;
 * the e-mailed link (`#ap_…`) verifies its address once the person confirms, and Procura's team decides.
 */
export default function JoinPage() {
  usePageMeta({
    title: 'Supply through Procura',
    description:
      'Apply to supply buyers across South Africa through Procura: registration details, B-BBEE level and what you supply, checked once by our team.',
  });
  const { figures } = useSiteFigures();
  const [verification, confirmAddress] = useVerification();
  const [values, setValues] = useState<Values>(EMPTY);
  const listing = useListing((listed) =>
    setValues((prev) => {
      const next = { ...prev };
      for (const [key, value] of Object.entries(listed) as [keyof Values, Values[keyof Values]][]) {
        const empty = Array.isArray(prev[key]) ? (prev[key] as string[]).length === 0 : prev[key] === '';
        if (empty && value !== '') Object.assign(next, { [key]: value });
      }
      return next;
    }),
  );
  const [shown, setShown] = useState<Set<Field>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errors = { ...checkApplication(values), ...serverErrors };
  const error = (f: Field) => (shown.has(f) ? errors[f] : undefined);
  const set = <K extends Field>(f: K, v: Values[K]) => {
    setValues((prev) => ({ ...prev, [f]: v }));
    setServerErrors((prev) => ({ ...prev, [f]: undefined }));
  };
  const touch = (f: Field) => () => setShown((prev) => new Set([...prev, f]));

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setShown(new Set(FIELDS));
    if (pending) return;
    const found = checkApplication(values);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`join-${first}`)?.focus();
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      setSent((await applicationsApi().apply(applicationOf(values))).message);
    } catch (err) {
      const fields = isHttpError(err) ? ((err.details as { fields?: Partial<Record<Field, string>> } | undefined)?.fields ?? {}) : {};
      setServerErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? 'Please correct the fields marked below.' : isHttpError(err) && err.status !== 500 ? err.apiMessage : FAILED);
      const firstBad = FIELDS.find((f) => fields[f]);
      if (firstBad) document.getElementById(`join-${firstBad}`)?.focus();
    } finally {
      setPending(false);
    }
  };

  const text = (f: TextKey, label: string, options: { type?: string; required?: boolean; autoComplete?: string; placeholder?: string; hint?: string } = {}) => (
    <TextField {...options} id={`join-${f}`} name={f} label={label} value={values[f]} error={error(f)} onChange={(v) => set(f, v)} onBlur={touch(f)} />
  );
  const leveled = values.bbeeLevel !== '' && values.bbeeLevel !== 'non-compliant';

  if (verification) {
    return (
      <div className="container page narrow stack">
        <h1>Supply through Procura</h1>
        <section className="card stack" aria-live="polite">
          {verification.state === 'ready' ? (
            <>
              <p>Confirm that this is your e-mail address, and your application goes to Procura's team.</p>
              <p>
                <button type="button" className="button" onClick={confirmAddress}>
                  Confirm my e-mail address
                </button>
              </p>
            </>
          ) : null}
          {verification.state === 'verifying' ? <p>Checking your link…</p> : null}
          {verification.state === 'verified' ? (
            <>
              <h2>Application received</h2>
              <p>{verification.message}</p>
            </>
          ) : null}
          {verification.state === 'failed' ? <ErrorAlert title="Link not accepted" message={verification.message} inline /> : null}
          <p>
            <Link href="/suppliers">Back to the supplier directory</Link>
          </p>
        </section>
      </div>
    );
  }

  if (sent) {
    return (
      <div className="container page narrow stack">
        <h1>Supply through Procura</h1>
        <section className="card stack" aria-live="polite">
          <h2>Check your e-mail</h2>
          <p>{sent}</p>
          <p className="small muted">Nothing arrived? Look in your spam folder, or apply again: each address may apply 3 times a day.</p>
        </section>
      </div>
    );
  }

  return (
    <div className="container page narrow stack">
      <div className="hero">
        <h1>Supply through Procura</h1>
        <p className="muted">
          Buyers across South Africa request quotes here every day. Apply with your company's registration details: Procura's team checks them once, and you
          manage your price list and delivery areas from your own workspace.
        </p>
      </div>
      <form className="card form-stack" noValidate onSubmit={submit} aria-labelledby="join-form-title">
        <h2 id="join-form-title">Your business</h2>
        {listing?.state === 'loading' ? <p className="small muted">Reading Procura's listing of your business…</p> : null}
        {listing?.state === 'found' ? (
          <p className="notice" role="note">
            Filled in from Procura's listing of {listing.name}. Check each field: your application claims that listing, so your business stays one supplier.
          </p>
        ) : null}
        {listing?.state === 'missing' ? <p className="small muted">Procura's listing could not be read: fill in your details below.</p> : null}
        {failure ? <ErrorAlert title="Not sent" message={failure} inline /> : null}
        {text('companyName', 'Registered company name', { required: true, autoComplete: 'organization' })}
        {text('tradingName', 'Trading name (optional)')}
        {text('registrationNumber', 'CIPC registration number', { required: true, placeholder: '2015/123456/07' })}
        {text('vatNumber', 'VAT number (optional)', { placeholder: '4123456789' })}
        <div className="field">
          <label htmlFor="join-bbeeLevel">B-BBEE level (optional)</label>
          <select
            id="join-bbeeLevel"
            name="bbeeLevel"
            value={values.bbeeLevel}
            aria-invalid={error('bbeeLevel') ? true : undefined}
            aria-describedby={error('bbeeLevel') ? 'join-bbeeLevel-error' : undefined}
            onChange={(e) => set('bbeeLevel', e.target.value)}
            onBlur={touch('bbeeLevel')}
          >
            <option value="">None given</option>
            {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
              <option key={n} value={String(n)}>
                Level {n}
              </option>
            ))}
            <option value="non-compliant">Non-compliant</option>
          </select>
          <FieldError id="join-bbeeLevel" message={error('bbeeLevel')} />
        </div>
        {leveled ? text('bbeeExpiresOn', 'B-BBEE certificate expires on', { type: 'date', required: true }) : null}
        <h2>Who applies</h2>
        {text('contactName', 'Your name', { required: true, autoComplete: 'name' })}
        {text('email', 'Work e-mail', {
          type: 'email',
          required: true,
          autoComplete: 'email',
          placeholder: 'you@company.co.za',
          hint: 'We e-mail a link to this address to confirm it is yours.',
        })}
        {text('phone', 'Phone', { type: 'tel', required: true, autoComplete: 'tel', placeholder: '015 555 0100' })}
        <TextField
          id="join-city"
          name="city"
          label="City your business is in"
          required
          value={values.city}
          error={error('city')}
          onChange={(v) => set('city', v)}
          onBlur={touch('city')}
          hint={figures ? `One of the ${figures.cities.length} cities Procura serves, such as Polokwane.` : 'Such as Polokwane.'}
        />
        <fieldset className="field" aria-describedby={error('categories') ? 'join-categories-error' : undefined}>
          <legend>What you supply</legend>
          {figures ? (
            <div className="join-categories">
              {figures.categories.map((c, i) => (
                <label key={c.id} className="checkbox">
                  <input
                    type="checkbox"
                    id={i === 0 ? 'join-categories' : undefined}
                    checked={values.categories.includes(c.id)}
                    onChange={(e) => {
                      set('categories', e.target.checked ? [...values.categories, c.id] : values.categories.filter((id) => id !== c.id));
                      touch('categories')();
                    }}
                  />
                  {c.name}
                </label>
              ))}
            </div>
          ) : (
            <p className="muted">Loading the categories…</p>
          )}
          <FieldError id="join-categories" message={error('categories')} />
        </fieldset>
        {text('website', 'Website (optional)', { type: 'url', autoComplete: 'url', placeholder: 'https://www.cleanco.co.za' })}
        <div className="field checkbox-field">
          <label className="checkbox">
            <input
              type="checkbox"
              id="join-acceptTerms"
              checked={values.acceptTerms}
              aria-invalid={error('acceptTerms') ? true : undefined}
              aria-describedby={error('acceptTerms') ? 'join-acceptTerms-error' : undefined}
              onChange={(e) => {
                set('acceptTerms', e.target.checked);
                touch('acceptTerms')();
              }}
            />
            <span>
              I accept Procura's <Link href="/terms">terms</Link> and agree that Procura checks these details and keeps them to run my listing, as its{' '}
              <Link href="/privacy">privacy policy</Link> says.
            </span>
          </label>
          <FieldError id="join-acceptTerms" message={error('acceptTerms')} />
        </div>
        <SubmitButton pending={pending} busy="Sending…">
          Apply to supply
        </SubmitButton>
        <p className="small muted">
          Already on Procura with colleagues? Ask one to invite you from the workspace, or <Link href="/supplier/sign-in">sign in</Link>.
        </p>
      </form>
    </div>
  );
}
