import { useState } from 'react';
import { formatDate, formatTime } from '../../../sdk/format';
import { Link } from 'wouter';
import type { WidgetTheme } from '../../../sdk/embed/config';
import { scriptSnippet } from '../../../widget/snippet';
import { THEME_LABELS, ThemeChoice } from '../../components/ThemeChoice';
import { CodeToCopy } from '../../components/ui/code';
import { SwitchField } from '../../components/ui/switch';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Tabs } from '../../components/ui/tabs';
import { TableScroll } from '../../components/ui/table-scroll';
import { api } from '../../lib/api';
import { errorText, useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import { EmbeddedWidget } from './EmbeddedWidget';
import { RevenueShare } from '../../components/revenue';
import { ColumnHeads } from '../../components/ui/column-heads';

/** The latest requests sent through embedded widgets, anonymised by the server. */
function LiveData() {
  const state = useLoad((signal) => api().embed.recent({ signal }), []);
  if (state.status === 'error') return <ErrorAlert title="Live data unavailable" message={errorText(state.error)} inline />;
  if (state.status !== 'loaded') return <p role="status">Loading the latest requests…</p>;
  const { rfqs } = state.data;
  if (rfqs.length === 0) return <p className="muted">No request has come through an embedded widget yet. Send one with the widget on this page.</p>;
  return (
    <TableScroll label="Latest requests through partner widgets">
      <table className="simple-table">
        <caption className="small muted">The latest {rfqs.length} requests sent through partner widgets. Buyers are never named.</caption>
        <ColumnHeads names={['Product', 'City', 'Quantity', 'Received']} />
        <tbody>
          {rfqs.map((r, i) => (
            <tr key={i}>
              <td>{r.product}</td>
              <td>{r.city ?? 'Elsewhere'}</td>
              <td>{r.quantityBand}</td>
              <td>
                {formatDate(r.receivedAt)} {formatTime(r.receivedAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const QUEUE_EXAMPLE = `<div id="quotes"></div>
<script>
  window.Procura = window.Procura || function () { (Procura.q = Procura.q || []).push(arguments) };
  Procura('mount', { container: '#quotes', companyName: 'Your company', partnerId: 'your-partner-id' });
  Procura('on', 'success', function (data, embedId) {
    // data: { rfqId, quoteCount, preview }; no personal data
  });
</script>
<script async src="ORIGIN/api/embed/widget.js"></script>`;

function ApiDocs({ origin }: { origin: string }) {
  return (
    <div className="stack small">
      <p>
        The script tag mounts the widget where it stands and reads its settings from <code>data-*</code> attributes: <code>data-partner-id</code>,{' '}
        <code>data-company-name</code>, <code>data-primary-color</code>, <code>data-logo</code> (https only), <code>data-website-url</code>,{' '}
        <code>data-compact</code>, <code>data-hide-procura-branding</code>, <code>data-theme</code> (light, dark or branded), <code>data-embed-id</code> and{' '}
        <code>data-container</code> (a CSS selector).
      </p>
      <p>To mount from code, queue commands before the script arrives:</p>
      <pre className="code-block">
        <code>{QUEUE_EXAMPLE.replace('ORIGIN', origin)}</code>
      </pre>
      <p>
        Each widget reports <code>PROCURA_WIDGET_SUCCESS</code> and <code>PROCURA_WIDGET_ERROR</code> once on each of three channels: to{' '}
        <code>Procura('on', …)</code> callbacks, as a DOM event on its container, and as its own <code>postMessage</code> to your window, from{' '}
        <code>{origin}</code> (check <code>event.origin</code>). Each message carries <code>type</code>, <code>v</code> (the protocol version),{' '}
        <code>embedId</code> and <code>data</code> or <code>error</code>. The widget posts only to your page's origin, and the script ignores messages from any
        other origin or frame.
      </p>
      <p>
        Your own form can send requests to <code>POST {origin}/api/embed/rfq</code> with <code>productName</code>, <code>productDescription</code>,{' '}
        <code>quantity</code>, <code>budgetRange</code> (under-1k, 1k-5k, 5k-20k or 20k-plus), <code>location</code>, <code>contactEmail</code>,{' '}
        <code>companyName</code>, <code>partnerId</code> and <code>source: 'embed-widget'</code>; the answer holds the <code>quotes</code>. See the{' '}
        <Link href="/docs">API documentation</Link> for every field.
      </p>
    </div>
  );
}

/** /embed-demo: the widget in each theme and mode, its code, its API, the revenue terms and live data. */
export default function EmbedDemoPage() {
  usePageTitle('Embed examples');
  const [theme, setTheme] = useState<WidgetTheme>('light');
  const [compact, setCompact] = useState(false);
  const origin = window.location.origin;
  const settings = { companyName: 'Demo Partner', primaryColor: '#3b82f6', compact, hideProcuraBranding: false, theme };
  const code = scriptSnippet(origin, settings);
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>Embed Examples</h1>
        <p className="muted">The quote widget in each theme and layout, with the code and the API behind it.</p>
      </div>
      <div className="configurator-grid">
        <div className="stack">
          <section className="card form-stack" aria-labelledby="embed-look">
            <h2 id="embed-look">Look</h2>
            <ThemeChoice name="embed-theme" value={theme} onChange={setTheme} />
            <SwitchField id="embed-compact" label="Compact: all fields on one page" checked={compact} onChange={setCompact} />
          </section>
          <section className="card" aria-labelledby="embed-more">
            <h2 id="embed-more">Code, API, revenue and live data</h2>
            <Tabs
              label="Embed details"
              tabs={[
                {
                  id: 'code',
                  label: 'Embed Code',
                  content: <CodeToCopy id="embed-code" label="This widget's code" value={code} done="Embed code copied to clipboard" />,
                },
                { id: 'api', label: 'API Docs', content: <ApiDocs origin={origin} /> },
                {
                  id: 'revenue',
                  label: 'Revenue',
                  content: (
                    <div className="stack">
                      <RevenueShare />
                    </div>
                  ),
                },
                { id: 'live', label: 'Live Data', content: <LiveData /> },
              ]}
            />
          </section>
        </div>
        <section className="card" aria-labelledby="embed-live">
          <h2 id="embed-live">
            {THEME_LABELS[theme]}, {compact ? 'compact' : 'full'}
          </h2>
          <EmbeddedWidget config={{ ...settings, embedId: 'embed-demo' }} />
        </section>
      </div>
    </div>
  );
}
