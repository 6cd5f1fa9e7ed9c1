import { ANALYTICS_SESSION_ID, ANALYTICS_SESSION_KEY, carriesContact, randomId } from '../../contract/analytics-rules';
import type { AnalyticsEventType } from '../../contract/schemas/analytics';
import type { AnalyticsEventBody } from '../../contract/client/site-analytics';
import type { ConsentRecord } from './consent-context';

/**
 * Consent-gated site analytics: the one module through which the portal measures anything.
 * Nothing is sent, and no session id exists, until the stored choice allows analytics; Global
 * Privacy Control overrides any choice; withdrawing stops sending at once and removes the id.
 * The sending code (the SDK's transport) loads only with the first event.
 */

/** Sends one event; the SDK's call, loaded on first use. */
export type EventSender = <T extends AnalyticsEventType>(type: T, body: AnalyticsEventBody<T>, sessionId: string) => Promise<void>;

export interface AnalyticsEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** `navigator.globalPrivacyControl`: true means the browser asks that nothing be shared. */
  globalPrivacyControl(): boolean;
  send: EventSender;
  now(): number;
  warn(message: string, detail: unknown): void;
}

/** Whether the browser sends Global Privacy Control. */
export function globalPrivacyControl(): boolean {
  return (globalThis.navigator as (Navigator & { globalPrivacyControl?: boolean }) | undefined)?.globalPrivacyControl === true;
}

/** The route patterns paths are reported by; a path no pattern matches is reported as `/not-found`. */
function patternOf(path: string, patterns: readonly string[]): string {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (/^\/da_[^/]+$/.test(clean)) return '/da_:token';
  for (const pattern of patterns) {
    const test = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:[a-zA-Z]+/g, '[^/]+')}$`);
    if (test.test(clean)) return pattern;
  }
  return '/not-found';
}

/**
 * What is sent of text: a name only when it is the catalogue's or the city list's, and never
 * anything shaped like an e-mail address or a phone number.
 */
export function listedOnly(text: string | undefined, listed: string | undefined): string | undefined {
  if (!text || !listed || text.trim() !== listed) return undefined;
  return carriesContact(listed) ? undefined : listed;
}

export interface SiteAnalytics {
  /** Told every stored choice: the one found on load, and each new one. */
  setConsent(record: ConsentRecord | null): void;
  /** Whether events are sent now. */
  readonly enabled: boolean;
  /** Reports a page by its route pattern, with the time since the previous view. */
  pageView(path: string): void;
  /** Reports the current page again: the tab became visible after being hidden. */
  tabVisible(): void;
  /** Sends an event, if analytics may run; failures only warn. */
  track<T extends Exclude<AnalyticsEventType, 'page-view'>>(type: T, body: AnalyticsEventBody<T>): void;
}

/** The analytics of one page load; `patterns` are the portal's routes (paths.json). */
export function createSiteAnalytics(patterns: readonly string[], env: AnalyticsEnvironment): SiteAnalytics {
  let consent: ConsentRecord | null = null;
  let path: string | null = null;
  let reported: string | null = null;
  let lastViewAt: number | null = null;

  const allowed = () => consent?.analytics === true && !env.globalPrivacyControl();

  const sessionId = (): string | null => {
    if (!allowed()) return null;
    try {
      const existing = env.storage?.getItem(ANALYTICS_SESSION_KEY);
      if (existing && ANALYTICS_SESSION_ID.test(existing)) return existing;
      const fresh = randomId();
      env.storage?.setItem(ANALYTICS_SESSION_KEY, fresh);
      return fresh;
    } catch {
      return null;
    }
  };

  const forget = () => {
    try {
      env.storage?.removeItem(ANALYTICS_SESSION_KEY);
    } catch {
      // storage unavailable: there was nothing kept
    }
  };

  function send<T extends AnalyticsEventType>(type: T, body: AnalyticsEventBody<T>) {
    const id = sessionId();
    if (!id) return;
    env.send(type, body, id).catch((err: unknown) => env.warn(`Analytics ${type} not sent`, err));
  }

  const view = () => {
    if (path === null || !allowed()) return;
    const now = env.now();
    const body: AnalyticsEventBody<'page-view'> = { path: patternOf(path, patterns) };
    if (lastViewAt !== null) body.timeSpent = Math.min(86_400_000, Math.max(0, Math.round(now - lastViewAt)));
    lastViewAt = now;
    reported = path;
    send('page-view', body);
  };

  return {
    setConsent(record) {
      const was = allowed();
      consent = record;
      if (!allowed()) {
        // Withdrawn, or never given: stop at once and keep no id.
        forget();
        lastViewAt = null;
        reported = null;
        return;
      }
      if (!was && reported !== path) view();
    },
    get enabled() {
      return allowed();
    },
    pageView(next) {
      path = next;
      view();
    },
    tabVisible() {
      view();
    },
    track(type, body) {
      if (allowed()) send(type, body);
    },
  };
}
