import { describe, expect, it } from 'vitest';
import { recordConsentDecision, sendAnalyticsEvent } from './site-analytics';
import { createTransport } from '../../sdk/client/transport';

describe('the site analytics calls', () => {
  it('post each event once with its session id as X-Session-ID, beside the client\u2019s own headers', async () => {
    const seen: { url: string; session: string | null; partner: string | null; body: string }[] = [];
    const fetch = async (input: Request) => {
      seen.push({ url: input.url, session: input.headers.get('x-session-id'), partner: input.headers.get('x-partner-id'), body: await input.text() });
      return new Response(null, { status: 204 });
    };
    const api = createTransport({ baseUrl: 'https://procura.example', partnerId: 'pt_1', fetch: fetch as typeof globalThis.fetch });
    await sendAnalyticsEvent(api, 'page-view', { path: '/quote/:token', timeSpent: 1200 }, 'V1StGXR8_Z5jdHi6B-myT');
    await recordConsentDecision(api, {
      consentId: 'V1StGXR8_Z5jdHi6B-myT',
      analytics: false,
      revision: 1,
      timestamp: '2026-11-24T08:00:00.000Z',
      globalPrivacyControl: true,
    });
    expect(seen).toEqual([
      {
        url: 'https://procura.example/api/analytics/page-view',
        session: 'V1StGXR8_Z5jdHi6B-myT',
        partner: 'pt_1',
        body: '{"path":"/quote/:token","timeSpent":1200}',
      },
      {
        url: 'https://procura.example/api/consent',
        session: null,
        partner: 'pt_1',
        body: '{"consentId":"V1StGXR8_Z5jdHi6B-myT","analytics":false,"revision":1,"timestamp":"2026-11-24T08:00:00.000Z","globalPrivacyControl":true}',
      },
    ]);
  });

  it('reject with the API\u2019s error, which the portal only warns about', async () => {
    const fetch = async () => Response.json({ error: { code: 'validation_error', message: 'Request validation failed' } }, { status: 400 });
    const api = createTransport({ baseUrl: 'https://procura.example', fetch: fetch as typeof globalThis.fetch });
    await expect(sendAnalyticsEvent(api, 'page-view', { path: '/' }, 'V1StGXR8_Z5jdHi6B-myT')).rejects.toThrow('400: Request validation failed');
  });
});
