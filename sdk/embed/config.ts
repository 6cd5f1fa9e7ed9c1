/**
 * The widget's configuration: what a partner sets in the configurator
 * or on the script tag. Everything arrives from another site, so every value is checked here and
 * only ever rendered as text.
 *
 * @module
 */

import { isEmailShaped } from '../email';

/**
 * The widget's looks: the product's light and dark themes, or the partner's colour throughout.
 *
 * @example
 * WIDGET_THEMES.map((theme) => <option key={theme}>{theme}</option>);
 */
export const WIDGET_THEMES = ['light', 'dark', 'branded'] as const;
/**
 * One of {@link WIDGET_THEMES}.
 *
 * @example
 * const theme: WidgetTheme = prefersDark ? 'dark' : 'light';
 */
export type WidgetTheme = (typeof WIDGET_THEMES)[number];

/**
 * The colour used when a partner gives none or one that is not a hex colour.
 *
 * @example
 * sanitizeConfig({ primaryColor: 'teal' }).primaryColor === DEFAULT_PRIMARY_COLOR; // true
 */
export const DEFAULT_PRIMARY_COLOR = '#3b82f6';
/**
 * The embed id the configurator's Live Preview uses: submissions in it create no RFQ.
 *
 * @example
 * mountWidget(el, { baseUrl, embedId: PREVIEW_EMBED_ID }); // a rehearsal: nothing is sent
 */
export const PREVIEW_EMBED_ID = 'preview-widget';
/**
 * The embed ids of the widget demo page's widgets (`demo-{style}-{timestamp}`). A request
 * from one of them with no registered partner is a demo: quoted and e-mailed to the buyer, marked
 * as a demo, told to no supplier.
 *
 * @example
 * DEMO_EMBED_ID.test('demo-compact-1764230400000'); // true
 */
export const DEMO_EMBED_ID = /^demo-[a-z]+(?:-[a-z]+)*-\d{1,16}$/;
/**
 * Iframe heights before the widget reports its own.
 *
 * @example
 * iframe.style.height = `${config.compact ? INITIAL_HEIGHT.compact : INITIAL_HEIGHT.full}px`;
 */
export const INITIAL_HEIGHT = { compact: 600, full: 800 } as const;

/**
 * Every setting of the widget, as the configurator and the script tag's `data-*` attributes give them.
 *
 * @example
 * const config: Partial<WidgetConfig> = { companyName: 'Acme', partnerId: 'pt_123', quick: true, hideProcuraBranding: false };
 */
export interface WidgetConfig {
  primaryColor: string;
  /** An https image URL, or absent. */
  logo?: string;
  companyName?: string;
  /** An http(s) URL of the partner's site, or absent. */
  websiteUrl?: string;
  compact: boolean;
  /** The short form of seven fields instead of the full one. */
  quick: boolean;
  hideProcuraBranding: boolean;
  partnerEmail?: string;
  /** The partner the RFQs are attributed to. */
  partnerId?: string;
  embedId: string;
  /** The hosting page's origin and path (no query, no fragment). */
  referrerUrl?: string;
  theme: WidgetTheme;
  /** The origin of the page that frames the widget: the only one it posts messages to. */
  hostOrigin?: string;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const ID = /^[\w.:-]{1,100}$/;

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const clean = value.replace(/\p{Cc}/gu, '').trim();
  return clean === '' ? undefined : clean.slice(0, max);
}

function url(value: unknown, protocols: string[]): string | undefined {
  const raw = text(value, 2000);
  if (!raw) return undefined;
  try {
    const u = new URL(raw);
    return protocols.includes(u.protocol) ? u.href : undefined;
  } catch {
    return undefined;
  }
}

function origin(value: unknown): string | undefined {
  const u = url(value, ['https:', 'http:']);
  return u ? new URL(u).origin : undefined;
}

/**
 * A page address without its query and fragment, which may hold a visitor's details.
 *
 * @example
 * pageAddress('https://shop.example/quote?email=a@b.co#top'); // 'https://shop.example/quote'
 */
export function pageAddress(value: unknown): string | undefined {
  const u = url(value, ['https:', 'http:']);
  if (!u) return undefined;
  const parsed = new URL(u);
  return `${parsed.origin}${parsed.pathname}`;
}

function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === '';
}

/**
 * Checks a configuration from anywhere: a colour that is not hex falls back to the default, a
 * logo that is not https is dropped, text is trimmed and capped, unknown keys are ignored.
 *
 * @example
 * sanitizeConfig({ primaryColor: 'red', logo: 'javascript:alert(1)' }).primaryColor; // '#3b82f6'
 */
export function sanitizeConfig(raw: unknown): WidgetConfig {
  const c = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const color = text(c.primaryColor, 7);
  const email = text(c.partnerEmail, 254);
  const embedId = text(c.embedId, 100);
  const partnerId = text(c.partnerId, 100);
  return {
    primaryColor: color && HEX.test(color) ? color.toLowerCase() : DEFAULT_PRIMARY_COLOR,
    logo: url(c.logo, ['https:']),
    companyName: text(c.companyName, 100),
    websiteUrl: url(c.websiteUrl, ['https:', 'http:']),
    compact: flag(c.compact),
    quick: flag(c.quick),
    hideProcuraBranding: flag(c.hideProcuraBranding),
    partnerEmail: email && isEmailShaped(email) ? email : undefined,
    partnerId: partnerId && ID.test(partnerId) ? partnerId : undefined,
    embedId: embedId && ID.test(embedId) ? embedId : 'procura-widget',
    referrerUrl: pageAddress(c.referrerUrl),
    theme: WIDGET_THEMES.includes(c.theme as WidgetTheme) ? (c.theme as WidgetTheme) : 'light',
    hostOrigin: origin(c.hostOrigin),
  };
}

/**
 * Reads the `config` query parameter of /widget-embed (URL-encoded JSON). Invalid JSON is
 * reported through `warn` and the empty configuration used.
 *
 * @example
 * parseConfigParam(new URLSearchParams(location.search).get('config'));
 */
export function parseConfigParam(param: string | null, warn: (message: string) => void = () => {}): WidgetConfig {
  if (!param) return sanitizeConfig({});
  try {
    return sanitizeConfig(JSON.parse(param));
  } catch {
    warn('Procura widget: the config parameter is not valid JSON; using the default configuration.');
    return sanitizeConfig({});
  }
}

/**
 * The /widget-embed address for a configuration, on the Procura origin `base`.
 *
 * @example
 * iframe.src = embedUrl('https://procura.example', { companyName: 'Acme', compact: true });
 */
export function embedUrl(base: string, config: Partial<WidgetConfig>): string {
  return `${base}/widget-embed?config=${encodeURIComponent(JSON.stringify(config))}`;
}
