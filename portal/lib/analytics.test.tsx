import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_SESSION_ID, ANALYTICS_SESSION_KEY } from '../../contract/analytics-rules';
import { createSiteAnalytics, listedOnly, type AnalyticsEnvironment } from './analytics';
import { ANALYTICS_ALLOWED } from '../test/consent';
import type { ConsentRecord } from './consent-context';

const PATTERNS = ['/', '/quote-success', '/quote/:token', '/privacy/my-data', '/staff/set-password'];
const yes = ANALYTICS_ALLOWED;
const no: ConsentRecord = { ...yes, analytics: false };

function setUp({ gpc = false, fail = false }: { gpc?: boolean; fail?: boolean } = {}) {
  const store = new Map<string, string>();
  let clock = 1_000_000;
  const sent: { type: string; body: unknown; sessionId: string }[] = [];
  const warn = vi.fn();
  const env: AnalyticsEnvironment = {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    globalPrivacyControl: () => gpc,
    send: async (type, body, sessionId) => {
      sent.push({ type, body, sessionId });
      if (fail) throw new Error('503: Service Unavailable');
    },
    now: () => clock,
    warn,
  };
  const analytics = createSiteAnalytics(PATTERNS, env);
  return { analytics, store, sent, warn, tick: (ms: number) => (clock += ms) };
}

describe('the consent gate', () => {
  it('sends nothing and keeps no session id before a choice, or after a refusal', () => {
    const { analytics, store, sent } = setUp();
    analytics.pageView('/');
    analytics.track('form-interaction', { formType: 'rfq-form', action: 'start' });
    analytics.setConsent(no);
    analytics.pageView('/quote-success');
    analytics.track('quote-request', { quantity: 5, estimatedValue: 250 });
    expect(sent).toEqual([]);
    expect(store.has(ANALYTICS_SESSION_KEY)).toBe(false);
    expect(analytics.enabled).toBe(false);
  });

  it('with consent, makes a 21-character session id and reports the page it is on at once', () => {
    const { analytics, store, sent } = setUp();
    analytics.pageView('/');
    analytics.setConsent(yes);
    const id = store.get(ANALYTICS_SESSION_KEY)!;
    expect(id).toMatch(ANALYTICS_SESSION_ID);
    expect(sent).toEqual([{ type: 'page-view', body: { path: '/' }, sessionId: id }]);
    analytics.track('form-interaction', { formType: 'rfq-form', action: 'start' });
    expect(sent[1]).toEqual({ type: 'form-interaction', body: { formType: 'rfq-form', action: 'start' }, sessionId: id });
  });

  it('reports the time since the previous view, and the page again when the tab comes back', () => {
    const { analytics, sent, tick } = setUp();
    analytics.setConsent(yes);
    analytics.pageView('/');
    tick(12_345);
    analytics.pageView('/quote-success');
    tick(500);
    analytics.tabVisible();
    expect(sent.map((s) => s.body)).toEqual([{ path: '/' }, { path: '/quote-success', timeSpent: 12_345 }, { path: '/quote-success', timeSpent: 500 }]);
  });

  it('stops at once when consent is withdrawn, and removes the id', () => {
    const { analytics, store, sent } = setUp();
    analytics.setConsent(yes);
    analytics.pageView('/');
    expect(store.has(ANALYTICS_SESSION_KEY)).toBe(true);
    analytics.setConsent(no);
    expect(store.has(ANALYTICS_SESSION_KEY)).toBe(false);
    analytics.pageView('/quote-success');
    analytics.track('form-interaction', { formType: 'rfq-form', action: 'submit' });
    expect(sent).toHaveLength(1);
    // Consent given again starts a new session.
    const firstId = sent[0]!.sessionId;
    analytics.setConsent(yes);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.sessionId).not.toBe(firstId);
  });

  it('sends nothing, whatever was chosen, from a browser with Global Privacy Control', () => {
    const { analytics, store, sent } = setUp({ gpc: true });
    analytics.setConsent(yes);
    analytics.pageView('/');
    analytics.track('product-interest', { productName: 'Household Bleach', category: 'cleaning-supplies', quantity: 4 });
    expect(sent).toEqual([]);
    expect(store.has(ANALYTICS_SESSION_KEY)).toBe(false);
    expect(analytics.enabled).toBe(false);
  });

  it('only warns when an event cannot be sent', async () => {
    const { analytics, warn } = setUp({ fail: true });
    analytics.setConsent(yes);
    analytics.pageView('/');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Analytics page-view not sent', new Error('503: Service Unavailable')));
  });
});

describe('what an event may carry', () => {
  it.each([
    ['/quote/qt_2n_9f8e7d6c5b4a39281706f5e4d3c2b1a0', '/quote/:token'],
    ['/quote-success?rfqId=482916305718264093', '/quote-success'],
    ['/privacy/my-data#token=dr_abc', '/privacy/my-data'],
    ['/staff/set-password?token=st_abc', '/staff/set-password'],
    ['/da_Zx81kLmqP0', '/da_:token'],
    ['/quote-success/', '/quote-success'],
    ['/jane.buyer@example.co.za', '/not-found'],
    ['/call-me-on-0821234567', '/not-found'],
  ])('reports %s as %s', (path, pattern) => {
    const { analytics, sent } = setUp();
    analytics.setConsent(yes);
    analytics.pageView(path);
    expect(sent.map((s) => s.body)).toEqual([{ path: pattern }]);
  });

  it.each([
    ['Hand Sanitizer 70% Alcohol', 'Hand Sanitizer 70% Alcohol', 'Hand Sanitizer 70% Alcohol'],
    ['Hand Sanitizer 70% Alcohol for Thandi', 'Hand Sanitizer 70% Alcohol', undefined],
    ['my own product', undefined, undefined],
    ['', 'Household Bleach', undefined],
    ['Call 082 123 4567', 'Call 082 123 4567', undefined],
  ])('sends the typed name %j only when it is the listed %j', (typed, listed, sent) => {
    expect(listedOnly(typed, listed)).toBe(sent);
  });
});
