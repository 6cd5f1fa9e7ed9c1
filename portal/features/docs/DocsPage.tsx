import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { MAX_RECORDS_PER_REQUEST } from '../../../sdk/data-api';
import { MIN_GROUP_RFQS, MIN_GROUP_SUPPLIERS, PERSONAL_DATA_RETENTION } from '../../../contract/data-api';
import { ContactDetails } from '../../components/ContactDetails';
import { Tabs } from '../../components/ui/tabs';
import { COMPANY } from '../../lib/content';
import { usePageMeta } from '../../lib/use-page-title';
import { RevenueShare } from '../../components/revenue';
import { CodeExamples } from './CodeExamples';

const ApiReference = lazy(() => import('./ApiReference'));
import { TiersTable } from '../../components/TiersTable';
import { formatNumber } from '../../../sdk/format';
import { COMPANY_SIZES } from '../../../sdk/rules';
import { DataTable } from '../../components/ui/data-table';
import './docs.css';

function Overview() {
  return (
    <div className="stack small">
      <p>
        The data API answers what South African buyers of cleaning and maintenance supplies ask for, and what suppliers quote, computed from the requests and
        quotes Procura holds. It never answers an e-mail address, a name or a company, and withholds any figure over fewer than {MIN_GROUP_RFQS} requests or{' '}
        {MIN_GROUP_SUPPLIERS} suppliers. Procura itself deletes a buyer&rsquo;s e-mail addresses, name and company {PERSONAL_DATA_RETENTION}; the request stays,
        anonymous.
      </p>
      <h3>Authentication</h3>
      <p>
        Send your API key as <code>Authorization: Bearer procura_live_…</code> and your partner id as <code>X-Partner-ID</code>. A missing or unknown key
        answers 401; a partner id that is not the key's answers 403. Keys can be rotated in the <Link href="/partners">partner area</Link>; the old key stops
        working at once.
      </p>
      <h3>Tiers and limits</h3>
      <TiersTable />
      <p>
        Every answer carries <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code>, <code>X-RateLimit-Reset</code> and the IETF{' '}
        <code>RateLimit-Policy</code> and <code>RateLimit</code> headers. Over the limit the answer is 429 with <code>Retry-After</code>. Calling a product
        outside your tier answers 403.
      </p>
      <h3>Errors and paging</h3>
      <p>
        Every error is <code>{'{ "error": { "code", "message", "details"? } }'}</code>; a bad parameter is named in the message and in{' '}
        <code>details.fields</code>. Record endpoints answer at most {formatNumber(MAX_RECORDS_PER_REQUEST)} records; pass <code>next_cursor</code> back as{' '}
        <code>cursor</code> while <code>has_more</code> is true.
      </p>
    </div>
  );
}

function Schema() {
  return (
    <div className="stack small">
      <h3>rfq_submissions</h3>
      <p>
        One row per quote request, from <code>GET /api/v2/procurement-data</code>.
      </p>
      <DataTable label="rfq_submissions columns" heads={['Column', 'Type', 'Meaning']}>
        <tr>
          <td>
            <code>rfq_ref</code>
          </td>
          <td>string</td>
          <td>
            A random pseudonym of the request (<code>r_</code> and 20 hex digits); never the buyer's <code>rfqId</code>
          </td>
        </tr>
        <tr>
          <td>
            <code>submission_timestamp</code>
          </td>
          <td>UTC</td>
          <td>When the request was sent, to the hour</td>
        </tr>
        <tr>
          <td>
            <code>product_category</code>
          </td>
          <td>string</td>
          <td>The category the request was matched to</td>
        </tr>
        <tr>
          <td>
            <code>quantity_requested</code>
          </td>
          <td>integer</td>
          <td>Units asked for</td>
        </tr>
        <tr>
          <td>
            <code>budget_range_zar</code>
          </td>
          <td>band</td>
          <td>The buyer's budget band, if given</td>
        </tr>
        <tr>
          <td>
            <code>city_code</code>
          </td>
          <td>string</td>
          <td>Delivery city, if Procura knows it</td>
        </tr>
        <tr>
          <td>
            <code>company_size</code>
          </td>
          <td>string</td>
          <td>
            The company size the buyer chose on the quote form or the widget (optional on both), in employees: {COMPANY_SIZES.slice(0, -1).join(', ')} or{' '}
            {COMPANY_SIZES[COMPANY_SIZES.length - 1]}; <code>unknown</code> when none was chosen
          </td>
        </tr>
        <tr>
          <td>
            <code>intent_score</code>
          </td>
          <td>0-100</td>
          <td>20, plus 25 with a budget band, 20 with a company name, 15 for 100 or more units, 10 with a contact name, 10 when colleagues are copied in</td>
        </tr>
      </DataTable>
      <h3>supplier_responses</h3>
      <p>
        Quotes, grouped by category and region, from <code>GET /api/v2/supplier-performance</code>.
      </p>
      <DataTable label="supplier_responses columns" heads={['Column', 'Type', 'Meaning']}>
        <tr>
          <td>
            <code>response_count</code>
          </td>
          <td>integer</td>
          <td>Quotes in the group</td>
        </tr>
        <tr>
          <td>
            <code>firm_response_count</code>
          </td>
          <td>integer</td>
          <td>Of those, the quotes their suppliers made firm</td>
        </tr>
        <tr>
          <td>
            <code>avg_quoted_price_zar</code>
          </td>
          <td>decimal</td>
          <td>Average quoted unit price, excl. VAT</td>
        </tr>
        <tr>
          <td>
            <code>avg_delivery_days</code>
          </td>
          <td>decimal</td>
          <td>Average of the quoted lead times' first day</td>
        </tr>
        <tr>
          <td>
            <code>avg_supplier_rating</code>
          </td>
          <td>1-5</td>
          <td>Average rating of the quoting suppliers</td>
        </tr>
      </DataTable>
    </div>
  );
}

/** /docs (and /api-docs, /documentation): the data API's documentation. */
export default function DocsPage() {
  usePageMeta({
    title: 'API documentation',
    description:
      'Procura’s data API and widget: authentication, tiers and limits, the schema, the full API reference and code examples in Python, SQL and JavaScript.',
    canonicalPath: '/docs',
  });
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>API Documentation</h1>
        <p className="muted">Market data from real requests and quotes, the embeddable widget, and everything in between.</p>
      </div>
      <section className="card" aria-labelledby="docs-sections-title">
        <h2 id="docs-sections-title" className="visually-hidden">
          Documentation
        </h2>
        <Tabs
          label="Documentation"
          tabs={[
            { id: 'overview', label: 'Overview', content: <Overview /> },
            { id: 'schema', label: 'Schema', content: <Schema /> },
            {
              id: 'reference',
              label: 'API Reference',
              content: (
                <Suspense fallback={<p role="status">Loading the API reference…</p>}>
                  <ApiReference />
                </Suspense>
              ),
            },
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
                  <h3>Professional and Enterprise</h3>
                  <p>
                    Professional adds the supplier directory and RFQ insights; Enterprise adds record-level procurement data with no hourly quota.{' '}
                    <a href={`mailto:${COMPANY.partnersEmail}?subject=${encodeURIComponent('Enterprise data API access')}`}>
                      E-mail {COMPANY.partnersEmail} about Enterprise access
                    </a>{' '}
                    with your partner ID and what you need: we move your partner ID to the tier, and your next request counts against its limits.
                  </p>
                  <h3>Widget revenue share</h3>
                  <RevenueShare />
                  <section aria-labelledby="docs-contact" className="contact-block">
                    <h3 id="docs-contact">Contact</h3>
                    <ContactDetails className="plain-list unmarked" />
                  </section>
                </div>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
