import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { limitServer, SERVER_LIMITS } from './client-error';

describe('the HTTP server limits', () => {
  it('gives a client 15 s for its headers and 30 s for its request, where Node gives 60 s and 300 s', () => {
    const server = limitServer(createServer());
    expect({ headers: server.headersTimeout, request: server.requestTimeout, keepAlive: server.keepAliveTimeout, connections: server.maxConnections }).toEqual({
      headers: SERVER_LIMITS.headersTimeoutMs,
      request: SERVER_LIMITS.requestTimeoutMs,
      keepAlive: SERVER_LIMITS.keepAliveTimeoutMs,
      connections: SERVER_LIMITS.maxConnections,
    });
    expect(SERVER_LIMITS).toMatchObject({ headersTimeoutMs: 15_000, requestTimeoutMs: 30_000 });
  });
});
