import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../error-codes';

/**
 * Answers a request Node's HTTP parser refused before Koa saw it (headers or address too long,
 * a malformed request line) in the API's one error shape, instead of Node's empty answer.
 *
 * @example
 * createServer(app.koa.callback()).on('clientError', answerClientError);
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, code, message]: [number, string, ErrorCode, string] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request address or headers are too long']
    : [400, 'Bad Request', 'bad_request', 'The request could not be read'];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** How long a client may take to send its headers, and its whole request; most connections open at once. */
export const SERVER_LIMITS = { headersTimeoutMs: 15_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 65_000, maxConnections: 4_096 } as const;

/**
 * Bounds what a slow or greedy client can hold: headers within 15 s and the whole request within
 * 30 s (Node's own defaults are 60 s and 300 s), a kept-alive connection idle up to 65 s (past the
 * 60 s a load balancer in front usually keeps), and at most 4,096 connections at once.
 */
export function limitServer(server: Server): Server {
  server.headersTimeout = SERVER_LIMITS.headersTimeoutMs;
  server.requestTimeout = SERVER_LIMITS.requestTimeoutMs;
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs;
  server.maxConnections = SERVER_LIMITS.maxConnections;
  return server;
}
