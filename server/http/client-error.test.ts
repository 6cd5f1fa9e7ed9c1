import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { limitedServer, SERVER_LIMITS } from './client-error';

describe('the HTTP server limits', () => {
  it('gives a client 15 s for its headers and 30 s for its request, where Node gives 60 s and 300 s, and looks for late ones every 2.5 s', () => {
    const server = limitedServer(() => {});
    expect({
      headers: server.headersTimeout,
      request: server.requestTimeout,
      keepAlive: server.keepAliveTimeout,
      checkEvery: (server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval,
      connections: server.maxConnections,
    }).toEqual({ headers: 15_000, request: 30_000, keepAlive: 65_000, checkEvery: 2_500, connections: 4_096 });
    expect(SERVER_LIMITS.headersTimeoutMs + SERVER_LIMITS.checkEveryMs).toBeLessThanOrEqual(20_000);
  });

  it('closes a connection whose headers trickle in past the limit, though it sends a line now and then', async () => {
    // Limits scaled down a hundredfold: headers within 150 ms, checked every 25 ms. Node's own
    // check (every 30 s unless set when the server is made) would leave the socket open past the
    // test's time.
    const server = limitedServer(() => {}, { headersTimeoutMs: 150, requestTimeoutMs: 300, checkEveryMs: 25 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
      });
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write('GET / HTTP/1.1\r\nHost: procura.test\r\n');
      const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 20);
      await closed;
      clearInterval(trickle);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe('{"error":{"code":"request_timeout","message":"The request took too long to arrive"}}');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
