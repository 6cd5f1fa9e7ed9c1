import { z } from 'zod';
import { COMPANY } from '../contract/content';
import { REVENUE_MODEL, type RevenueModel } from '../contract/revenue';
import { normalizeVatNumber } from '../sdk/order-rules';
import { DEFAULT_DATABASE_URL } from './db/database-url';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1' || v === 'yes'));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** A decimal written as `pattern` allows, at most `max`. */
const decimal = (fallback: number, pattern: RegExp, max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (!pattern.test(v.trim()) || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(v);
    });

const rand = (fallback: number) => decimal(fallback, /^\d+(\.\d{1,2})?$/, 1_000_000, 'must be an amount in rand, such as 25 or 25.50');

/** The published model's days of credit: `Net 30` is 30. */
const PAYMENT_TERMS_DAYS = Number(REVENUE_MODEL.paymentTerms.replace('Net ', ''));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: int(3000, 0, 65535),
  DATABASE_URL: z
    .string()
    .default(DEFAULT_DATABASE_URL)
    .refine((v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v), {
      message: 'must be sqlite:PATH, sqlite::memory: or a postgres:// URL',
    }),
  DATABASE_POOL_MAX: int(10, 1, 1000),
  PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  VAT_RATE: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 0.15;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n >= 1) {
        ctx.addIssue({ code: 'custom', message: 'must be a fraction from 0 to below 1, such as 0.15' });
        return z.NEVER;
      }
      return n;
    }),
  REVENUE_PER_QUALIFIED_RFQ: rand(REVENUE_MODEL.perQualifiedRfq),
  REVENUE_PER_ENTERPRISE_LEAD: rand(REVENUE_MODEL.perEnterpriseLead),
  REVENUE_PARTNER_SHARE: decimal(REVENUE_MODEL.partnerShare, /^\d(\.\d+)?$/, 1, 'must be a fraction from 0 to 1, such as 0.6'),
  REVENUE_PAYMENT_TERMS_DAYS: int(PAYMENT_TERMS_DAYS, 0, 365),
  REVENUE_MINIMUM_PAYOUT: rand(REVENUE_MODEL.minimumPayout),
  SUCCESS_FEE_PERCENT: decimal(3, /^\d+(\.\d+)?$/, 100, 'must be a percentage from 0 to 100, such as 3'),
  BILLING_NAME: z.string().trim().min(1).default(COMPANY.name),
  BILLING_ADDRESS: z.string().trim().min(1).default(COMPANY.address),
  BILLING_VAT_NUMBER: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return null;
      const normal = normalizeVatNumber(v);
      if (normal === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a South African VAT number: 10 digits starting with 4, such as 4123456789' });
        return z.NEVER;
      }
      return normal;
    }),
  RFQ_RATE_LIMIT: int(20, 1, 1_000_000_000),
  RFQ_RATE_WINDOW_SECONDS: int(60, 1, 86_400),
  REGISTRATION_RATE_LIMIT: int(10, 1, 1_000_000_000),
  REGISTRATION_RATE_WINDOW_SECONDS: int(3600, 1, 86_400),
  WIDGET_LOAD_RATE_LIMIT: int(120, 1, 1_000_000_000),
  WIDGET_LOAD_RATE_WINDOW_SECONDS: int(60, 1, 86_400),
  ANALYTICS_RATE_LIMIT: int(300, 1, 1_000_000_000),
  ANALYTICS_RATE_WINDOW_SECONDS: int(60, 1, 86_400),
  TRACKING_RATE_LIMIT: int(300, 1, 1_000_000_000),
  TRACKING_RATE_WINDOW_SECONDS: int(60, 1, 86_400),
  PAPERWORK_RATE_LIMIT: int(30, 1, 1_000_000_000),
  PAPERWORK_RATE_WINDOW_SECONDS: int(60, 1, 86_400),
  DATA_REQUEST_RATE_LIMIT: int(5, 1, 1_000_000_000),
  DATA_REQUEST_RATE_WINDOW_SECONDS: int(3600, 1, 86_400),
  MAIL_LINK_RATE_LIMIT: int(60, 1, 1_000_000_000),
  MAIL_LINK_RATE_WINDOW_SECONDS: int(60, 1, 86_400),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'false' || v === 'no') return 0;
      if (v === 'true' || v === 'yes') return 1;
      const n = Number(v);
      if (!/^\d+$/.test(v) || n > 10) {
        ctx.addIssue({ code: 'custom', message: 'must be the number of proxies in front, from 0 to 10, or true (one) or false (none)' });
        return z.NEVER;
      }
      return n;
    }),
  SEED_ON_EMPTY: bool(true),
  MARKET_REFRESH_MS: int(1000, 0, 3_600_000),
  STATIC_DIR: z.string().min(1).default('dist/public'),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^smtps?:\/\/[^/?#]+/.test(v), {
      message: 'must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.co.za:587',
    }),
  MAIL_FROM: z
    .string()
    .default('Procura <quotes@procura.co.za>')
    .refine((v) => /^([^<>]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/.test(v.trim()), {
      message: 'must be an e-mail address, optionally with a name: Procura <quotes@example.co.za>',
    }),
  SALES_EMAIL: z
    .string()
    .trim()
    .default('sales@procura.co.za')
    .pipe(z.email({ message: 'must be an e-mail address' })),
  DEMO_RATE_LIMIT: int(5, 1, 1_000_000_000),
  DEMO_RATE_WINDOW_SECONDS: int(3600, 1, 86_400),
  PARTNERS_EMAIL: z
    .string()
    .trim()
    .default('partners@procura.co.za')
    .pipe(z.email({ message: 'must be an e-mail address' })),
  MAIL_DISABLED: bool(false),
  MAIL_MAX_ATTEMPTS: int(8, 1, 100),
  MAIL_RETRY_BASE_MS: int(30_000, 10, 3_600_000),
  MAIL_RETRY_HOURS: int(48, 0, 720),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^[\x21-\x7e]{16,}$/.test(v), {
      message: 'must be at least 16 visible characters with no spaces, such as the output of `openssl rand -hex 32`',
    }),
  SCRAPER_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const hosts = (v ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== '');
      for (const host of hosts) {
        // A host name or an IP address, as a URL writes it: no scheme, port, path or wildcard.
        if (!/^([a-z0-9-]+(\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])$/.test(host)) {
          ctx.addIssue({ code: 'custom', message: `must be host names separated by commas, such as localhost,127.0.0.1,[::1] (not "${host}")` });
          return z.NEVER;
        }
      }
      return hosts;
    }),
});

/** The server's settings, read once from the environment and frozen. */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string;
  /** PostgreSQL: most connections this process's pool opens. */
  databasePoolMax: number;
  publicUrl: string;
  logLevel: string;
  vatRate: number;
  /** The partners' revenue share the server applies: the published model unless the `REVENUE_*` settings say otherwise. */
  revenue: Readonly<RevenueModel>;
  /** `SUCCESS_FEE_PERCENT`: the fee a supplier is invoiced on each order it confirms, of the order's value excl. VAT. */
  successFeePercent: number;
  /** Who issues the tax invoices (`BILLING_*`): Procura's name, address and VAT number; without a VAT number no invoice is issued. */
  billing: Readonly<BillingParty>;
  /** Per client address, counted in the database; RFQs and embed RFQs share one window. */
  rateLimits: {
    rfq: RateLimitSetting;
    partnerRegistration: RateLimitSetting;
    widgetLoad: RateLimitSetting;
    demoRequest: RateLimitSetting;
    /** Analytics events and consent records together. */
    analytics: RateLimitSetting;
    /** Buyers' data requests and the calls of their links. */
    dataRequest: RateLimitSetting;
    /** Reads of a quote, a request or a supplier's response link (their JSON). */
    tracking: RateLimitSetting;
    /** Quotation and purchase-order PDFs. */
    paperwork: RateLimitSetting;
    /** The pages of the links in e-mails: a buyer's unsubscribe, "this wasn't me" and resubscribe, a listed business's stop. */
    mailLink: RateLimitSetting;
  };
  /** How many proxies stand in front: the client address is the one the nearest of them saw. */
  trustProxyHops: number;
  seedOnEmpty: boolean;
  marketRefreshMs: number;
  staticDir: string;
  mail: MailConfig;
  scraper: ScraperConfig;
  /** Lets a scraper elsewhere read `/metrics` as `Authorization: Bearer <token>`; without it only this machine may. */
  metricsToken: string | undefined;
}

export interface BillingParty {
  name: string;
  address: string;
  vatNumber: string | null;
}

export interface ScraperConfig {
  /**
   * Hosts the scraper may fetch although they resolve to loopback, private or other internal
   * addresses; empty in every real deployment, set for local testing only.
   */
  allowHosts: readonly string[];
}

export interface RateLimitSetting {
  limit: number;
  windowSeconds: number;
}

export interface MailConfig {
  /** The partners team's address: new registrations are announced there. */
  partnersEmail: string;
  /** The sales team's address: demo bookings are announced there. */
  salesEmail: string;
  /** Where e-mail is sent; without it e-mails are held in the outbox and shown in the development mailbox. */
  smtpUrl: string | undefined;
  /** Set when production runs without SMTP on purpose; otherwise production refuses to start without SMTP_URL. */
  disabled: boolean;
  from: string;
  /** The From address's domain, used in Message-IDs. */
  fromDomain: string;
  /** Attempts an e-mail is given at least before it is dead. */
  maxAttempts: number;
  retryBaseMs: number;
  /** Hours an e-mail keeps failing at least before it is dead: the longest SMTP outage that loses nothing. */
  retryHours: number;
}

/** A configuration value the server refuses to start with. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration from environment variables; throws {@link ConfigError} naming every bad value.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  }
  const e = parsed.data;
  // Held e-mails reach nobody: in production that must be a decision, not a forgotten setting.
  if (e.NODE_ENV === 'production' && !e.SMTP_URL && !e.MAIL_DISABLED) {
    throw new ConfigError([
      'SMTP_URL is not set, so no e-mail would leave: set SMTP_URL to your mail server, or MAIL_DISABLED=true to run without e-mail on purpose',
    ]);
  }
  return Object.freeze({
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    vatRate: e.VAT_RATE,
    revenue: Object.freeze({
      ...REVENUE_MODEL,
      perQualifiedRfq: e.REVENUE_PER_QUALIFIED_RFQ,
      perEnterpriseLead: e.REVENUE_PER_ENTERPRISE_LEAD,
      partnerShare: e.REVENUE_PARTNER_SHARE,
      paymentTerms: `Net ${e.REVENUE_PAYMENT_TERMS_DAYS}`,
      minimumPayout: e.REVENUE_MINIMUM_PAYOUT,
    }),
    successFeePercent: e.SUCCESS_FEE_PERCENT,
    billing: Object.freeze({ name: e.BILLING_NAME, address: e.BILLING_ADDRESS, vatNumber: e.BILLING_VAT_NUMBER }),
    rateLimits: Object.freeze({
      rfq: Object.freeze({ limit: e.RFQ_RATE_LIMIT, windowSeconds: e.RFQ_RATE_WINDOW_SECONDS }),
      partnerRegistration: Object.freeze({ limit: e.REGISTRATION_RATE_LIMIT, windowSeconds: e.REGISTRATION_RATE_WINDOW_SECONDS }),
      widgetLoad: Object.freeze({ limit: e.WIDGET_LOAD_RATE_LIMIT, windowSeconds: e.WIDGET_LOAD_RATE_WINDOW_SECONDS }),
      demoRequest: Object.freeze({ limit: e.DEMO_RATE_LIMIT, windowSeconds: e.DEMO_RATE_WINDOW_SECONDS }),
      analytics: Object.freeze({ limit: e.ANALYTICS_RATE_LIMIT, windowSeconds: e.ANALYTICS_RATE_WINDOW_SECONDS }),
      tracking: Object.freeze({ limit: e.TRACKING_RATE_LIMIT, windowSeconds: e.TRACKING_RATE_WINDOW_SECONDS }),
      paperwork: Object.freeze({ limit: e.PAPERWORK_RATE_LIMIT, windowSeconds: e.PAPERWORK_RATE_WINDOW_SECONDS }),
      dataRequest: Object.freeze({ limit: e.DATA_REQUEST_RATE_LIMIT, windowSeconds: e.DATA_REQUEST_RATE_WINDOW_SECONDS }),
      mailLink: Object.freeze({ limit: e.MAIL_LINK_RATE_LIMIT, windowSeconds: e.MAIL_LINK_RATE_WINDOW_SECONDS }),
    }),
    trustProxyHops: e.TRUST_PROXY,
    seedOnEmpty: e.SEED_ON_EMPTY,
    marketRefreshMs: e.MARKET_REFRESH_MS,
    staticDir: e.STATIC_DIR,
    mail: Object.freeze({
      smtpUrl: e.SMTP_URL,
      disabled: e.MAIL_DISABLED,
      from: e.MAIL_FROM.trim(),
      partnersEmail: e.PARTNERS_EMAIL,
      salesEmail: e.SALES_EMAIL,
      fromDomain: /@([^>\s]+)>?$/.exec(e.MAIL_FROM.trim())![1]!.toLowerCase(),
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryHours: e.MAIL_RETRY_HOURS,
    }),
    scraper: Object.freeze({ allowHosts: Object.freeze([...e.SCRAPER_ALLOW_HOSTS]) }),
    metricsToken: e.METRICS_TOKEN,
  });
}
