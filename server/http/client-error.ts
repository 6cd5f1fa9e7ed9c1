import type { Socket } from 'node:net';

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
  const [status, reason, code, message] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request address or headers are too long']
    : [400, 'Bad Request', 'bad_request', 'The request could not be read'];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
