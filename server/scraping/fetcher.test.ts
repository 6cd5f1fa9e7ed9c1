import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FetchError, PoliteFetcher, decode, scraperUserAgent, type FetcherOptions } from './fetcher';
import { streamFiller } from '../test/filler';

const UA = scraperUserAgent('http://procura.test/');

/** A clock that moves only when the fetcher sleeps: the waits it asks for are recorded, none is real. */
function fakeTime() {
  let now = Date.UTC(2026, 10, 24, 8, 0, 0);
  const waits: number[] = [];
  return {
    waits,
    clock: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
  };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Site {
  server: Server;
  port: number;
  origin: string;
  requests: string[];
  agents: string[];
}

async function startSite(routes: Record<string, Handler>): Promise<Site> {
  const requests: string[] = [];
  const agents: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url!);
    agents.push(req.headers['user-agent'] ?? '');
    const path = new URL(req.url!, 'http://x').pathname;
    const handler = routes[path];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>not here</p>');
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, origin: `http://127.0.0.1:${port}`, requests, agents };
}

const html =
  (body: string, headers: Record<string, string | number> = {}): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  };
const redirect =
  (location: string | ((req: IncomingMessage) => string), status = 302): Handler =>
  (req, res) => {
    res.writeHead(status, { location: typeof location === 'string' ? location : location(req) }).end();
  };

let site: Site;
const held: ServerResponse[] = [];

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\nCrawl-delay: 3\n'),
    '/page': html('<h1>Suppliers</h1>'),
    '/private': html('<h1>Not for robots</h1>'),
    '/to-private-range': redirect('http://10.0.0.1/suppliers'),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-mapped-loopback': redirect((req) => `http://[::ffff:127.0.0.1]:${req.socket.localPort}/page`),
    '/to-private': redirect('/private'),
    '/to-file': redirect('file:///etc/passwd'),
    '/to-page': redirect('/page', 301),
    '/chain': (req, res) => {
      const n = Number(new URL(req.url!, 'http://x').searchParams.get('n'));
      const end = Number(new URL(req.url!, 'http://x').searchParams.get('end'));
      if (n >= end) html(`<p>end of chain ${n}</p>`)(req, res);
      else redirect(`/chain?n=${n + 1}&end=${end}`, 307)(req, res);
    },
    '/slow-headers': (_req, res) => held.push(res),
    '/slow-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>first part');
      held.push(res);
    },
    '/huge': (_req, res) => {
      // 5 MB, streamed without a length: the fetcher must stop reading past 2 MB.
      res.writeHead(200, { 'content-type': 'text/html' });
      streamFiller(res, 5 * 1024 * 1024, 64 * 1024);
    },
    '/huge-declared': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(3 * 1024 * 1024) });
      res.on('error', () => {});
      res.write('<p>');
      held.push(res);
    },
    '/zipped-bomb': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(3 * 1024 * 1024, ' ')));
    },
    '/gzipped': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }).end(gzipSync('<p>Ngiyabonga – thank you</p>'));
    },
    '/latin1': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' }).end(Buffer.from('<p>Caf\xe9</p>', 'latin1')),
    '/pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'),
    '/json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    '/untyped': (_req, res) => res.writeHead(200).end('<p>no type</p>'),
    '/gone': (_req, res) => res.writeHead(410, { 'content-type': 'text/html' }).end('<p>gone</p>'),
  });
});

afterAll(async () => {
  for (const res of held) res.destroy();
  site.server.closeAllConnections();
  await new Promise((resolve) => site.server.close(resolve));
});

beforeEach(() => {
  site.requests.length = 0;
  site.agents.length = 0;
});

function fetcher(overrides: Partial<FetcherOptions> = {}) {
  const time = fakeTime();
  const f = new PoliteFetcher({ userAgent: UA, allowHosts: ['127.0.0.1'], clock: time.clock, sleep: time.sleep, ...overrides });
  return { f, waits: time.waits };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof FetchError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('URLs a person types', () => {
  const { f } = fetcher({
    allowHosts: [],
    resolve: async (host) => (host === 'internal-looking.example' ? [{ address: '10.0.0.5', family: 4 }] : [{ address: '196.25.1.1', family: 4 }]),
  });

  it.each([
    ['http://127.0.0.1/', '127.0.0.1 is a loopback address, which the scraper does not fetch'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address, which the scraper does not fetch'],
    ['http://0177.0.0.1/', '127.0.0.1 is a loopback address, which the scraper does not fetch'],
    ['http://2130706433/', '127.0.0.1 is a loopback address, which the scraper does not fetch'],
    ['http://127.1/', '127.0.0.1 is a loopback address, which the scraper does not fetch'],
    ['http://[::1]/', '::1 is a loopback address, which the scraper does not fetch'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is a loopback address, which the scraper does not fetch'],
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe is a cloud metadata address, which the scraper does not fetch'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address, which the scraper does not fetch'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254 is a cloud metadata address, which the scraper does not fetch'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address, which the scraper does not fetch'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal is a cloud metadata address, which the scraper does not fetch'],
    ['http://10.1.2.3/', '10.1.2.3 is a private address, which the scraper does not fetch'],
    ['http://192.168.0.1:8080/', '192.168.0.1 is a private address, which the scraper does not fetch'],
    ['http://100.64.1.1/', '100.64.1.1 is a carrier-grade NAT address, which the scraper does not fetch'],
    ['http://224.0.0.1/', '224.0.0.1 is a multicast address, which the scraper does not fetch'],
    ['http://0.0.0.0/', '0.0.0.0 is an unspecified address, which the scraper does not fetch'],
    ['http://[fe80::1]/', 'fe80::1 is a link-local address, which the scraper does not fetch'],
    ['http://localhost:3000/', 'localhost is a loopback address, which the scraper does not fetch'],
    ['http://internal-looking.example/', 'internal-looking.example (10.0.0.5) is a private address, which the scraper does not fetch'],
    ['file:///etc/passwd', 'Only http and https addresses are fetched, not file:'],
    ['ftp://files.example.co.za/list', 'Only http and https addresses are fetched, not ftp:'],
    ['gopher://example.co.za/', 'Only http and https addresses are fetched, not gopher:'],
    ['http://admin:secret@example.co.za/', 'Addresses with a user name or password are not fetched'],
    ['directory.example.co.za', '"directory.example.co.za" is not a web address'],
  ])('refuses %s', async (url, message) => {
    expect((await refusal(f.checkTarget(url))).message).toBe(message);
  });

  it('accepts a public address', async () => {
    expect((await f.checkTarget('https://directory.example.co.za/suppliers#top')).href).toBe('https://directory.example.co.za/suppliers');
  });
});

describe('fetching from a site', () => {
  it('reads robots.txt first, sends its user agent and returns the page', async () => {
    const { f } = fetcher();
    const page = await f.fetchPage(`${site.origin}/page`);
    expect(page.html).toBe('<h1>Suppliers</h1>');
    expect(page.url).toBe(`${site.origin}/page`);
    expect(site.requests).toEqual(['/robots.txt', '/page']);
    expect(site.agents).toEqual([UA, UA]);
    expect(UA).toBe('ProcuraBot/1.0 (+http://procura.test/bot)');
  });

  it('never requests a path robots.txt disallows, directly or through a redirect', async () => {
    const { f } = fetcher();
    expect(await refusal(f.fetchPage(`${site.origin}/private`))).toEqual({
      code: 'robots',
      message: `robots.txt of 127.0.0.1:${site.port} does not allow /private`,
    });
    expect((await refusal(f.fetchPage(`${site.origin}/to-private`))).code).toBe('robots');
    expect(site.requests).not.toContain('/private');
    expect(site.requests.filter((r) => r === '/robots.txt')).toHaveLength(1);
  });

  it('reads robots.txt as the bytes served for ProcuraBot, a partial byte-order mark at its start skipped', async () => {
    const robots = Buffer.concat([Buffer.from([0xef, 0xbb]), Buffer.from('User-agent: ProcuraBot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n')]);
    const marked = await startSite({
      '/robots.txt': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(robots),
      '/page': html('<p>ok</p>'),
      '/private': html('<p>private</p>'),
    });
    try {
      const { f } = fetcher();
      expect((await f.fetchPage(`${marked.origin}/page`)).html).toBe('<p>ok</p>');
      expect(await refusal(f.fetchPage(`${marked.origin}/private`))).toEqual({
        code: 'robots',
        message: `robots.txt of 127.0.0.1:${marked.port} does not allow /private`,
      });
      expect(marked.requests).toEqual(['/robots.txt', '/page']);
    } finally {
      marked.server.close();
    }
  });

  it('keeps the Crawl-delay between requests to the host, robots.txt included', async () => {
    const { f, waits } = fetcher();
    await f.fetchPage(`${site.origin}/page`);
    await f.fetchPage(`${site.origin}/page?n=2`);
    await f.fetchPage(`${site.origin}/to-page`);
    expect(site.requests).toEqual(['/robots.txt', '/page', '/page?n=2', '/to-page', '/page']);
    expect(waits).toEqual([3000, 3000, 3000, 3000]);
  });

  it('waits at least a second between requests to one host without a Crawl-delay', async () => {
    const other = await startSite({ '/a': html('<p>a</p>'), '/b': html('<p>b</p>') });
    try {
      const { f, waits } = fetcher();
      await f.fetchPage(`${other.origin}/a`);
      await f.fetchPage(`${other.origin}/b`);
      expect(other.requests).toEqual(['/robots.txt', '/a', '/b']);
      expect(waits).toEqual([1000, 1000]);
    } finally {
      other.server.close();
    }
  });

  it('refuses redirects to private, metadata, mapped loopback and file addresses without following them', async () => {
    const { f } = fetcher();
    expect(await refusal(f.fetchPage(`${site.origin}/to-private-range`))).toEqual({
      code: 'blocked',
      message: '10.0.0.1 is a private address, which the scraper does not fetch',
    });
    expect(await refusal(f.fetchPage(`${site.origin}/to-metadata`))).toEqual({
      code: 'blocked',
      message: '169.254.169.254 is a cloud metadata address, which the scraper does not fetch',
    });
    expect(await refusal(f.fetchPage(`${site.origin}/to-mapped-loopback`))).toEqual({
      code: 'blocked',
      message: '::ffff:7f00:1 is a loopback address, which the scraper does not fetch',
    });
    expect(await refusal(f.fetchPage(`${site.origin}/to-file`))).toEqual({ code: 'scheme', message: 'Only http and https addresses are fetched, not file:' });
  });

  it('checks the address the connection is made to, so a name that turns internal after the check is refused', async () => {
    let answers = 0;
    // The first answer is public (the check before the crawl), the next internal (the connection).
    const resolve = async () => (answers++ === 0 ? [{ address: '196.25.1.1', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const { f } = fetcher({ resolve });
    const url = `http://rebinding.example:${site.port}/page`;
    expect((await f.checkTarget(url)).host).toBe(`rebinding.example:${site.port}`);
    expect(await refusal(f.fetchPage(url))).toEqual({
      code: 'blocked',
      message: 'rebinding.example (127.0.0.1) is a loopback address, which the scraper does not fetch',
    });
    expect(site.requests).toEqual([]);
  });

  it('connects to an allow-listed name that resolves to loopback', async () => {
    const { f } = fetcher({ allowHosts: ['fixture.test'], resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect((await f.fetchPage(`http://fixture.test:${site.port}/page`)).html).toBe('<h1>Suppliers</h1>');
  });

  it('follows at most 5 redirects', async () => {
    const { f } = fetcher();
    expect((await f.fetchPage(`${site.origin}/chain?n=0&end=5`)).html).toBe('<p>end of chain 5</p>');
    expect(await refusal(f.fetchPage(`${site.origin}/chain?n=0&end=6`))).toEqual({
      code: 'too-many-redirects',
      message: `More than 5 redirects from ${site.origin}/chain?n=0&end=6`,
    });
    expect(site.requests).not.toContain('/chain?n=6&end=6');
  });

  it('gives up on a page that does not answer in time, before or during the body', async () => {
    const { f } = fetcher({ timeoutMs: 200 });
    expect(await refusal(f.fetchPage(`${site.origin}/slow-headers`))).toEqual({
      code: 'timeout',
      message: `${site.origin}/slow-headers did not answer within 0.2 seconds`,
    });
    expect(await refusal(f.fetchPage(`${site.origin}/slow-body`))).toEqual({
      code: 'timeout',
      message: `${site.origin}/slow-body did not answer within 0.2 seconds`,
    });
  });

  it('stops reading a page past 2 MB, declared or not, compressed or not', async () => {
    const { f } = fetcher();
    expect(await refusal(f.fetchPage(`${site.origin}/huge`))).toEqual({ code: 'too-large', message: `${site.origin}/huge is larger than 2 MB` });
    expect(await refusal(f.fetchPage(`${site.origin}/huge-declared`))).toEqual({
      code: 'too-large',
      message: `${site.origin}/huge-declared is larger than 2 MB`,
    });
    expect(await refusal(f.fetchPage(`${site.origin}/zipped-bomb`))).toEqual({ code: 'too-large', message: `${site.origin}/zipped-bomb is larger than 2 MB` });
  });

  it('reads compressed pages and the charset the page names', async () => {
    const { f } = fetcher();
    expect((await f.fetchPage(`${site.origin}/gzipped`)).html).toBe('<p>Ngiyabonga – thank you</p>');
    expect((await f.fetchPage(`${site.origin}/latin1`)).html).toBe('<p>Café</p>');
    expect(decode(Buffer.from('<meta charset="iso-8859-1"><p>Caf\xe9</p>', 'latin1'), 'text/html')).toBe('<meta charset="iso-8859-1"><p>Café</p>');
    expect(decode(Buffer.from('<p>Café</p>'), 'text/html; charset=no-such-charset')).toBe('<p>Café</p>');
  });

  it('takes only HTML pages that answer 2xx', async () => {
    const { f } = fetcher();
    expect(await refusal(f.fetchPage(`${site.origin}/pdf`))).toEqual({ code: 'not-html', message: `${site.origin}/pdf is not an HTML page (application/pdf)` });
    expect(await refusal(f.fetchPage(`${site.origin}/json`))).toEqual({
      code: 'not-html',
      message: `${site.origin}/json is not an HTML page (application/json)`,
    });
    expect(await refusal(f.fetchPage(`${site.origin}/untyped`))).toEqual({
      code: 'not-html',
      message: `${site.origin}/untyped is not an HTML page (no content type)`,
    });
    expect(await refusal(f.fetchPage(`${site.origin}/gone`))).toEqual({ code: 'http-status', message: `${site.origin}/gone answered 410` });
  });

  it('fetches at most 50 pages in one crawl', async () => {
    const { f } = fetcher();
    for (let n = 1; n <= 50; n++) await f.fetchPage(`${site.origin}/page?n=${n}`);
    expect(await refusal(f.fetchPage(`${site.origin}/page?n=51`))).toEqual({ code: 'page-limit', message: 'The crawl reached its limit of 50 pages' });
    expect(f.pagesFetched).toBe(50);
    expect(site.requests).toHaveLength(51); // robots.txt and 50 pages
  });

  it('stops waiting and fetching when the crawl is stopped', async () => {
    const { f } = fetcher({ timeoutMs: 5000 });
    const controller = new AbortController();
    const pending = f.fetchPage(`${site.origin}/slow-headers`, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(await refusal(pending)).toEqual({ code: 'stopped', message: 'The crawl was stopped' });
  });
});

describe('robots.txt that cannot be read', () => {
  it('allows everything when robots.txt is missing and nothing when the server fails', async () => {
    const missing = await startSite({ '/page': html('<p>ok</p>') });
    const failing = await startSite({ '/robots.txt': (_req, res) => res.writeHead(503).end(), '/page': html('<p>ok</p>') });
    try {
      const { f } = fetcher();
      expect((await f.fetchPage(`${missing.origin}/page`)).html).toBe('<p>ok</p>');
      expect(await refusal(f.fetchPage(`${failing.origin}/page`))).toEqual({
        code: 'robots',
        message: `robots.txt of 127.0.0.1:${failing.port} does not allow /page`,
      });
      expect(failing.requests).toEqual(['/robots.txt']);
    } finally {
      missing.server.close();
      failing.server.close();
    }
  });

  it('does not crawl a site asking for more than a minute between requests', async () => {
    const slow = await startSite({
      '/robots.txt': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nCrawl-delay: 3600\n'),
    });
    try {
      const { f } = fetcher();
      expect(await refusal(f.fetchPage(`${slow.origin}/page`))).toEqual({
        code: 'crawl-delay',
        message: `robots.txt of 127.0.0.1:${slow.port} asks for 3600 seconds between requests; the scraper waits at most 60`,
      });
      expect(slow.requests).toEqual(['/robots.txt']);
    } finally {
      slow.server.close();
    }
  });
});
