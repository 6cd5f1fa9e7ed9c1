import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { MAX_RECORDS_PER_REQUEST, MIN_GROUP_RFQS, MIN_GROUP_SUPPLIERS, PERSONAL_DATA_HOURS } from '../../../sdk/data-api';
import { getJson } from '../../../widget/app/api';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Tabs } from '../../components/ui/tabs';
import { usePageTitle } from '../../lib/use-page-title';
import { RevenueTable, RevenueTerms } from '../widget/revenue';
import { CodeExamples } from './CodeExamples';
import { TiersTable } from './TiersTable';
import { formatNumber } from '../../../sdk/format';

interface Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: { type?: string | string[]; enum?: unknown[]; format?: string; maximum?: number; minimum?: number; default?: unknown };
  $ref?: string;
}
interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  security: unknown[];
  responses: Record<string, { description: string }>;
}
interface OpenApi {
  info: { version: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** Text from the OpenAPI document, with its `code` spans shown as code. */
function Prose({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}

function typeOf(p: Parameter): string {
  const s = p.schema ?? {};
  if (s.enum) return s.enum.join(' | ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'string');
  const range = s.minimum !== undefined || s.maximum !== undefined ? ` ${s.minimum ?? ''}–${s.maximum ?? ''}` : '';
  return `${s.format ?? t}${range}${s.default !== undefined ? `, default ${String(s.default)}` : ''}`;
}

/** The API reference, rendered from the server's own OpenAPI document. */
function ApiReference() {
  const [doc, setDoc] = useState<OpenApi | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getJson<OpenApi>('/api/openapi.json', { signal: controller.signal }).then(setDoc, (err: Error) => !controller.signal.aborted && setError(err.message));
    return () => controller.abort();
  }, []);
  if (error) return <ErrorAlert title="API reference unavailable" message={error} inline />;
  if (!doc) return <p role="status">Loading the API reference…</p>;
  return (
    <div className="stack">
      <p className="small">
        Version {doc.info.version}. The same document as JSON: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1), for code generators and API tools.
      </p>
      {doc.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`ref-${tag.name}`} className="stack">
          <h3 id={`ref-${tag.name}`}>{tag.name}</h3>
          <p className="small muted">{tag.description}</p>
          {Object.entries(doc.paths).flatMap(([path, ops]) =>
            Object.entries(ops)
              .filter(([, op]) => op.tags.includes(tag.name))
              .map(([method, op]) => {
                const params = (op.parameters ?? []).map((p) => (p.$ref ? { name: 'X-Partner-ID', in: 'header', required: true, description: 'Your partner id' } : p));
                return (
                  <article key={`${method} ${path}`} className="endpoint">
                    <h4>
                      <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
                    </h4>
                    <p className="small">
                      {op.summary}
                      {op.security.length ? ' · API key required' : ''}
                    </p>
                    {op.description ? (
                      <p className="small muted">
                        <Prose text={op.description} />
                      </p>
                    ) : null}
                    {params.length ? (
                      <table className="simple-table">
                        <caption className="visually-hidden">Parameters of {path}</caption>
                        <thead>
                          <tr>
                            <th scope="col">Parameter</th>
                            <th scope="col">In</th>
                            <th scope="col">Type</th>
                          </tr>
                        </thead>
                        <tbody>
                          {params.map((p) => (
                            <tr key={`${p.in}-${p.name}`}>
                              <td>
                                <code>{p.name}</code>
                                {p.required ? ' (required)' : ''}
                              </td>
                              <td>{p.in}</td>
                              <td>{p.in === 'header' ? <Prose text={p.description ?? 'string'} /> : typeOf(p)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    ) : null}
                    <p className="small muted">
                      Answers: <Prose text={Object.entries(op.responses).map(([code, r]) => `${code} ${r.description}`).join('; ')} />
                    </p>
                  </article>
                );
              }),
          )}
        </section>
      ))}
    </div>
  );
}

function Overview() {
  return (
    <div className="stack small">
      <p>
        The data API answers what South African buyers of cleaning and maintenance supplies ask for, and what suppliers quote, computed from the requests and quotes Procura
        holds. It never answers an e-mail address, a name or a company, and withholds any figure over fewer than {MIN_GROUP_RFQS} requests or {MIN_GROUP_SUPPLIERS} suppliers.
        Procura itself deletes a buyer&rsquo;s e-mail addresses, name and company within {PERSONAL_DATA_HOURS} hours of the request; the request stays, anonymous.
      </p>
      <h3>Authentication</h3>
      <p>
        Send your API key as <code>Authorization: Bearer procura_live_…</code> and your partner id as <code>X-Partner-ID</code>. A missing or unknown key answers 401; a partner id
        that is not the key's answers 403. Keys can be rotated in the <Link href="/partners">partner area</Link>; the old key stops working at once.
      </p>
      <h3>Tiers and limits</h3>
      <TiersTable />
      <p>
        Every answer carries <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code>, <code>X-RateLimit-Reset</code> and the IETF <code>RateLimit-Policy</code> and{' '}
        <code>RateLimit</code> headers. Over the limit the answer is 429 with <code>Retry-After</code>. Calling a product outside your tier answers 403.
      </p>
      <h3>Errors and paging</h3>
      <p>
        Every error is <code>{'{ "error": { "code", "message", "details"? } }'}</code>; a bad parameter is named in the message and in <code>details.fields</code>. Record
        endpoints answer at most {formatNumber(MAX_RECORDS_PER_REQUEST)} records; pass <code>next_cursor</code> back as <code>cursor</code> while <code>has_more</code> is
        true.
      </p>
    </div>
  );
}

function Schema() {
  return (
    <div className="stack small">
      <h3>rfq_submissions</h3>
      <p>One row per quote request, from <code>GET /api/v2/procurement-data</code>.</p>
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Type</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          <tr><td><code>rfq_ref</code></td><td>string</td><td>A random pseudonym of the request (<code>r_</code> and 20 hex digits); never the buyer's <code>rfqId</code></td></tr>
          <tr><td><code>submission_timestamp</code></td><td>UTC</td><td>When the request was sent, to the hour</td></tr>
          <tr><td><code>product_category</code></td><td>string</td><td>The category the request was matched to</td></tr>
          <tr><td><code>quantity_requested</code></td><td>integer</td><td>Units asked for</td></tr>
          <tr><td><code>budget_range_zar</code></td><td>band</td><td>The buyer's budget band, if given</td></tr>
          <tr><td><code>city_code</code></td><td>string</td><td>Delivery city, if Procura knows it</td></tr>
          <tr><td><code>company_size</code></td><td>string</td><td>Always <code>unknown</code>: the form does not ask</td></tr>
          <tr><td><code>intent_score</code></td><td>0-100</td><td>20, plus 25 with a budget band, 20 with a company name, 15 for 100 or more units, 10 with a contact name, 10 when colleagues are copied in</td></tr>
        </tbody>
      </table>
      <h3>supplier_responses</h3>
      <p>Quotes, grouped by category and region, from <code>GET /api/v2/supplier-performance</code>.</p>
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Type</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          <tr><td><code>response_count</code></td><td>integer</td><td>Quotes in the group</td></tr>
          <tr><td><code>avg_quoted_price_zar</code></td><td>decimal</td><td>Average quoted unit price, excl. VAT</td></tr>
          <tr><td><code>avg_delivery_days</code></td><td>decimal</td><td>Average of the quoted lead times' first day</td></tr>
          <tr><td><code>avg_supplier_rating</code></td><td>1-5</td><td>Average rating of the quoting suppliers</td></tr>
        </tbody>
      </table>
    </div>
  );
}

/** /docs (and /api-docs, /documentation): the data API's documentation. */
export default function DocsPage() {
  usePageTitle('API documentation');
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>API Documentation</h1>
        <p className="muted">Market data from real requests and quotes, the embeddable widget, and everything in between.</p>
      </div>
      <section className="card">
        <Tabs
          label="Documentation"
          tabs={[
            { id: 'overview', label: 'Overview', content: <Overview /> },
            { id: 'schema', label: 'Schema', content: <Schema /> },
            { id: 'reference', label: 'API Reference', content: <ApiReference /> },
            {
              id: 'examples',
              label: 'Examples',
              content: (
                <div className="stack small">
                  <p>
                    Each example reads <code>PROCURA_API_KEY</code> and <code>PROCURA_PARTNER_ID</code> from the environment.
                  </p>
                  <CodeExamples languages={['python', 'sql', 'javascript']} idPrefix="docs" />
                </div>
              ),
            },
            {
              id: 'access',
              label: 'Get Access',
              content: (
                <div className="stack small">
                  <p>Register once: you get a partner id and an API key straight away, on the Starter tier.</p>
                  <p>
                    <Link href="/api-registration" className="button">
                      Get API access
                    </Link>
                  </p>
                  <TiersTable />
                  <h3>Widget revenue share</h3>
                  <RevenueTerms />
                  <RevenueTable />
                </div>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
