/**
 * The code a partner pastes: the script tag (the loader reads its `data-*` settings), a plain
 * iframe, or a whole page for the downloaded file. Only settings that differ from the defaults
 * are written.
 *
 * @module
 */
import { DEFAULT_PRIMARY_COLOR, embedUrl, INITIAL_HEIGHT, type WidgetConfig } from '../sdk/embed/config';

/** The settings a partner chooses in the configurator. */
export type SnippetConfig = Partial<
  Pick<
    WidgetConfig,
    'companyName' | 'websiteUrl' | 'logo' | 'primaryColor' | 'compact' | 'quick' | 'hideProcuraBranding' | 'partnerEmail' | 'partnerId' | 'theme'
  >
>;

const ATTRIBUTES: [keyof SnippetConfig, string][] = [
  ['partnerId', 'data-partner-id'],
  ['companyName', 'data-company-name'],
  ['websiteUrl', 'data-website-url'],
  ['logo', 'data-logo'],
  ['primaryColor', 'data-primary-color'],
  ['compact', 'data-compact'],
  ['quick', 'data-quick'],
  ['hideProcuraBranding', 'data-hide-procura-branding'],
  ['partnerEmail', 'data-partner-email'],
  ['theme', 'data-theme'],
];

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function chosen(config: SnippetConfig): [string, string][] {
  return ATTRIBUTES.flatMap(([key, attribute]): [string, string][] => {
    const value = config[key];
    if (value === undefined || value === '' || value === false) return [];
    if (key === 'primaryColor' && value === DEFAULT_PRIMARY_COLOR) return [];
    if (key === 'theme' && value === 'light') return [];
    return [[attribute, String(value)]];
  });
}

/**
 * The script tag for a configuration, served from `base`.
 *
 * @example
 * scriptSnippet('https://procura.co.za', { companyName: 'Acme', compact: true, ...defaults });
 * // <script async src="https://procura.co.za/api/embed/widget.js" data-company-name="Acme" data-compact="true"></script>
 */
export function scriptSnippet(base: string, config: SnippetConfig): string {
  const attributes = chosen(config)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<script async src="${base}/api/embed/widget.js"${attributes}></script>`;
}

/** The widget's direct address: the page inside the iframe, for a link or an iframe of one's own. */
export function directLink(base: string, config: SnippetConfig): string {
  return embedUrl(base, Object.fromEntries(chosen(config).map(([attribute, value]) => [ATTRIBUTES.find(([, a]) => a === attribute)![0], value])));
}

/** A plain iframe, for sites that do not allow scripts (it keeps its first height). */
export function iframeSnippet(base: string, config: SnippetConfig): string {
  const height = config.compact || config.quick ? INITIAL_HEIGHT.compact : INITIAL_HEIGHT.full;
  const title = `${config.companyName || 'Procura'} quote request form`;
  return `<iframe src="${escapeAttribute(directLink(base, config))}" title="${escapeAttribute(title)}" width="100%" height="${height}" style="border:0" loading="lazy"></iframe>`;
}

/** A whole page holding the widget: the configurator's download. */
export function embedPageHtml(base: string, config: SnippetConfig): string {
  const title = escapeAttribute(`${config.companyName || 'Procura'} · Request quotes`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:1rem;font-family:system-ui,sans-serif;background:#f8fafc">
<main style="max-width:48rem;margin:0 auto">
${scriptSnippet(base, config)}
</main>
</body>
</html>
`;
}
