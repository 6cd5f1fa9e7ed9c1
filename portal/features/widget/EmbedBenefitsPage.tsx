import { LinkButtons } from '../../components/ui/link-buttons';
import { COMPANY } from '../../lib/content';
import { usePageTitle } from '../../lib/use-page-title';
import { PAYOUT_METHOD } from '../../../contract/revenue';
import { RevenueShare } from '../../components/revenue';

const BENEFITS = [
  ['Free integration', 'No setup fee and no monthly cost. One script tag, about 5 minutes.'],
  ['Useful to your visitors', 'They describe what they need and get priced quotes from matched South African suppliers in seconds, on your site.'],
  ['Your brand', 'Your colours, logo and name; a light, dark or branded theme; the Procura footer can be hidden.'],
  ['Safe on your page', 'The widget runs in its own frame, loads lazily, talks only to your page’s origin and never reads your page.'],
  ['Revenue every month', `A share of every qualified request your visitors send, paid monthly by ${PAYOUT_METHOD}.`],
  ['Counted for you', 'Your partner area shows requests and earnings month by month, and how often a widget load becomes a request.'],
] as const;

const SCENARIOS = [
  ['A facilities-management blog', 'Readers of an article on hospital hygiene request quotes for hand sanitiser without leaving the page.'],
  ['A business directory', 'Each cleaning-services listing carries a compact widget, so a visitor can ask for supplies straight away.'],
  ['A property-management portal', 'Building managers order consumables for every site from the portal they already use.'],
] as const;

/** A titled section of cards, each a heading and its text. */
function CardSection({
  id,
  heading,
  cards,
  grid = 'benefit-grid',
}: {
  id: string;
  heading: string;
  cards: readonly (readonly [string, string])[];
  grid?: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <div className={grid}>
        {cards.map(([title, text]) => (
          <article key={title} className="card">
            <h3>{title}</h3>
            <p className="small muted">{text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

/** /embed-benefits: why a site would embed the quote widget. */
export default function EmbedBenefitsPage() {
  usePageTitle('Why embed Procura');
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>Why embed Procura</h1>
        <p className="muted">Give your visitors supplier quotes in seconds, and earn from every qualified request.</p>
        <LinkButtons
          links={[
            { href: '/widget-configurator', label: 'Configure your widget' },
            { href: '/widget-demo', label: 'See it live', secondary: true },
          ]}
        />
      </div>
      <CardSection id="benefits-title" heading="What you get" cards={BENEFITS} />
      <CardSection id="scenarios-title" heading="How partners use it" cards={SCENARIOS} grid="benefit-grid grid-of-3" />
      <section className="card" aria-labelledby="earn-title">
        <h2 id="earn-title">What you earn</h2>
        <RevenueShare />
      </section>
      <section className="card" aria-labelledby="contact-title">
        <h2 id="contact-title">Talk to us</h2>
        <p className="small">
          Embed enquiries: <a href={`mailto:${COMPANY.partnersEmail}?subject=Embedding%20Procura`}>{COMPANY.partnersEmail}</a>, {COMPANY.phone} (
          {COMPANY.supportHours}).
        </p>
      </section>
    </div>
  );
}
