import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionDrainer } from './drain';

let server: Server;
afterEach(() => {
  server?.closeAllConnections();
});

// While draining, answers close their connection, as the app's middleware makes them.
const closing = (req: IncomingMessage, res: ServerResponse) => {
  res.setHeader('Connection', 'close');
  res.end(`answered ${req.url}`);
};

async function listening(handler = closing): Promise<{ port: number; drainer: ReturnType<typeof connectionDrainer> }> {
  server = createServer(handler);
  const drainer = connectionDrainer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, drainer };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket)).once('error', reject);
  });
}

/** Everything the server writes until it closes the connection. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    socket.once('close', () => resolve(text));
  });
}

describe('draining a server', () => {
  it('answers a request sent on a connection accepted before the stop, then closes it', async () => {
    const { port, drainer } = await listening();
    const socket = await open(port);
    await new Promise((r) => setImmediate(r));
    const read = readAll(socket);
    const drained = drainer.drain(Date.now() + 5_000);
    // The port is closed to new connections within a turn of the event loop.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    await expect(open(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    socket.write('GET /late HTTP/1.1\r\nHost: procura.test\r\n\r\n');
    const text = await read;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toContain('Connection: close');
    expect(text.endsWith('answered /late')).toBe(true);
    await drained;
    expect(server.listening).toBe(false);
  });

  it('closes a kept-alive connection that is idle after its answers', async () => {
    const { port, drainer } = await listening((_req, res) => res.end('kept alive'));
    const socket = await open(port);
    const read = readAll(socket);
    socket.write('GET /first HTTP/1.1\r\nHost: procura.test\r\n\r\n');
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    // Well before the first-request grace would end it: it is closed for being idle after an answer.
    await drainer.drain(Date.now() + 60_000);
    expect(await read).toContain('kept alive');
    expect(socket.destroyed || socket.readableEnded).toBe(true);
  });
});
