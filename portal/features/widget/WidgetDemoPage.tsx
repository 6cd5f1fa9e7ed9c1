import { useState } from 'react';
import { Link } from 'wouter';
import { partnerEarnings } from '../../../contract/revenue';
import { COMPANY } from '../../lib/content';
import { usePageTitle } from '../../lib/use-page-title';
import { EmbeddedWidget } from './EmbeddedWidget';
import { DEMO_PRESETS, type DemoStyle } from './presets';
import { formatRand } from '../../../sdk/format';
import './widget.css';

/** The monthly volume the demo's revenue potential is shown for. */
const DEMO_VOLUME = 500;

/** /widget-demo: the four presets as working widgets whose requests are demos: quoted and e-mailed to the visitor, told to no supplier. */
export default function WidgetDemoPage() {
  usePageTitle('Widget demo');
  const [style, setStyle] = useState<DemoStyle>('default');
  // A fresh id each time a preset is chosen, so each demo widget's requests can be told apart.
  const [embedId, setEmbedId] = useState(() => `demo-default-${Date.now()}`);
  const preset = DEMO_PRESETS[style];
  const { label, ...config } = preset;
  const choose = (next: DemoStyle) => {
    setStyle(next);
    setEmbedId(`demo-${next}-${Date.now()}`);
  };
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>Widget Demo</h1>
        <p className="muted">
          Four ways partners set up the quote widget. Each works as it would on a partner’s site: a request sent through it is quoted and e-mailed to you,
          marked as a demo, and no supplier is told of it.
        </p>
      </div>
      <div className="configurator-grid">
        <div className="stack">
          <section className="card form-stack" aria-labelledby="demo-choose">
            <h2 id="demo-choose">Configuration</h2>
            <div className="field">
              <label htmlFor="demo-style">Demo configuration</label>
              <select id="demo-style" value={style} onChange={(e) => choose(e.target.value as DemoStyle)}>
                {(Object.keys(DEMO_PRESETS) as DemoStyle[]).map((key) => (
                  <option key={key} value={key}>
                    {DEMO_PRESETS[key].label}
                  </option>
                ))}
              </select>
            </div>
            <dl className="facts">
              <dt>Company</dt>
              <dd>{preset.companyName}</dd>
              <dt>Colour</dt>
              <dd>
                <span className="swatch" style={{ background: preset.primaryColor }} aria-hidden="true" /> {preset.primaryColor}
              </dd>
              <dt>Mode</dt>
              <dd>{'quick' in preset ? 'Compact (short form)' : preset.compact ? 'Compact' : 'Progressive'}</dd>
              <dt>Branding</dt>
              <dd>{preset.hideProcuraBranding ? 'Hidden' : 'Visible'}</dd>
              <dt>Revenue potential</dt>
              <dd>
                {formatRand(partnerEarnings({ qualifiedRfqs: DEMO_VOLUME }))} a month at {DEMO_VOLUME} qualified requests
              </dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="demo-mockups">
            <h2 id="demo-mockups">Where partners put it</h2>
            <div className="mockups">
              <figure className="mockup">
                <div className="mockup-page" aria-hidden="true">
                  <span className="mockup-bar" />
                  <span className="mockup-text" />
                  <span className="mockup-widget" style={{ borderColor: preset.primaryColor }} />
                </div>
                <figcaption>A supplier directory: the widget beside each listing.</figcaption>
              </figure>
              <figure className="mockup">
                <div className="mockup-page" aria-hidden="true">
                  <span className="mockup-bar" />
                  <span className="mockup-widget wide" style={{ borderColor: preset.primaryColor }} />
                  <span className="mockup-text" />
                </div>
                <figcaption>A facilities blog: the widget under an article.</figcaption>
              </figure>
            </div>
          </section>
          <section className="card" aria-labelledby="demo-next">
            <h2 id="demo-next">Make it yours</h2>
            <p className="small">
              Set your own colours and name in the <Link href="/widget-configurator">widget configurator</Link>, or talk to us at{' '}
              <a href={`mailto:${COMPANY.partnersEmail}?subject=Widget%20partnership`}>{COMPANY.partnersEmail}</a>.
            </p>
          </section>
        </div>
        <section className="card" aria-labelledby="demo-live">
          <h2 id="demo-live">Try it: {label}</h2>
          <EmbeddedWidget config={{ ...config, embedId }} />
        </section>
      </div>
    </div>
  );
}
