import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestServer, validRfq, type TestServer } from '../test/harness';

describe('TRUST_PROXY', () => {
  it('is the number of proxies in front: true is one, false none', () => {
    const hops = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxyHops;
    expect(['true', 'false', '0', '2', 'yes', 'no'].map(hops)).toEqual([1, 0, 0, 2, 1, 0]);
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(
      'TRUST_PROXY must be the number of proxies in front, from 0 to 10, or true (one) or false (none)',
    );
  });
});

describe('the client address behind trusted proxies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', RFQ_RATE_LIMIT: '1', RFQ_RATE_WINDOW_SECONDS: '3600' });
  });
  afterAll(() => server.close());

  const post = (forwardedFor: string) => server.request('POST', '/api/rfq', { body: validRfq(), headers: { 'x-forwarded-for': forwardedFor } });

  it('buys no new rate-limit window with a spoofed leftmost hop', async () => {
    expect((await post('198.51.100.1, 203.0.113.7')).status).toBe(201);
    const spoofed = await post('198.51.100.2, 203.0.113.7');
    expect(spoofed.status).toBe(429);
    expect(spoofed.json.error.code).toBe('rate_limited');
    expect((await post('203.0.113.7')).status).toBe(429);
    // Another client, as the proxy saw it, has a window of its own.
    expect((await post('203.0.113.7, 203.0.113.8')).status).toBe(201);
  });
});

describe('/dev/mailbox', () => {
  it('answers a client on this machine and 404s anyone else, as a trusted proxy names them', async () => {
    const server = await startTestServer({ NODE_ENV: 'development', TRUST_PROXY: '1' });
    try {
      const local = await server.request('GET', '/dev/mailbox');
      expect(local.status).toBe(200);
      expect(local.text).toContain('Development mailbox');
      const remote = await server.request('GET', '/dev/mailbox', { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(remote.status).toBe(404);
      expect(remote.text).not.toContain('Development mailbox');
      // A client that writes a loopback hop itself is still remote.
      const spoofed = await server.request('GET', '/dev/mailbox/1', { headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' } });
      expect(spoofed.status).toBe(404);
      expect((await server.request('GET', '/dev/mailbox', { headers: { 'x-forwarded-for': '::1' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('reads no forwarded header when no proxy is trusted', async () => {
    const server = await startTestServer({ NODE_ENV: 'development' });
    try {
      expect((await server.request('GET', '/dev/mailbox', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('does not exist in production, even for this machine', async () => {
    const server = await startTestServer({ NODE_ENV: 'production', MAIL_DISABLED: 'true' });
    try {
      expect((await server.request('GET', '/dev/mailbox')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
