import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIMARY_COLOR, embedUrl, pageAddress, parseConfigParam, sanitizeConfig } from './config';

const XSS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "'; background: url(javascript:alert(1)); '",
  'data:text/html,<script>alert(1)</script>',
];

describe('widget config', () => {
  it('keeps what is valid', () => {
    expect(
      sanitizeConfig({
        primaryColor: '#059669',
        logo: 'https://cdn.example.co.za/logo.png',
        companyName: '  Coastal Cleaning  ',
        websiteUrl: 'https://coastal.example.co.za',
        compact: true,
        quick: 'false',
        hideProcuraBranding: 'true',
        partnerEmail: 'partners@coastal.example.co.za',
        partnerId: 'p_coastal',
        embedId: 'footer-1',
        referrerUrl: 'https://coastal.example.co.za/shop?email=jane@example.co.za#top',
        theme: 'dark',
        hostOrigin: 'https://coastal.example.co.za/shop',
      }),
    ).toEqual({
      primaryColor: '#059669',
      logo: 'https://cdn.example.co.za/logo.png',
      companyName: 'Coastal Cleaning',
      websiteUrl: 'https://coastal.example.co.za/',
      compact: true,
      quick: false,
      hideProcuraBranding: true,
      partnerEmail: 'partners@coastal.example.co.za',
      partnerId: 'p_coastal',
      embedId: 'footer-1',
      referrerUrl: 'https://coastal.example.co.za/shop',
      theme: 'dark',
      hostOrigin: 'https://coastal.example.co.za',
    });
  });

  it.each(XSS)('drops or neutralises %s in every field', (attack) => {
    const config = sanitizeConfig(
      Object.fromEntries(
        [
          'primaryColor',
          'logo',
          'companyName',
          'websiteUrl',
          'partnerEmail',
          'partnerId',
          'embedId',
          'referrerUrl',
          'theme',
          'hostOrigin',
          'compact',
          'quick',
          'hideProcuraBranding',
        ].map((k) => [k, attack]),
      ),
    );
    expect(config.primaryColor).toBe(DEFAULT_PRIMARY_COLOR);
    expect(config.logo).toBeUndefined();
    expect(config.websiteUrl).toBeUndefined();
    expect(config.partnerEmail).toBeUndefined();
    expect(config.partnerId).toBeUndefined();
    expect(config.embedId).toBe('procura-widget');
    expect(config.referrerUrl).toBeUndefined();
    expect(config.theme).toBe('light');
    expect(config.hostOrigin).toBeUndefined();
    expect(config.compact).toBe(false);
    expect(config.quick).toBe(false);
    expect(config.hideProcuraBranding).toBe(false);
    // Company name is text: kept as typed, rendered only as text, never as markup.
    expect(config.companyName).toBe(attack.slice(0, 100));
  });

  it('accepts only https logos and http(s) sites', () => {
    expect(sanitizeConfig({ logo: 'http://example.co.za/logo.png' }).logo).toBeUndefined();
    expect(sanitizeConfig({ websiteUrl: 'ftp://example.co.za' }).websiteUrl).toBeUndefined();
    expect(sanitizeConfig({ primaryColor: '#ABC' }).primaryColor).toBe('#abc');
    expect(sanitizeConfig({ primaryColor: 'red' }).primaryColor).toBe(DEFAULT_PRIMARY_COLOR);
    expect(sanitizeConfig({ companyName: 'x'.repeat(500) }).companyName).toHaveLength(100);
    expect(sanitizeConfig(null)).toEqual(sanitizeConfig({}));
  });

  it('logs invalid JSON and uses the empty config', () => {
    const warnings: string[] = [];
    expect(parseConfigParam('{not json', (m) => warnings.push(m))).toEqual(sanitizeConfig({}));
    expect(warnings).toHaveLength(1);
    expect(parseConfigParam(JSON.stringify({ compact: true })).compact).toBe(true);
    expect(parseConfigParam(null)).toEqual(sanitizeConfig({}));
  });

  it('round-trips through the embed address', () => {
    const url = new URL(embedUrl('https://procura.co.za', { companyName: 'A & B "Cleaning"', compact: true }));
    expect(url.pathname).toBe('/widget-embed');
    expect(parseConfigParam(url.searchParams.get('config'))).toMatchObject({ companyName: 'A & B "Cleaning"', compact: true });
    expect(pageAddress('https://shop.example.co.za/a/b?q=1#x')).toBe('https://shop.example.co.za/a/b');
  });
});
