import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from './config';
import { Readiness } from './http/readiness';
import { createTestDatabase, startTestServer, validRfq, type TestServer } from './test/harness';

let server: TestServer;
let staticDir: string;
beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'procura-static-'));
  await writeFile(join(staticDir, 'app-3f9a1c2b.js'), 'console.log(1);');
  await writeFile(join(staticDir, 'notes.txt'), 'Plain text\n');
  server = await startTestServer({ STATIC_DIR: staticDir });
});
afterAll(() => server.close());

describe('the server', () => {
  it('answers health checks', async () => {
    const res = await server.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await server.request('GET', '/readyz')).json).toEqual({ status: 'ready' });
  });

  it('echoes a well-formed request id', async () => {
    const res = await server.request('GET', '/healthz', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });

  it('sends security headers; only the widget page may be framed', async () => {
    const page = await server.request('GET', '/healthz');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const widget = await server.request('GET', '/widget-embed');
    expect(widget.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(widget.headers.get('x-frame-options')).toBeNull();
  });

  it('shows the Page Not Found page with status 404 for a path that is no route', async () => {
    const res = await server.request('GET', '/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<h1>Page Not Found</h1>');
  });

  it('answers unknown API paths and wrong methods in the error shape', async () => {
    const missing = await server.request('GET', '/api/nothing');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: { code: 'not_found', message: 'No API route for GET /api/nothing' } });
    const wrong = await server.request('DELETE', '/api/rfq');
    expect(wrong.status).toBe(405);
    expect(wrong.json).toEqual({ error: { code: 'method_not_allowed', message: 'DELETE is not allowed here; use POST' } });
  });

  it('serves built files, hashed ones cached for a year', async () => {
    const hashed = await server.request('GET', '/app-3f9a1c2b.js');
    expect(hashed.status).toBe(200);
    expect(hashed.text).toBe('console.log(1);');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const plain = await server.request('GET', '/notes.txt');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const again = await server.request('GET', '/notes.txt', {
      // As a browser revalidates; fetch would otherwise add Cache-Control: no-cache.
      headers: { 'If-None-Match': plain.headers.get('etag')!, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    expect((await server.request('GET', '/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });

  it('compresses large answers for clients that accept it', async () => {
    const res = await fetch(`${server.url}/api/catalogue/popular?limit=16`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()).products).toHaveLength(16);
  });

  it('sends a JSON answer as JSON, its length that of the text sent', async () => {
    const res = await fetch(`${server.url}/api/catalogue/popular?limit=16`, { headers: { 'Accept-Encoding': 'identity' } });
    const text = await res.text();
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect((JSON.parse(text) as { products: unknown[] }).products).toHaveLength(16);
    const created = await server.request('POST', '/api/rfq', { body: validRfq(), headers: { 'Accept-Encoding': 'identity' } });
    expect([created.status, created.headers.get('content-type')]).toEqual([201, 'application/json; charset=utf-8']);
    expect(created.headers.get('content-length')).toBe(String(Buffer.byteLength(created.text)));
    expect(created.json.rfqId).toMatch(/^\d{18}$/);
  });

  it('sends the answer as it is to a client that refuses every coding', async () => {
    for (const coding of ['identity;q=0', 'gzip;q=-1', 'br;q=0, *;q=0']) {
      const res = await fetch(`${server.url}/api/catalogue/popular?limit=16`, { headers: { 'Accept-Encoding': coding } });
      expect([res.status, res.headers.get('content-encoding')]).toEqual([200, null]);
      expect((await res.json()).products).toHaveLength(16);
    }
  });

  it('answers an address too long for the server in the error shape', async () => {
    const res = await fetch(`${server.url}/api/catalogue/products?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ error: { code: 'headers_too_large', message: 'The request address or headers are too long' } });
  });
});

describe('the built portal', () => {
  // The build's own static files (dist/public, built before the server tests run).
  let built: TestServer;
  beforeAll(async () => {
    built = await startTestServer();
  });
  afterAll(() => built.close());

  it('answers /favicon.ico with the icon at 16 and 32 pixels, revalidated like every unhashed file', async () => {
    const res = await fetch(`${built.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const ico = Buffer.from(await res.arrayBuffer());
    expect([...ico.subarray(0, 4)]).toEqual([0x00, 0x00, 0x01, 0x00]);
    expect(ico.readUInt16LE(4)).toBe(2);
    const images = [0, 1].map((i) => {
      const entry = 6 + 16 * i;
      const [offset, length] = [ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 8)];
      const png = ico.subarray(offset, offset + length);
      return { width: ico[entry], height: ico[entry + 1], signature: png.subarray(1, 4).toString('latin1'), pngWidth: png.readUInt32BE(16) };
    });
    expect(images).toEqual([
      { width: 16, height: 16, signature: 'PNG', pngWidth: 16 },
      { width: 32, height: 32, signature: 'PNG', pngWidth: 32 },
    ]);
    expect(ico.equals(readFileSync('portal/favicon.ico'))).toBe(true);
  });
});

describe('readiness', () => {
  it('is refused while the process starts or stops, and while the database does not answer', async () => {
    const readiness = new Readiness('starting');
    const database = await createTestDatabase();
    const own = await startTestServer({}, { database, readiness });
    try {
      const starting = await own.request('GET', '/readyz');
      expect(starting.status).toBe(503);
      expect(starting.headers.get('retry-after')).toBe('5');
      expect(starting.json).toEqual({ error: { code: 'not_ready', message: 'The server is starting: the database is being brought up to date' } });

      readiness.phase = 'ready';
      expect((await own.request('GET', '/readyz')).json).toEqual({ status: 'ready' });

      readiness.phase = 'stopping';
      const stopping = await own.request('GET', '/readyz');
      expect(stopping.status).toBe(503);
      expect(stopping.json).toEqual({ error: { code: 'not_ready', message: 'The server is shutting down' } });
      // Answers go on while stopping, each closing its connection.
      const health = await own.request('GET', '/healthz');
      expect(health.status).toBe(200);
      expect(health.headers.get('connection')).toBe('close');

      readiness.phase = 'ready';
      await database.close();
      const down = await own.request('GET', '/readyz');
      expect(down.status).toBe(503);
      expect(down.json).toEqual({ error: { code: 'database_unavailable', message: 'The database does not answer' } });
      expect((await own.request('GET', '/healthz')).status).toBe(200);
    } finally {
      await own.close();
      await database.drop();
    }
  });
});

describe('configuration', () => {
  it('has sensible defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'sqlite:./data/procura.sqlite',
      publicUrl: 'http://localhost:3000',
      vatRate: 0.15,
      mail: { smtpUrl: undefined, from: 'Procura <quotes@procura.co.za>', fromDomain: 'procura.co.za', maxAttempts: 8 },
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads the mail settings and refuses bad ones', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.co.za:465', MAIL_FROM: 'orders@Example.co.za' });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.co.za:465', from: 'orders@Example.co.za', fromDomain: 'example.co.za' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.co.za', MAIL_FROM: 'Procura' })).toThrow(
      expect.objectContaining({
        problems: [
          'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.co.za:587',
          'MAIL_FROM must be an e-mail address, optionally with a name: Procura <quotes@example.co.za>',
        ],
      }),
    );
  });

  it('refuses bad values, naming each', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', VAT_RATE: '15' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', VAT_RATE: '15' });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'PORT must be a whole number from 0 to 65535',
        'DATABASE_URL must be sqlite:PATH, sqlite::memory: or a postgres:// URL',
        'VAT_RATE must be a fraction from 0 to below 1, such as 0.15',
      ]);
    }
  });
});
