import { readFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFiguresSchema } from '../../sdk/schemas/site';
import { startTestServer } from '../test/harness';
import { probeTls } from './tls-probe';

const at = new Date('2026-11-18T09:30:00.000Z');
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(
    {
      cert: readFileSync(new URL('../test/tls/cert.pem', import.meta.url)),
      key: readFileSync(new URL('../test/tls/key.pem', import.meta.url)),
      minVersion: 'TLSv1.2',
    },
    (socket) => socket.end(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('probeTls', () => {
  it('reads the protocol and certificate, and says why a self-signed one is not trusted', async () => {
    const probe = await probeTls('localhost', port, at);
    expect(probe).toEqual({
      checkedAt: '2026-11-18T09:30:00.000Z',
      protocol: 'TLSv1.3',
      trusted: false,
      issuer: 'Procura Test',
      validTo: expect.stringMatching(/^21\d\d-/),
      problem: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
  });

  it('reports a refused connection instead of throwing', async () => {
    // A port that was free a moment ago: nothing listens there now.
    const free = createNetServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const closed = (free.address() as AddressInfo).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    expect(await probeTls('127.0.0.1', closed, at)).toEqual({
      checkedAt: '2026-11-18T09:30:00.000Z',
      protocol: null,
      trusted: false,
      issuer: null,
      validTo: null,
      problem: 'ECONNREFUSED',
    });
  });

  it('reports a server that never completes the handshake', async () => {
    const silent = createNetServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const probe = await probeTls('127.0.0.1', (silent.address() as AddressInfo).port, at, 200);
    silent.close();
    expect(probe.problem).toBe('No answer within 0.2 seconds');
    expect(probe.protocol).toBeNull();
  });
});

describe("the figures' technical verification", () => {
  it('shows the handshake with an https public address', async () => {
    const app = await startTestServer({ PUBLIC_URL: `https://localhost:${port}` });
    try {
      const { verification } = siteFiguresSchema.parse((await app.request('GET', '/api/site/figures')).json);
      expect(verification).toMatchObject({
        domain: 'localhost',
        https: true,
        hsts: true,
        tls: { protocol: 'TLSv1.3', trusted: false, issuer: 'Procura Test', problem: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
      });
    } finally {
      await app.close();
    }
  });
});
