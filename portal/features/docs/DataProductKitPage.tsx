import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DATA_PRODUCTS } from '../../../contract/data-api';
import { Tabs } from '../../components/ui/tabs';
import { usePageTitle } from '../../lib/use-page-title';
import { CodeExamples } from './CodeExamples';
import { formatRand } from '../../../sdk/format';
import './docs.css';

const LIBRARIES = [
  { name: 'REST API with OpenAPI 3.1', status: 'stable', text: 'Every endpoint, parameter and error in /api/openapi.json; generate a client in any language.' },
  { name: 'procura (npm)', status: 'beta', text: 'Typed clients for the quote and data APIs and the widget embed helpers, for JavaScript and TypeScript.' },
] as const;

const INTEGRATIONS = [
  { name: 'Quote widget by script tag', difficulty: 'Easy', text: 'Paste one line from the widget configurator.', href: '/widget-configurator' },
  { name: 'Widget by direct link or iframe', difficulty: 'Easy', text: 'For sites that do not allow scripts.', href: '/widget-configurator' },
  { name: 'Market data in a dashboard', difficulty: 'Medium', text: 'Call the data endpoints with your key and chart the answers.', href: '/docs' },
  {
    name: 'Procurement records into a warehouse',
    difficulty: 'Advanced',
    text: 'Walk /api/v2/procurement-data by cursor into your own tables (Enterprise).',
    href: '/docs',
  },
] as const;

/** The kit's cards: each with its title, a badge and a line about it. */
function KitList({ items }: { items: { name: string; title: ReactNode; badge: string; badgeClass?: string; text: string }[] }) {
  return (
    <ul className="kit-list">
      {items.map((k) => (
        <li key={k.name} className="card">
          <div className="card-title">
            <h3>{k.title}</h3>
            <span className={k.badgeClass ? `badge ${k.badgeClass}` : 'badge'}>{k.badge}</span>
          </div>
          <p className="small muted">{k.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** /data-product-kit: how to start, what libraries exist, integrations by difficulty, and code. */
export default function DataProductKitPage() {
  usePageTitle('Developer product kit');
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>Developer Product Kit</h1>
        <p className="muted">Everything a developer needs to embed Procura and use its data.</p>
      </div>
      <section className="card">
        <Tabs
          label="Product kit"
          tabs={[
            {
              id: 'start',
              label: 'Getting Started',
              content: (
                <ol className="plain-list numbered">
                  <li>
                    <Link href="/api-registration">Register</Link> to get your partner id and API key (shown once; keep it safe).
                  </li>
                  <li>Put the key in your environment as PROCURA_API_KEY and the id as PROCURA_PARTNER_ID.</li>
                  <li>
                    Make your first call: the cURL and Python examples (see Code Examples) work on every tier, the JavaScript one on Enterprise. Then read the{' '}
                    <Link href="/docs">documentation</Link> for every endpoint.
                  </li>
                  <li>
                    Data products:{' '}
                    {Object.values(DATA_PRODUCTS)
                      .map((p) => `${p.label} ${formatRand(p.priceZar)}`)
                      .join(', ')}{' '}
                    a month.
                  </li>
                </ol>
              ),
            },
            {
              id: 'sdks',
              label: 'SDKs and Libraries',
              content: (
                <KitList
                  items={LIBRARIES.map((l) => ({
                    name: l.name,
                    title: l.name,
                    badge: l.status,
                    badgeClass: l.status === 'stable' ? 'badge-success' : 'badge-warning',
                    text: l.text,
                  }))}
                />
              ),
            },
            {
              id: 'integrations',
              label: 'Integrations',
              content: (
                <KitList items={INTEGRATIONS.map((i) => ({ name: i.name, title: <Link href={i.href}>{i.name}</Link>, badge: i.difficulty, text: i.text }))} />
              ),
            },
            { id: 'code', label: 'Code Examples', content: <CodeExamples languages={['javascript', 'python', 'curl']} idPrefix="kit" /> },
          ]}
        />
      </section>
    </div>
  );
}
