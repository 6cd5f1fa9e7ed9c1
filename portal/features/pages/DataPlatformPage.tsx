import { LinkButtons } from '../../components/ui/link-buttons';
import { Link } from 'wouter';
import { MAX_RECORDS_PER_REQUEST } from '../../../sdk/data-api';
import { DATA_PRODUCTS, MIN_GROUP_RFQS, MIN_GROUP_SUPPLIERS, PERSONAL_DATA_RETENTION } from '../../../contract/data-api';
import { formatNumber, formatRand } from '../../../sdk/format';
import { TiersTable } from '../../components/TiersTable';
import { usePageMeta } from '../../lib/use-page-title';
import { ACTIVITY_FIGURES, COMPANY } from '../../lib/content';
import { useSiteFigures } from '../../lib/site-figures';
import { FigureStrip, meaningful } from './figures';

const PRODUCT_TEXT: Record<keyof typeof DATA_PRODUCTS, string> = {
  'market-intelligence': 'Demand per product category: how many requests, for what quantities, over the days you choose.',
  'pricing-trends': 'Demand and quoted prices per week, month or quarter, by category and region.',
  'supplier-directory': 'Suppliers per category and region with their ratings, and the quotes they send.',
  'rfq-insights': 'What buyers ask for, by budget, quantity and region.',
  'enterprise-package': 'Everything above, plus the anonymous request records themselves, page by page.',
};

/** /data-platform: the data products, tiers and prices (sdk/data-api.ts), with live figures. */
export default function DataPlatformPage() {
  usePageMeta({
    title: 'Data platform',
    description:
      'South African procurement market data from real quote requests: market intelligence, pricing trends, supplier directory and RFQ insights by API.',
  });
  const { figures } = useSiteFigures();
  return (
    <div className="container page stack">
      <div className="hero hero-with-action">
        <div>
          <h1>Data platform</h1>
          <p className="lead">Market data computed from the quote requests and quotes that pass through Procura, by API, with no personal data in it.</p>
        </div>
        <LinkButtons
          links={[
            { href: '/api-registration', label: 'Get API access' },
            { href: '/docs', label: 'Read the documentation', secondary: true },
          ]}
        />
      </div>

      <FigureStrip
        label="The market data today"
        items={[
          { label: 'Quote requests in the market data', value: (c) => c.marketDataRequests, shownWhen: (c) => meaningful(c.marketDataRequests) },
          { label: 'Suppliers in good standing', value: (c) => c.suppliers },
          { label: 'Product categories', value: (c) => c.categories },
          { label: 'Cities with delivery', value: (c) => c.citiesCovered },
        ]}
      />
      {figures && !meaningful(figures.counts.marketDataRequests) ? (
        <p className="alert alert-info">
          The market data is new: it holds fewer than {formatNumber(ACTIVITY_FIGURES.minimum)} quote requests so far, and any figure over fewer than{' '}
          {MIN_GROUP_RFQS} requests is withheld. Write to <a href={`mailto:${COMPANY.partnersEmail}`}>{COMPANY.partnersEmail}</a> to hear what it holds for your
          categories and regions before you subscribe.
        </p>
      ) : null}

      <section aria-labelledby="products-title">
        <h2 id="products-title">Data products</h2>
        <div className="benefit-grid">
          {(Object.keys(DATA_PRODUCTS) as (keyof typeof DATA_PRODUCTS)[]).map((id) => (
            <article key={id} className="card">
              <h3>{DATA_PRODUCTS[id].label}</h3>
              <p className="big-figure">
                {formatRand(DATA_PRODUCTS[id].priceZar)}
                <span className="small muted"> a month</span>
              </p>
              <p className="small muted">{PRODUCT_TEXT[id]}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="tiers-title">
        <h2 id="tiers-title">Tiers</h2>
        <TiersTable />
      </section>

      <section className="prose" aria-labelledby="privacy-title">
        <h2 id="privacy-title">What the data holds, and what it never does</h2>
        <ul>
          <li>No e-mail address, name or company: buyers’ personal details are deleted {PERSONAL_DATA_RETENTION}.</li>
          <li>
            No figure over fewer than {MIN_GROUP_RFQS} requests or {MIN_GROUP_SUPPLIERS} suppliers, so none points to one buyer or supplier.
          </li>
          <li>Up to {formatNumber(MAX_RECORDS_PER_REQUEST)} records per request, with a cursor for the next page.</li>
        </ul>
        <p>
          Start with the <Link href="/docs">API documentation</Link> or the <Link href="/data-product-kit">developer kit</Link>, then{' '}
          <Link href="/api-registration">register for a key</Link>.
        </p>
      </section>
    </div>
  );
}
