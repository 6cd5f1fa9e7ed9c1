import { useState } from 'react';
import { DEFAULT_PRIMARY_COLOR, sanitizeConfig, type WidgetTheme } from '../../../sdk/embed/config';
import { directLink, embedPageHtml, iframeSnippet, scriptSnippet, type SnippetConfig } from '../../../widget/snippet';
import { ThemeChoice } from '../../components/ThemeChoice';
import { CodeToCopy } from '../../components/ui/code';
import { SwitchField } from '../../components/ui/switch';
import { Tabs } from '../../components/ui/tabs';
import { COMPANY } from '../../lib/content';
import { usePageTitle } from '../../lib/use-page-title';
import { RevenueShare } from '../../components/revenue';
import { EmbeddedWidget } from './EmbeddedWidget';
import './widget.css';
import { saveFile } from '../../lib/save-file';

/** The file name of the downloaded embed page. */
export const EMBED_FILE_NAME = 'procura-widget-embed.html';
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

interface Settings {
  companyName: string;
  websiteUrl: string;
  logo: string;
  primaryColor: string;
  compact: boolean;
  quick: boolean;
  hideProcuraBranding: boolean;
  partnerEmail: string;
  partnerId: string;
  theme: WidgetTheme;
}

const INITIAL: Settings = {
  companyName: '',
  websiteUrl: '',
  logo: '',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  compact: false,
  quick: false,
  hideProcuraBranding: false,
  partnerEmail: '',
  partnerId: '',
  theme: 'light',
};

/** The settings as the snippet carries them: checked the way the widget checks them. */
function snippetConfig(s: Settings): SnippetConfig {
  const { primaryColor, logo, companyName, websiteUrl, compact, quick, hideProcuraBranding, partnerEmail, partnerId, theme } = sanitizeConfig(s);
  return { primaryColor, logo, companyName, websiteUrl, compact, quick, hideProcuraBranding, partnerEmail, partnerId, theme };
}

/** /widget-configurator: settings, the code to paste, a live preview and the partnership terms. */
export default function WidgetConfiguratorPage() {
  usePageTitle('Widget configurator');
  const [settings, setSettings] = useState<Settings>(INITIAL);
  const [showPreview, setShowPreview] = useState(true);
  const base = window.location.origin;
  const config = snippetConfig(settings);
  const script = scriptSnippet(base, config);
  const link = directLink(base, config);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setSettings((s) => ({ ...s, [key]: value }));
  const colourValid = HEX.test(settings.primaryColor);

  const download = () => saveFile(new Blob([embedPageHtml(base, config)], { type: 'text/html' }), EMBED_FILE_NAME);

  const text = (key: 'companyName' | 'websiteUrl' | 'logo' | 'partnerEmail' | 'partnerId', label: string, type = 'text', placeholder = '', hint = '') => (
    <div className="field">
      <label htmlFor={`cfg-${key}`}>{label}</label>
      <input
        id={`cfg-${key}`}
        type={type}
        value={settings[key]}
        placeholder={placeholder}
        aria-describedby={hint ? `cfg-${key}-hint` : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
      {hint ? (
        <p id={`cfg-${key}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <div className="container page stack">
      <div className="hero">
        <h1>Widget Configurator</h1>
        <p className="muted">Set up the quote widget for your site, copy one line of code, and earn a share of every qualified request your visitors send.</p>
      </div>
      <div className="configurator-grid">
        <div className="stack">
          <section className="card form-stack" aria-labelledby="cfg-settings">
            <h2 id="cfg-settings">Settings</h2>
            {text('companyName', 'Company Name', 'text', 'Your company')}
            {text('websiteUrl', 'Website URL (optional)', 'url', 'https://www.example.co.za')}
            {text('logo', 'Logo URL (optional)', 'url', 'https://www.example.co.za/logo.png', 'An https address; other addresses are left out.')}
            <div className="field">
              <label htmlFor="cfg-primaryColor">Primary Color</label>
              <div className="colour-row">
                <input
                  type="color"
                  aria-label="Pick the primary color"
                  value={colourValid ? settings.primaryColor : DEFAULT_PRIMARY_COLOR}
                  onChange={(e) => set('primaryColor', e.target.value)}
                />
                <input
                  id="cfg-primaryColor"
                  type="text"
                  placeholder={DEFAULT_PRIMARY_COLOR}
                  value={settings.primaryColor}
                  aria-invalid={colourValid ? undefined : true}
                  aria-describedby={colourValid ? undefined : 'cfg-primaryColor-error'}
                  onChange={(e) => set('primaryColor', e.target.value.trim())}
                />
              </div>
              {colourValid ? null : (
                <p id="cfg-primaryColor-error" className="field-error" role="alert">
                  Enter a hex colour such as {DEFAULT_PRIMARY_COLOR}; until then the widget uses {DEFAULT_PRIMARY_COLOR}.
                </p>
              )}
            </div>
            <ThemeChoice name="cfg-theme" value={settings.theme} onChange={(t) => set('theme', t)} />
            <SwitchField id="cfg-compact" label="Compact Mode: Show all fields on one page" checked={settings.compact} onChange={(v) => set('compact', v)} />
            <SwitchField id="cfg-quick" label="Short form: seven fields, for small spaces" checked={settings.quick} onChange={(v) => set('quick', v)} />
            <SwitchField
              id="cfg-branding"
              label="Hide branding: remove the 'Powered by Procura' footer"
              checked={settings.hideProcuraBranding}
              onChange={(v) => set('hideProcuraBranding', v)}
            />
            {text('partnerEmail', 'Partner e-mail', 'email', 'partners@example.co.za', 'Where we send your revenue-share statements.')}
            {text(
              'partnerId',
              'Partner ID (optional)',
              'text',
              'From your API registration',
              'Requests sent through your widget are credited to this partner.',
            )}
          </section>

          <section className="card" aria-labelledby="cfg-code">
            <h2 id="cfg-code">Your code</h2>
            <Tabs
              label="Ways to embed"
              tabs={[
                {
                  id: 'embed',
                  label: 'Embed Code',
                  content: (
                    <CodeToCopy
                      id="cfg-script"
                      label="Paste this where the widget should appear"
                      value={script}
                      done="Embed code copied to clipboard"
                      actions={
                        <button type="button" className="button button-secondary" onClick={download}>
                          Download {EMBED_FILE_NAME}
                        </button>
                      }
                    />
                  ),
                },
                {
                  id: 'link',
                  label: 'Direct Link',
                  content: (
                    <div className="stack">
                      <CodeToCopy
                        id="cfg-link"
                        label="Link to the widget"
                        value={link}
                        rows={3}
                        copyLabel="Copy Link"
                        done="Direct link copied to clipboard"
                        actions={
                          <a className="button button-secondary" href={link} target="_blank" rel="noopener">
                            Test Link
                          </a>
                        }
                      />
                      <CodeToCopy
                        id="cfg-iframe"
                        label="Or an iframe, for sites that do not allow scripts"
                        value={iframeSnippet(base, config)}
                        copyLabel="Copy iframe Code"
                        done="iframe code copied to clipboard"
                      />
                    </div>
                  ),
                },
              ]}
            />
          </section>
        </div>

        <div className="stack">
          <section className="card" aria-labelledby="cfg-preview">
            <div className="card-title">
              <h2 id="cfg-preview">Live Preview</h2>
              <button type="button" className="button button-ghost" aria-expanded={showPreview} onClick={() => setShowPreview((v) => !v)}>
                {showPreview ? 'Hide' : 'Show'}
              </button>
            </div>
            {showPreview ? <EmbeddedWidget config={config} preview /> : <p className="muted small">The preview is hidden.</p>}
          </section>

          <section className="card" aria-labelledby="cfg-benefits">
            <h2 id="cfg-benefits">Why partners embed Procura</h2>
            <ul className="plain-list">
              <li>Free to embed: no setup fee and no monthly cost.</li>
              <li>Your visitors get priced quotes from matched suppliers in seconds, without leaving your site.</li>
              <li>Your colours, logo and name; the widget adjusts to its content's height.</li>
            </ul>
          </section>

          <section className="card" aria-labelledby="cfg-setup">
            <h2 id="cfg-setup">Quick setup guide</h2>
            <ol className="plain-list numbered">
              <li>Choose your settings and check them in the Live Preview.</li>
              <li>Copy the embed code, or download the ready-made page.</li>
              <li>Paste the code into your site where the widget should appear. That is all: about 5 minutes.</li>
            </ol>
          </section>

          <section className="card" aria-labelledby="cfg-revenue">
            <h2 id="cfg-revenue">Revenue sharing</h2>
            <RevenueShare />
          </section>

          <section className="card" aria-labelledby="cfg-support">
            <h2 id="cfg-support">Partnership support</h2>
            <p className="small">
              Questions about embedding or payouts? E-mail <a href={`mailto:${COMPANY.partnersEmail}?subject=Widget%20partnership`}>{COMPANY.partnersEmail}</a>,
              or reach us at <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> ({COMPANY.supportHours}).
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
