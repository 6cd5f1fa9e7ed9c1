import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fieldMessages } from '../../../sdk/client/errors';
import { BUSINESS_TYPES, INTEGRATION_TYPES, TRAFFIC_BANDS } from '../../../sdk/data-api';
import { API_TIERS, DATA_PRODUCTS, REGISTRATION_FAILED } from '../../../contract/data-api';
import { validatePartnerRegistration as validate, type PartnerField as Field, type PartnerRegistrationValues as Values } from '../../../sdk/partner-rules';
import type { PartnerCredentials } from '../../../sdk/schemas/partners';
import { TextField } from '../../../widget/ui/TextField';
import { scriptSnippet } from '../../../widget/snippet';
import { CodeToCopy, CopyButton } from '../../components/ui/code';
import { Tabs } from '../../components/ui/tabs';
import { useToast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { TiersTable } from '../../components/TiersTable';
import { RevenueShare } from '../../components/revenue';
import { formatNumber, formatRand } from '../../../sdk/format';
import { SubmitButton } from '../../../widget/ui/SubmitButton';

const LABELS = {
  businessType: {
    ecommerce: 'E-commerce',
    directory: 'Directory',
    marketplace: 'Marketplace',
    portal: 'Portal',
    media: 'Media',
    software: 'Software',
    other: 'Other',
  },
  integrationType: { widget: 'Widget', api: 'Data API', both: 'Widget and data API', enterprise: 'Enterprise' },
  monthlyTraffic: {
    'under-1k': 'Under 1,000',
    '1k-10k': '1,000 - 10,000',
    '10k-50k': '10,000 - 50,000',
    '50k-100k': '50,000 - 100,000',
    '100k-plus': 'Over 100,000',
  },
} as const;

// In the order the form shows the fields.
const EMPTY: Values = {
  companyName: '',
  contactName: '',
  contactEmail: '',
  website: '',
  businessType: '',
  integrationType: '',
  monthlyTraffic: '',
  useCase: '',
};

function Credentials({ credentials }: { credentials: PartnerCredentials['credentials'] }) {
  const origin = window.location.origin;
  const snippet = scriptSnippet(origin, { partnerId: credentials.partnerId });
  const curl = `curl -H "Authorization: Bearer ${credentials.apiKey}" \\\n     -H "X-Partner-ID: ${credentials.partnerId}" \\\n     "${origin}/api/data/market-intelligence?days=30"`;
  // The key is shown only this once: the page opens at it, and focus goes to its heading (the button pressed is gone).
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    title.current?.focus();
  }, []);
  return (
    <div className="stack">
      <section className="card success-panel" aria-labelledby="cred-title">
        <h1 id="cred-title" tabIndex={-1} ref={title}>
          Welcome to Procura partners
        </h1>
        <p>Keep your API key somewhere safe now: it is shown only this once. We keep only a fingerprint of it, so we cannot show it again.</p>
        <dl className="facts">
          <dt>Partner ID</dt>
          <dd>
            <code>{credentials.partnerId}</code>
          </dd>
          <dt>API key</dt>
          <dd>
            <code className="secret">{credentials.apiKey}</code>
          </dd>
        </dl>
        <div className="button-row">
          <CopyButton text={credentials.apiKey} label="Copy API key" done="API key copied to clipboard" />
          <CopyButton text={credentials.partnerId} label="Copy partner ID" done="Partner ID copied to clipboard" />
        </div>
      </section>
      <section className="card" aria-labelledby="cred-next">
        <h2 id="cred-next">Start here</h2>
        <Tabs
          label="Ways to work with Procura"
          tabs={[
            {
              id: 'widget',
              label: 'Widget Embed',
              content: (
                <CodeToCopy
                  id="cred-snippet"
                  label="Paste this where the quote widget should appear"
                  value={snippet}
                  rows={3}
                  done="Embed code copied to clipboard"
                >
                  <p className="small">
                    Set your colours and logo in the <Link href="/widget-configurator">widget configurator</Link>, with your partner ID.
                  </p>
                </CodeToCopy>
              ),
            },
            {
              id: 'data',
              label: 'Data API',
              content: (
                <CodeToCopy id="cred-curl" label="Your first call" value={curl} rows={4} copyLabel="Copy curl" done="curl command copied to clipboard">
                  <p className="small">
                    You are on the {API_TIERS.starter.label} tier: {formatNumber(API_TIERS.starter.hourlyQuota)} requests an hour,{' '}
                    {API_TIERS.starter.products.map((p) => `${DATA_PRODUCTS[p].label} (${formatRand(DATA_PRODUCTS[p].priceZar)} a month)`).join(' and ')}.
                  </p>
                </CodeToCopy>
              ),
            },
            {
              id: 'revenue',
              label: 'Revenue',
              content: (
                <div className="stack">
                  <RevenueShare />
                  <p className="small">
                    See what your widgets bring in the <Link href="/partners">partner area</Link>.
                  </p>
                </div>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}

/** /api-registration: partner registration, then the credentials, shown once. */
export default function ApiRegistrationPage() {
  usePageTitle('API access');
  const toast = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [shown, setShown] = useState<Set<Field>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const [credentials, setCredentials] = useState<PartnerCredentials['credentials'] | null>(null);
  const errors = { ...validate(values), ...serverErrors };
  const error = (f: Field) => (shown.has(f) ? errors[f] : undefined);
  const set = (f: Field, v: string) => {
    setValues((prev) => ({ ...prev, [f]: v }));
    setServerErrors((prev) => ({ ...prev, [f]: undefined }));
  };
  const touch = (f: Field) => setShown((prev) => new Set([...prev, f]));

  if (credentials) return <div className="container page">{<Credentials credentials={credentials} />}</div>;

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setShown(new Set(Object.keys(EMPTY) as Field[]));
    const invalid = validate(values);
    // The first field in error, in the form's order, takes focus: on a phone the messages sit above the button.
    const first = (Object.keys(EMPTY) as Field[]).find((f) => invalid[f]);
    if (first) document.getElementById(`reg-${first}`)?.focus();
    if (pending || first) return;
    setPending(true);
    try {
      const body = await api().partners.register(values as Parameters<ReturnType<typeof api>['partners']['register']>[0]);
      if (body?.success === true) setCredentials(body.credentials);
      else toast({ title: 'Registration failed', description: REGISTRATION_FAILED, variant: 'destructive' });
    } catch (err) {
      const refused = fieldMessages(err) as Partial<Record<Field, string>>;
      setServerErrors(refused);
      const firstRefused = (Object.keys(EMPTY) as Field[]).find((f) => refused[f]);
      if (firstRefused) document.getElementById(`reg-${firstRefused}`)?.focus();
      toast({ title: 'Registration failed', description: REGISTRATION_FAILED, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const text = (f: Field, label: string, options: { type?: string; rows?: number; placeholder?: string } = {}) => (
    <TextField {...options} id={`reg-${f}`} label={label} required value={values[f]} error={error(f)} onChange={(v) => set(f, v)} onBlur={() => touch(f)} />
  );
  const choice = <K extends 'businessType' | 'integrationType' | 'monthlyTraffic'>(f: K, label: string, options: readonly (keyof (typeof LABELS)[K])[]) => (
    <div className="field">
      <label htmlFor={`reg-${f}`}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={`reg-${f}`}
        value={values[f]}
        aria-required
        aria-invalid={error(f) ? true : undefined}
        aria-describedby={error(f) ? `reg-${f}-error` : undefined}
        onChange={(e) => {
          set(f, e.target.value);
          touch(f);
        }}
      >
        <option value="">Select…</option>
        {options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {LABELS[f][o] as string}
          </option>
        ))}
      </select>
      {error(f) ? (
        <p id={`reg-${f}-error`} className="field-error" role="alert">
          {error(f)}
        </p>
      ) : null}
    </div>
  );

  return (
    <div className="container page stack">
      <div className="hero">
        <h1>API Access and Partnership</h1>
        <p className="muted">Register once to embed the quote widget for a revenue share and to call the data API. You get your credentials straight away.</p>
      </div>
      <div className="configurator-grid">
        <form className="card form-stack" noValidate onSubmit={submit} aria-labelledby="reg-title">
          <h2 id="reg-title">Register as a partner</h2>
          {text('companyName', 'Company name')}
          <div className="field-row">
            {text('contactName', 'Contact name')}
            {text('contactEmail', 'Contact e-mail', { type: 'email', placeholder: 'dev@company.co.za' })}
          </div>
          {text('website', 'Website', { type: 'url', placeholder: 'https://www.company.co.za' })}
          <div className="field-row">
            {choice('businessType', 'Business type', BUSINESS_TYPES)}
            {choice('integrationType', 'Integration', INTEGRATION_TYPES)}
          </div>
          {choice('monthlyTraffic', 'Monthly visitors', TRAFFIC_BANDS)}
          {text('useCase', 'How will you use Procura?', { rows: 3, placeholder: 'e.g. quotes beside every supplier listing in our directory' })}
          <SubmitButton pending={pending} busy="Registering...">
            Get my credentials
          </SubmitButton>
        </form>
        <div className="stack">
          <section className="card" aria-labelledby="reg-tiers">
            <h2 id="reg-tiers">Data API tiers and prices</h2>
            <TiersTable />
            <p className="small muted">Prices are per product per month. Every partner starts on Starter; ask us to move up.</p>
          </section>
          <section className="card" aria-labelledby="reg-revenue">
            <h2 id="reg-revenue">Widget revenue share</h2>
            <RevenueShare />
          </section>
        </div>
      </div>
    </div>
  );
}
