import { Link } from 'wouter';
import { ContactDetails } from '../../components/ContactDetails';
import { COMPANY } from '../../lib/content';
import { usePageMeta } from '../../lib/use-page-title';
import { Claims, FigureStrip, meaningful } from './figures';

const TEAMS = [
  [
    'Buyers',
    'Owns the quote request, from the form to the e-mail: that every quote is true to a supplier’s price list and arrives within a minute.',
    COMPANY.email,
  ],
  [
    'Suppliers',
    'Lists suppliers, checks their details and keeps their price lists and delivery areas current; suppliers who stop delivering well stop being matched.',
    COMPANY.email,
  ],
  ['Partners and data', 'Works with the sites that embed our quote widget and the businesses that use our market data.', COMPANY.partnersEmail],
  ['Privacy', 'Our information officer: answers requests about personal information under POPIA, the GDPR and the CCPA.', COMPANY.privacyEmail],
] as const;

/** /about: the company, who answers for what, mission, vision and what Procura does. */
export default function AboutPage() {
  usePageMeta({
    title: 'About Procura',
    description:
      'Procura connects South African businesses with suppliers of cleaning, hygiene and maintenance supplies: priced quotes from real price lists in seconds.',
  });
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>About Procura</h1>
        <p className="lead">
          Procura is a South African procurement marketplace. A business describes what it needs; suppliers that stock it and deliver there quote from their own
          price lists, on screen and by e-mail, within a minute.
        </p>
      </div>

      <FigureStrip
        label="Procura today"
        items={[
          { label: 'Suppliers in good standing', value: (c) => c.suppliers },
          { label: 'Cities with delivery', value: (c) => c.citiesCovered },
          { label: 'Product categories', value: (c) => c.categories },
          { label: 'Quotes sent in the last 12 months', value: (c) => c.quotesLast12Months, shownWhen: (c) => meaningful(c.quotesLast12Months) },
          {
            label: 'Prices confirmed by their suppliers in the last 12 months',
            value: (c) => c.firmQuotesLast12Months,
            shownWhen: (c) => meaningful(c.firmQuotesLast12Months),
          },
          {
            label: 'Products quoted in the last 12 months',
            value: (c) => c.productsQuotedLast12Months,
            shownWhen: (c) => meaningful(c.productsQuotedLast12Months),
          },
        ]}
      />

      <section aria-labelledby="what-title" className="prose">
        <h2 id="what-title">What we do</h2>
        <p>
          We keep each supplier’s price list, delivery areas and capacity, and its record on Procura: the orders buyers confirmed they received, on time and in
          full, and how they rated them. When you send a request, we match it with the suppliers who can fill it and price each quote from that supplier’s own
          list, volume tiers included, with VAT shown separately. Sites that embed our quote widget earn a share of the requests their visitors send, and
          businesses can buy anonymous market data through our API. <Link href="/how-it-works">How it works</Link>.
        </p>
        <h2 id="mission-title">Mission</h2>
        <p>
          To make buying everyday supplies as quick and fair for a small business as it is for a large one: real prices from several suppliers, in one request.
        </p>
        <h2 id="vision-title">Vision</h2>
        <p>
          One request, quotes from every supplier that can deliver: across South Africa first, then Africa, then anywhere.{' '}
          <Link href="/vision">Our global vision</Link>.
        </p>
      </section>

      <Claims />

      <section aria-labelledby="teams-title">
        <h2 id="teams-title">Who answers for what</h2>
        <p className="muted">Each part of Procura has a team that answers for it; write to it directly.</p>
        <div className="people-grid">
          {TEAMS.map(([area, text, email]) => (
            <article key={area} className="card">
              <h3>{area}</h3>
              <p className="small muted">{text}</p>
              <p className="small">
                <a href={`mailto:${email}`}>{email}</a>
              </p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="company-title" className="card company-card">
        <h2 id="company-title">The company</h2>
        <p className="small muted">
          {COMPANY.name}, registered in {COMPANY.registeredIn} ({COMPANY.registrationNumber}), founded in {COMPANY.founded}.
        </p>
        <ContactDetails />
      </section>
    </div>
  );
}
