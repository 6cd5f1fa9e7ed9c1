import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../error-codes';

/**
 * Answers a request Node's HTTP parser refused before Koa saw it (headers or address too long,
 * a malformed request line) in the API's one error shape, instead of Node's empty answer.
 * {@link limitedServer} listens with it.
 */
function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, code, message]: [number, string, ErrorCode, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request address or headers are too long']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request_timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'bad_request', 'The request could not be read'];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * How long a client may take to send its headers, and its whole request; how long a kept-alive
 * connection may idle; how often Node looks for connections past those limits; most connections
 * open at once.
 */
export const SERVER_LIMITS = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  checkEveryMs: 2_500,
  maxConnections: 4_096,
} as const;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * An HTTP server that bounds what a slow or greedy client can hold: headers within 15 s and the
 * whole request within 30 s (Node's own defaults are 60 s and 300 s), a kept-alive connection
 * idle up to 65 s (past the 60 s a load balancer in front usually keeps), and at most 4,096
 * connections at once. Node enforces the first two only when it checks, every
 * `connectionsCheckingInterval` (30 s unless set when the server is made), so a client sending a
 * header line every few seconds kept its socket 58 s; checked every 2.5 s, it is closed within
 * 17.5 s. `limits` overrides them, for tests.
 */
export function limitedServer(handler: Handler, limits: Partial<Record<keyof typeof SERVER_LIMITS, number>> = {}): Server {
  const l = { ...SERVER_LIMITS, ...limits };
  const server = createServer(
    {
      headersTimeout: l.headersTimeoutMs,
      requestTimeout: l.requestTimeoutMs,
      keepAliveTimeout: l.keepAliveTimeoutMs,
      connectionsCheckingInterval: l.checkEveryMs,
    },
    handler,
  );
  server.maxConnections = l.maxConnections;
  return server.on('clientError', answerClientError);
}
