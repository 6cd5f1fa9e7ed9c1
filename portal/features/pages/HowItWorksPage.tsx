import { LinkButtons } from '../../components/ui/link-buttons';
import { formatNumber } from '../../../sdk/format';
import { POSITION_BADGES } from '../../../sdk/rules';
import { SCORE_TEXT } from '../../components/quotes/scores';
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
    description:
      'Three steps to supplier quotes: submit a request, get matched with suppliers who can deliver, compare real prices. How matching and pricing work.',
  });
  const { figures } = useSiteFigures();
  const served = (figures?.sectors ?? []).filter((sector) => sector.activeSuppliers > 0);
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
          Those that qualify are ranked by fit: how close they deliver (a quarter of the score), their rating and on-time record (a fifth each), how quickly
          they respond (a tenth) and their price against the market average (a quarter). You get the best ones, as many as you asked for. If fewer qualify, you
          get those and we tell you so.
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

      <section className="prose" id="scores" aria-labelledby="scores-title">
        <h2 id="scores-title">How quotes are scored</h2>
        <p>
          Each quote carries a badge, a sentence comparing it with the others and three scores. They are worked out by fixed rules from the figures Procura
          holds, the same for every supplier: no AI is involved, and the same quotes always get the same scores.
        </p>
        <ul>
          <li>
            <strong>Badges.</strong> {POSITION_BADGES['lowest-price']} goes to the cheapest quote. {POSITION_BADGES['fastest-delivery']} and{' '}
            {POSITION_BADGES['highest-quality']} go to a quote that no other beats on delivery time or on quality score. {POSITION_BADGES['best-balance']} marks
            any other quote no more than 5% dearer than the average, {POSITION_BADGES['premium-option']} one dearer than that. A dearer quote&apos;s sentence
            says whether a cheaper one is rated as well and delivers on time as often.
          </li>
          <li>
            <strong>Quality score</strong> (out of 100). {SCORE_TEXT.quality}
          </li>
          <li>
            <strong>Reliability</strong> (out of 100). {SCORE_TEXT.reliability}
          </li>
          <li>
            <strong>Risk level.</strong> {SCORE_TEXT.risk}
          </li>
          <li>
            <strong>The sentence under each quote</strong> names the figures behind its badge: its price against the other quotes, its delivery time and the
            supplier’s rating and record. Every comparison in it is true of the quotes you were sent.
          </li>
        </ul>
      </section>

      {served.length > 0 || !figures ? (
        <section aria-labelledby="industries-title">
          <h2 id="industries-title">Industries served</h2>
          <ul className="industry-grid">
            {served.map((sector) => (
              <li key={sector.id} className="card industry">
                <h3>{sector.name}</h3>
                <p className="small muted">
                  {formatNumber(sector.activeSuppliers)} {sector.activeSuppliers === 1 ? 'supplier' : 'suppliers'} in good standing
                </p>
              </li>
            ))}
          </ul>
          {figures ? null : <p className="small muted">Loading the industries…</p>}
        </section>
      ) : null}

      <section className="card cta" aria-labelledby="start-title">
        <h2 id="start-title">Ready when you are</h2>
        <LinkButtons
          links={[
            { href: '/', label: 'Request quotes' },
            { href: '/demo', label: 'Book a demo', secondary: true },
          ]}
        />
      </section>
    </div>
  );
}
