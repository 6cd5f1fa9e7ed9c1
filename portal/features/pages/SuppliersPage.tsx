import { LinkButtons } from '../../components/ui/link-buttons';
import { useId, useState } from 'react';
import { formatNumber } from '../../../sdk/format';
import type { CategoryFigures, CityFigures } from '../../../sdk/schemas/site';
import { useSiteFigures } from '../../lib/site-figures';
import { usePageMeta } from '../../lib/use-page-title';
import { responseHours } from './figures';
import { formatDateTime } from '../../../sdk/format';

const COVERAGE = {
  verified: { text: 'Verified local suppliers', badge: 'badge-success' },
  good: { text: 'Good coverage', badge: 'badge-primary' },
  delivery: { text: 'Delivery available', badge: 'badge-warning' },
  none: { text: 'No coverage yet', badge: '' },
} as const;

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function matches(query: string, ...texts: string[]): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || texts.some((t) => t.toLowerCase().includes(q));
}

function CityCard({ city }: { city: CityFigures }) {
  const coverage = COVERAGE[city.coverage];
  return (
    <li className="card directory-card">
      <h3>{city.name}</h3>
      <p className="small muted">{city.province}</p>
      <p className="small">
        <strong>{plural(city.suppliersBased, 'supplier', 'suppliers')}</strong> based here
        <br />
        {city.suppliersBased > 0 ? (
          <>
            <strong>{formatNumber(city.suppliersVerified)}</strong> of them verified
            <br />
          </>
        ) : null}
        <strong>{formatNumber(city.suppliersDelivering)}</strong> {city.suppliersDelivering === 1 ? 'delivers' : 'deliver'} here
      </p>
      <span className={`badge ${coverage.badge}`}>{coverage.text}</span>
    </li>
  );
}

function CategoryCard({ category, sector }: { category: CategoryFigures; sector: string }) {
  return (
    <li className="card directory-card">
      <h3>{category.name}</h3>
      <p className="small muted">{sector}</p>
      <p className="small">
        <strong>{plural(category.activeSuppliers, 'active supplier', 'active suppliers')}</strong>
        <br />
        Average response: {responseHours(category.averageResponseHours, category.activeSuppliers)}
      </p>
    </li>
  );
}

/** /suppliers: the directory, every count live: cities with their suppliers and coverage, and the categories. */
export default function SuppliersPage() {
  usePageMeta({
    title: 'Supplier directory',
    description:
      'South African suppliers of cleaning, hygiene and maintenance supplies on Procura: live counts per city and category, coverage and response times.',
  });
  const { figures, failed } = useSiteFigures();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const sectors = new Map(figures?.sectors.map((s) => [s.id, s.name]) ?? []);
  const cities = [...(figures?.cities ?? [])]
    .filter((c) => matches(query, c.name, c.province))
    .sort((a, b) => b.suppliersBased - a.suppliersBased || b.suppliersDelivering - a.suppliersDelivering || a.name.localeCompare(b.name));
  const categories = (figures?.categories ?? []).filter((c) => c.activeSuppliers > 0 && matches(query, c.name, sectors.get(c.sectorId) ?? ''));
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>Supplier directory</h1>
        <p className="lead">
          {figures ? (
            <>
              {plural(figures.counts.suppliers, 'supplier', 'suppliers')} in good standing, delivering to{' '}
              {plural(figures.counts.citiesCovered, 'city', 'cities')}, in {plural(figures.counts.categories, 'product category', 'product categories')}.
            </>
          ) : (
            'Suppliers in good standing, by city and category.'
          )}
        </p>
        {figures ? <p className="small muted">Counted from our database at {formatDateTime(figures.asOf)}.</p> : null}
      </div>

      <div className="field directory-search" role="search">
        <label htmlFor={searchId}>Search cities, provinces and categories</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. Durban or sanitizers"
          autoComplete="off"
        />
      </div>
      {failed ? <p className="alert alert-danger">The directory could not be loaded. Please reload the page.</p> : null}

      <section aria-labelledby="cities-title">
        <h2 id="cities-title">Cities</h2>
        {figures && cities.length === 0 ? <p className="muted">No city matches “{query}”.</p> : null}
        <ul className="directory-grid">
          {cities.map((city) => (
            <CityCard key={city.id} city={city} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="categories-title">
        <h2 id="categories-title">Categories</h2>
        {figures && categories.length === 0 ? (
          <p className="muted">{query.trim() ? `No category matches “${query}”.` : 'No category has suppliers yet.'}</p>
        ) : null}
        <ul className="directory-grid">
          {categories.map((category) => (
            <CategoryCard key={category.id} category={category} sector={sectors.get(category.sectorId) ?? ''} />
          ))}
        </ul>
        <p className="small muted">
          Response time is the average of what each active supplier in the category states. Suppliers count as active while they are in good standing: rated 3
          stars or more, with at least 70% of orders on time.
        </p>
      </section>

      <section className="card cta" aria-labelledby="quote-title">
        <h2 id="quote-title">Get quotes from these suppliers</h2>
        <LinkButtons
          links={[
            { href: '/', label: 'Request quotes' },
            { href: '/downloads/pricing-guide', label: 'Pricing guide (PDF)', secondary: true, plain: true },
          ]}
        />
      </section>

      <section className="card cta" aria-labelledby="join-title">
        <h2 id="join-title">Supply through Procura</h2>
        <p>Apply with your company's registration details. Procura's team checks them once, then buyers' requests in your area reach you.</p>
        <LinkButtons links={[{ href: '/suppliers/join', label: 'Apply to supply', secondary: true }]} />
      </section>
    </div>
  );
}
