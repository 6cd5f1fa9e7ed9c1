import { Link } from 'wouter';
import { formatNumber } from '../../../sdk/format';
import { useSiteFigures } from '../../lib/site-figures';
import { usePageMeta } from '../../lib/use-page-title';

const STEPS = [
  {
    title: 'Submit your request',
    text: 'Say what you need, how many, and where it should be delivered, and how many suppliers should quote (3, 5, 7 or 10). No account is needed.',
  },
  {
    title: 'Supplier matching',
    text: 'Procura finds every supplier that stocks the product, delivers to your address, can fill the quantity and is in good standing, and ranks them.',
  },
  {
    title: 'Compare and choose',
    text: 'Within a minute the quotes are on screen and in your inbox, each with its price, VAT, delivery time and terms. Contact the supplier you choose directly.',
  },
] as const;

/** /how-it-works: the three steps, how matching and pricing really work, and the industries served. */
export default function HowItWorksPage() {
  usePageMeta({
    title: 'How it works',
    description: 'Three steps to supplier quotes: submit a request, get matched with suppliers who can deliver, compare real prices. How matching and pricing work.',
  });
  const { figures } = useSiteFigures();
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>How it works</h1>
        <p className="lead">From one request to priced quotes from matched suppliers, in three steps.</p>
      </div>
      <ol className="how-steps">
        {STEPS.map((step, i) => (
          <li key={step.title} className="card how-step">
            <span className="how-step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h2>{step.title}</h2>
            <p className="muted">{step.text}</p>
          </li>
        ))}
      </ol>

      <section className="prose" aria-labelledby="matching-title">
        <h2 id="matching-title">How suppliers are matched</h2>
        <p>Matching follows written rules, the same for everyone; the same request on the same day gets the same quotes. A supplier can quote when it:</p>
        <ul>
          <li>lists the product on its price list, or serves its category (then the quote is an estimate, and says so);</li>
          <li>delivers to your city, your province or nationally;</li>
          <li>is in good standing: rated 3 stars or more, with at least 70% of orders delivered on time;</li>
          <li>can supply your quantity, and your quantity meets its minimum order.</li>
        </ul>
        <p>
          Those that qualify are ranked by fit: how close they deliver (a quarter of the score), their rating and on-time record (a fifth each), how quickly they
          respond (a tenth) and their price against the market average (a quarter). You get the best ones, as many as you asked for. If fewer qualify, you get
          those and we tell you so.
        </p>
        <h2 id="pricing-title">How prices are worked out</h2>
        <p>
          Every quote starts from the supplier’s own list price for the product, dated with its list. The unit price is the better of the supplier’s own volume
          price and its list price less our volume discount (5% from 100 units, 10% from 500, 15% from 1000). Totals are shown without VAT, with the VAT beside
          them. Delivery time is the supplier’s dispatch time plus its delivery time to your area, widened by distance.
        </p>
        <p>
          Quotes are indicative: confirm price and stock with the supplier before you order. <a href="/downloads/pricing-guide">Download the pricing guide</a>{' '}
          (PDF) for typical prices per category today.
        </p>
      </section>

      <section aria-labelledby="industries-title">
        <h2 id="industries-title">Industries served</h2>
        <ul className="industry-grid">
          {(figures?.sectors ?? []).map((sector) => (
            <li key={sector.id} className="card industry">
              <h3>{sector.name}</h3>
              <p className="small muted">
                {sector.activeSuppliers > 0
                  ? `${formatNumber(sector.activeSuppliers)} ${sector.activeSuppliers === 1 ? 'supplier' : 'suppliers'} in good standing`
                  : 'No suppliers listed yet'}
              </p>
            </li>
          ))}
        </ul>
        {figures ? null : <p className="small muted">Loading the industries…</p>}
      </section>

      <section className="card cta" aria-labelledby="start-title">
        <h2 id="start-title">Ready when you are</h2>
        <div className="button-row">
          <Link href="/" className="button">
            Request quotes
          </Link>
          <Link href="/demo" className="button button-secondary">
            Book a demo
          </Link>
        </div>
      </section>
    </div>
  );
}
