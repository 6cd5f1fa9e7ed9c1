import type { ServerResponse } from 'node:http';

/**
 * Streams `total` bytes of filler with no declared length, in writes of `chunkBytes` that wait for
 * the socket to drain; a client that hangs up part-way ends it without an error.
 */
export function streamFiller(res: ServerResponse, total: number, chunkBytes: number): void {
  res.on('error', () => {});
  const chunk = Buffer.alloc(chunkBytes, 'x');
  let sent = 0;
  const push = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return res.once('drain', push);
    }
    res.end();
  };
  push();
}
