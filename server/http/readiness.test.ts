import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Readiness, startingHandler } from './readiness';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(readiness: Readiness): Promise<string> {
  server = createServer(startingHandler(readiness));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the socket before the application is built', () => {
  it('says the process lives but is not ready while its database is migrated', async () => {
    const base = await serve(new Readiness('starting'));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ error: { code: 'not_ready', message: 'The server is starting: the database is being brought up to date' } });

    const call = await fetch(`${base}/api/rfq?x=1`, { method: 'POST', body: '{}' });
    expect(call.status).toBe(503);
    expect((await call.json()).error.code).toBe('not_ready');

    const live = await fetch(`${base}/healthz?probe=1`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
  });

  it('closes each connection once the process is stopping', async () => {
    const readiness = new Readiness('starting');
    const base = await serve(readiness);
    readiness.phase = 'stopping';
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(res.headers.get('connection')).toBe('close');
    expect((await res.json()).error.message).toBe('The server is shutting down');
  });
});
