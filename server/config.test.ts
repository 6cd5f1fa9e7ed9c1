import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { REVENUE_MODEL } from '../contract/revenue';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return 'started';
};

describe('e-mail settings in production', () => {
  it('refuses to start without SMTP_URL, naming both settings', () => {
    expect(problems({ NODE_ENV: 'production' })).toBe(
      'Invalid configuration:\n' +
        '  - SMTP_URL is not set, so no e-mail would leave: set SMTP_URL to your mail server, or MAIL_DISABLED=true to run without e-mail on purpose',
    );
    expect(problems({ NODE_ENV: 'production', SMTP_URL: '' })).toContain('SMTP_URL is not set');
  });

  it('starts with SMTP_URL, or without it when MAIL_DISABLED=true says e-mail is off on purpose', () => {
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.co.za:587' }).mail).toMatchObject({
      smtpUrl: 'smtp://mail.example.co.za:587',
      disabled: false,
    });
    expect(loadConfig({ NODE_ENV: 'production', MAIL_DISABLED: 'true' }).mail).toMatchObject({ smtpUrl: undefined, disabled: true });
    expect(problems({ NODE_ENV: 'production', MAIL_DISABLED: 'maybe' })).toBe('Invalid configuration:\n  - MAIL_DISABLED must be true or false');
  });

  it('holds e-mail without SMTP_URL outside production, as before', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).mail.smtpUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).mail.disabled).toBe(false);
  });
});

describe('SCRAPER_ALLOW_HOSTS', () => {
  it('is empty unless set', () => {
    expect(loadConfig({}).scraper.allowHosts).toEqual([]);
    expect(loadConfig({ SCRAPER_ALLOW_HOSTS: '' }).scraper.allowHosts).toEqual([]);
  });

  it('reads a comma list of host names and addresses, lower-cased', () => {
    expect(loadConfig({ SCRAPER_ALLOW_HOSTS: ' LocalHost, 127.0.0.1 ,[::1],fixture.test' }).scraper.allowHosts).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      'fixture.test',
    ]);
  });

  it('refuses URLs, ports and wildcards', () => {
    expect(problems({ SCRAPER_ALLOW_HOSTS: 'localhost,http://127.0.0.1/' })).toBe(
      'Invalid configuration:\n  - SCRAPER_ALLOW_HOSTS must be host names separated by commas, such as localhost,127.0.0.1,[::1] (not "http://127.0.0.1/")',
    );
    expect(problems({ SCRAPER_ALLOW_HOSTS: '127.0.0.1:4300' })).toContain('(not "127.0.0.1:4300")');
    expect(problems({ SCRAPER_ALLOW_HOSTS: '*.internal' })).toContain('(not "*.internal")');
  });
});

describe('the scale-out and fault settings', () => {
  it('has defaults: a pool of 10, two days of retries, no metrics token', () => {
    const config = loadConfig({});
    expect(config.databasePoolMax).toBe(10);
    expect(config.mail.retryHours).toBe(48);
    expect(config.metricsToken).toBeUndefined();
  });

  it('reads DATABASE_POOL_MAX, MAIL_RETRY_HOURS and METRICS_TOKEN', () => {
    const config = loadConfig({ DATABASE_POOL_MAX: '25', MAIL_RETRY_HOURS: '0', METRICS_TOKEN: 'a1b2c3d4e5f6a7b8c9d0' });
    expect(config).toMatchObject({ databasePoolMax: 25, metricsToken: 'a1b2c3d4e5f6a7b8c9d0', mail: { retryHours: 0 } });
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('refuses a pool of none, a negative retry span and a short or spaced token', () => {
    expect(problems({ DATABASE_POOL_MAX: '0' })).toBe('Invalid configuration:\n  - DATABASE_POOL_MAX must be a whole number from 1 to 1000');
    expect(problems({ MAIL_RETRY_HOURS: '-1' })).toBe('Invalid configuration:\n  - MAIL_RETRY_HOURS must be a whole number from 0 to 720');
    const token = 'METRICS_TOKEN must be at least 16 visible characters with no spaces, such as the output of `openssl rand -hex 32`';
    expect(problems({ METRICS_TOKEN: 'short' })).toBe(`Invalid configuration:\n  - ${token}`);
    expect(problems({ METRICS_TOKEN: 'has a space in the middle' })).toBe(`Invalid configuration:\n  - ${token}`);
  });
});

describe('the revenue model', () => {
  it('is the published model unless set', () => {
    expect(loadConfig({}).revenue).toEqual(REVENUE_MODEL);
  });

  it('reads each figure from its own variable', () => {
    expect(
      loadConfig({
        REVENUE_PER_QUALIFIED_RFQ: '30.50',
        REVENUE_PER_ENTERPRISE_LEAD: '175',
        REVENUE_PARTNER_SHARE: '0.65',
        REVENUE_PAYMENT_TERMS_DAYS: '45',
        REVENUE_MINIMUM_PAYOUT: '250',
      }).revenue,
    ).toEqual({
      perQualifiedRfq: 30.5,
      perEnterpriseLead: 175,
      enterpriseEmployees: 100,
      partnerShare: 0.65,
      paymentTerms: 'Net 45',
      minimumPayout: 250,
      payout: 'monthly',
    });
  });

  it('refuses figures it cannot pay, naming each', () => {
    expect(
      problems({
        REVENUE_PER_QUALIFIED_RFQ: 'R25',
        REVENUE_PER_ENTERPRISE_LEAD: '-1',
        REVENUE_PARTNER_SHARE: '60',
        REVENUE_PAYMENT_TERMS_DAYS: '30.5',
        REVENUE_MINIMUM_PAYOUT: '0.001',
      }),
    ).toBe(
      'Invalid configuration:\n' +
        '  - REVENUE_PER_QUALIFIED_RFQ must be an amount in rand, such as 25 or 25.50\n' +
        '  - REVENUE_PER_ENTERPRISE_LEAD must be an amount in rand, such as 25 or 25.50\n' +
        '  - REVENUE_PARTNER_SHARE must be a fraction from 0 to 1, such as 0.6\n' +
        '  - REVENUE_PAYMENT_TERMS_DAYS must be a whole number from 0 to 365\n' +
        '  - REVENUE_MINIMUM_PAYOUT must be an amount in rand, such as 25 or 25.50',
    );
  });
});
