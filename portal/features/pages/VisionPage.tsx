import { LinkButtons } from '../../components/ui/link-buttons';
import { VISION_PHASES } from '../../lib/content';
import { usePageMeta } from '../../lib/use-page-title';
import { FigureStrip } from './figures';

/** /vision: the Global Vision, three phases from South Africa to the world. */
export default function VisionPage() {
  usePageMeta({
    title: 'Global Vision',
    description: 'Where Procura is going: South Africa in 2025, Africa in 2026-2027, the world from 2028.',
  });
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>Global Vision</h1>
        <p className="lead">One request, quotes from every supplier that can deliver it, wherever the buyer is.</p>
      </div>
      <ol className="phases">
        {VISION_PHASES.map((phase, i) => (
          <li key={phase.id} className="card phase">
            <p className="phase-period">
              Phase {i + 1} · {phase.period}
            </p>
            <h2>{phase.title}</h2>
            <p className="muted">{phase.text}</p>
          </li>
        ))}
      </ol>
      <section aria-labelledby="today-title">
        <h2 id="today-title">Where we are today</h2>
        <FigureStrip
          label="Procura today"
          items={[
            { label: 'Suppliers in good standing', value: (c) => c.suppliers },
            { label: 'Cities with delivery', value: (c) => c.citiesCovered },
            { label: 'Industries with suppliers', value: (c) => c.sectors },
          ]}
        />
        <LinkButtons
          links={[
            { href: '/suppliers', label: 'Browse the supplier directory' },
            { href: '/about', label: 'About Procura', secondary: true },
          ]}
        />
      </section>
    </div>
  );
}
