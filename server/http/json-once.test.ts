import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Readable } from 'node:stream';
import Koa from 'koa';
import compress from 'koa-compress';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeJsonOnce } from './json-once';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose one answer is `body`, behind koa-compress as in the app, with or without the middleware. */
async function serving(body: () => unknown, once: boolean): Promise<string> {
  const app = new Koa();
  app.use(compress({ threshold: 1024 }));
  if (once) app.use(serializeJsonOnce);
  app.use((ctx) => {
    ctx.body = body();
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** A plain object that counts how often it is turned into JSON. */
function counted() {
  const state = { serialised: 0 };
  const body = {
    rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Supplier ${i}` })),
    toJSON() {
      state.serialised += 1;
      return { rows: this.rows };
    },
  };
  return { state, body };
}

describe('serializeJsonOnce', () => {
  it('turns a plain object into its JSON text once, where koa-compress alone turns it twice', async () => {
    for (const [once, times] of [
      [false, 2],
      [true, 1],
    ] as const) {
      const { state, body } = counted();
      const url = await serving(() => body, once);
      const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({ rows: body.rows });
      expect(state.serialised).toBe(times);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it('sends arrays as JSON and the text Koa would have sent', async () => {
    const url = await serving(() => [{ a: 1 }, 'two', null], true);
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe(JSON.stringify([{ a: 1 }, 'two', null]));
  });

  it('leaves strings, buffers and streams as they are', async () => {
    for (const [body, type, text] of [
      [() => 'plain words', 'text/plain; charset=utf-8', 'plain words'],
      [() => Buffer.from('bytes'), 'application/octet-stream', 'bytes'],
      [() => Readable.from(['a stream']), 'application/octet-stream', 'a stream'],
    ] as const) {
      const url = await serving(body, true);
      const res = await fetch(url);
      expect(res.headers.get('content-type')).toBe(type);
      expect(await res.text()).toBe(text);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });
});
