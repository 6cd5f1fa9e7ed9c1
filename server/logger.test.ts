import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrackingToken } from './lib/ids';
import { createLogger } from './logger';
import { startTestServer, validOrder, validRfq, type TestServer } from './test/harness';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(
      ...String(chunk)
        .split('\n')
        .filter((l) => l !== ''),
    );
    done();
  },
});
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

let sink: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  const staticDir = await mkdtemp(join(tmpdir(), 'procura-static-'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Procura</title>');
  await writeFile(join(staticDir, 'routes.json'), JSON.stringify(['/', '/quote-success', '/quote/:token']));
  sink = await startSmtpSink();
  // The receiving server names the address it refuses, as real ones do.
  sink.refuse = '<jane.buyer@example.co.za>: Recipient address rejected: mailbox full';
  server = await startTestServer(
    { SMTP_URL: sink.url, MAIL_RETRY_BASE_MS: '600000', STATIC_DIR: staticDir, RFQ_RATE_LIMIT: '1000' },
    { logger: createLogger('info', capture) },
  );
});
afterAll(async () => {
  await server.close();
  await sink.stop();
});

describe('the log', () => {
  it('names routes by their pattern and e-mail failures without addresses: no token, rfqId or address', async () => {
    const created = await server.request('POST', '/api/rfq', { body: validRfq({ additionalEmails: 'stores@example.co.za' }) });
    expect(created.status).toBe(201);
    const { rfqId } = created.json;
    const token: string = created.json.quotes[0].trackingToken;
    expect((await server.request('GET', `/api/rfq/${rfqId}`)).status).toBe(200);
    expect((await server.request('GET', `/api/quotes/track/${token}`)).status).toBe(200);
    expect((await server.request('GET', `/quote/${token}`)).status).toBe(200);
    expect((await server.request('GET', `/api/quotes/track/qt_${'x'.repeat(30)}`)).status).toBe(404);
    expect((await server.request('POST', `/api/quotes/track/${token}/accept`, { body: validOrder() })).status).toBe(200);
    const order = await server.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'supplier-order').executeTakeFirstOrThrow();
    const responseToken = (JSON.parse(order.payload) as { token: string }).token;
    expect((await server.request('GET', `/api/supplier-responses/${responseToken}`)).status).toBe(200);
    expect((await server.request('POST', `/api/supplier-responses/${responseToken}/withdraw`, { body: { reason: 'Call 082 555 0100 about it' } })).status).toBe(
      200,
    );
    expect((await server.request('GET', `/no/such/page/${rfqId}`)).status).toBe(404);
    expect((await server.request('POST', '/api/rfq', { body: { productName: 'x' } })).status).toBe(400);
    expect((await server.request('GET', '/api/staff/me')).status).toBe(401);
    // Wait for the worker's first attempts, which the sink refuses.
    for (let i = 0; i < 200 && !logged().some((l) => l.msg === 'e-mail not sent; will retry'); i++) await new Promise((r) => setTimeout(r, 25));

    const requests = logged().filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.method, l.route, l.status])).toEqual([
      ['POST', '/api/rfq', 201],
      ['GET', '/api/rfq/:rfqId', 200],
      ['GET', '/api/quotes/track/:token', 200],
      ['GET', '/quote/:token', 200],
      ['GET', '/api/quotes/track/:token', 404],
      ['POST', '/api/quotes/track/:token/accept', 200],
      ['GET', '/api/supplier-responses/:token', 200],
      ['POST', '/api/supplier-responses/:token/withdraw', 200],
      ['GET', '(no route)', 404],
      ['POST', '/api/rfq', 400],
      ['GET', '/api/staff/me', 401],
    ]);
    const failure = logged().find((l) => l.msg === 'e-mail not sent; will retry');
    expect(failure?.error).toContain('Recipient address rejected: mailbox full');

    const text = lines.join('\n');
    expect(text).not.toContain(rfqId);
    expect(text).not.toContain(token);
    expect(text).not.toContain(parseTrackingToken(token)!.secret);
    expect(text).not.toContain('x'.repeat(30));
    expect(text).not.toContain(responseToken.slice(3));
    expect(text).not.toContain('082 555 0100');
    expect(text).not.toMatch(/[^\s"<>@]+@[^\s"<>@]+\.[a-z]{2,}/i);
    expect(text).toContain('[e-mail address]');
  });
});
