import { connect } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

const lines: { level: number; msg: string }[] = [];
let server: TestServer;
beforeAll(async () => {
  const write = (chunk: unknown, _enc: BufferEncoding, done: () => void) => {
    lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
    done();
  };
  const logger = pino({ level: 'info' }, new Writable({ write }));
  server = await startTestServer({}, { logger });
});
afterAll(() => server.close());

describe('a client that goes away mid-body', () => {
  it('is logged at info as aborted, never as an unhandled error', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /api/rfq HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"productName":"Bleach');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await vi.waitFor(() => expect(lines.some((l) => l.msg === 'aborted')).toBe(true), { timeout: 15_000, interval: 20 });
    expect(lines.find((l) => l.msg === 'aborted')!.level).toBe(30);
    expect(lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);
  });
});
