// Kept whole: the polite fetcher's robots rules, pacing, redirects and size limits are one loop.
import { promises as dns } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { addressKind, blockedMessage, hostNameKind, isAllowListed } from './address-rules';
import { SCRAPER_LIMITS, scraperUserAgent } from '../../contract/schemas/scraping';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, productToken, type RobotsRules } from './robots';

/** Why a page was not fetched. */
export type FetchErrorCode =
  | 'bad-url'
  | 'scheme'
  | 'credentials'
  | 'blocked'
  | 'robots'
  | 'crawl-delay'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'not-html'
  | 'http-status'
  | 'network'
  | 'page-limit'
  | 'stopped';

/** A page the fetcher would not or could not fetch; the message names the reason for staff. */
export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface FetchedPage {
  /** The URL asked for. */
  requestedUrl: string;
  /** Where the page was found, after redirects. */
  url: string;
  html: string;
}

/** What a crawl fetches pages through: the network fetcher, or the sample site in process. */
export interface PageFetcher {
  /** Checks a URL a person typed before a crawl starts; throws {@link FetchError} naming why it is refused. */
  checkTarget(url: string): Promise<URL>;
  fetchPage(url: string, signal?: AbortSignal): Promise<FetchedPage>;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface FetcherOptions {
  /** `ProcuraBot/1.0 (+PUBLIC_URL/bot)`. */
  userAgent: string;
  /** `SCRAPER_ALLOW_HOSTS`: the only hosts fetched although their addresses are internal. */
  allowHosts: readonly string[];
  /** Milliseconds since the epoch. */
  clock?: () => number;
  /** Waits between requests to one host; tests give one that only records. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Host name to addresses (default: the system resolver, as every other connection uses). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  maxPages?: number;
  minDelayMs?: number;
  /** A robots.txt asking for a longer Crawl-delay than this is not crawled. */
  maxCrawlDelaySeconds?: number;
}

/** The crawler's rules, as the `/bot` page states them (one source: `SCRAPER_LIMITS`). */
export const FETCH_LIMITS = {
  timeoutMs: SCRAPER_LIMITS.timeoutSeconds * 1000,
  maxBytes: SCRAPER_LIMITS.maxPageBytes,
  maxRedirects: SCRAPER_LIMITS.maxRedirects,
  maxPages: SCRAPER_LIMITS.maxPages,
  minDelayMs: SCRAPER_LIMITS.minDelaySeconds * 1000,
  maxCrawlDelaySeconds: SCRAPER_LIMITS.maxCrawlDelaySeconds,
  robotsMaxBytes: 512 * 1024,
} as const;

/** The product's crawler user agent, naming the page that describes it. */
export { scraperUserAgent };

export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new FetchError('stopped', 'The crawl was stopped'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new FetchError('stopped', 'The crawl was stopped'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> => dns.lookup(hostname, { all: true, verbatim: true });

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;

interface Answer {
  url: URL;
  status: number;
  headers: IncomingMessage['headers'];
  response: IncomingMessage;
  /** Why the request was cut off (timeout, stop), if it was. */
  failure(): FetchError | null;
  finish(): void;
}

/**
 * Fetches pages politely and without reaching inside the network: http and https only; every
 * host's addresses are checked when the connection is made (the lookup hands the socket only
 * allowed addresses, so there is no window between checking and connecting), and again for each
 * redirect; robots.txt is read first and obeyed, with its Crawl-delay; requests to one host are
 * spaced at least `minDelayMs` apart; each page has a timeout, a size cap and must be HTML; one
 * fetcher serves one crawl and fetches at most `maxPages` pages.
 */
export class PoliteFetcher implements PageFetcher {
  private readonly clock: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly resolve: (hostname: string) => Promise<ResolvedAddress[]>;
  private readonly limits: { [K in keyof typeof FETCH_LIMITS]: number };
  private readonly robots = new Map<string, Promise<RobotsRules>>();
  private readonly robotsRead = new Map<string, RobotsRules>();
  private readonly lastRequestAt = new Map<string, number>();
  private pages = 0;

  constructor(private readonly options: FetcherOptions) {
    this.clock = options.clock ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.resolve = options.resolve ?? systemResolve;
    this.limits = {
      timeoutMs: options.timeoutMs ?? FETCH_LIMITS.timeoutMs,
      maxBytes: options.maxBytes ?? FETCH_LIMITS.maxBytes,
      maxRedirects: options.maxRedirects ?? FETCH_LIMITS.maxRedirects,
      maxPages: options.maxPages ?? FETCH_LIMITS.maxPages,
      minDelayMs: Math.max(options.minDelayMs ?? FETCH_LIMITS.minDelayMs, 0),
      maxCrawlDelaySeconds: options.maxCrawlDelaySeconds ?? FETCH_LIMITS.maxCrawlDelaySeconds,
      robotsMaxBytes: FETCH_LIMITS.robotsMaxBytes,
    };
  }

  /** Pages requested so far (redirects and robots.txt not counted). */
  get pagesFetched(): number {
    return this.pages;
  }

  async checkTarget(input: string): Promise<URL> {
    const url = this.parseTarget(input);
    const host = bareHost(url.hostname);
    if (!isIP(host) && !isAllowListed(url.hostname, this.options.allowHosts)) {
      await this.allowedAddresses(host);
    }
    return url;
  }

  async fetchPage(input: string, signal?: AbortSignal): Promise<FetchedPage> {
    let url = this.parseTarget(input);
    if (this.pages >= this.limits.maxPages) {
      throw new FetchError('page-limit', `The crawl reached its limit of ${this.limits.maxPages} pages`);
    }
    this.pages += 1;
    for (let redirects = 0; ; redirects += 1) {
      const rules = await this.robotsFor(url, signal);
      if (!rules.isAllowed(url)) {
        throw new FetchError('robots', `robots.txt of ${url.host} does not allow ${url.pathname}${url.search}`);
      }
      const answer = await this.request(url, 'text/html', signal);
      if (REDIRECTS.has(answer.status) && answer.headers.location) {
        answer.finish();
        if (redirects + 1 > this.limits.maxRedirects) {
          throw new FetchError('too-many-redirects', `More than ${this.limits.maxRedirects} redirects from ${input}`);
        }
        url = this.parseTarget(new URL(answer.headers.location, url).href);
        continue;
      }
      if (answer.status < 200 || answer.status > 299) {
        answer.finish();
        throw new FetchError('http-status', `${url.href} answered ${answer.status}`);
      }
      const type = (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'text/html') {
        answer.finish();
        throw new FetchError('not-html', `${url.href} is not an HTML page (${type || 'no content type'})`);
      }
      const body = await this.readBody(answer, this.limits.maxBytes, true);
      return { requestedUrl: input, url: url.href, html: decode(body, answer.headers['content-type']) };
    }
  }

  /** A URL the fetcher may try: absolute http(s), no credentials, not an internal name or address. */
  private parseTarget(input: string): URL {
    let url: URL;
    try {
      url = new URL(input.trim());
    } catch {
      throw new FetchError('bad-url', `${JSON.stringify(input.slice(0, 200))} is not a web address`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FetchError('scheme', `Only http and https addresses are fetched, not ${url.protocol}`);
    }
    if (url.username || url.password) throw new FetchError('credentials', 'Addresses with a user name or password are not fetched');
    url.hash = '';
    if (isAllowListed(url.hostname, this.options.allowHosts)) return url;
    const host = bareHost(url.hostname);
    const kind = isIP(host) ? addressKind(host) : hostNameKind(host);
    if (kind) throw new FetchError('blocked', blockedMessage(host, kind));
    return url;
  }

  /** The host's addresses the scraper may connect to; throws when there are none. */
  private async allowedAddresses(hostname: string): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.resolve(hostname);
    } catch {
      throw new FetchError('network', `${hostname} could not be found`);
    }
    const usable = addresses.filter((a) => addressKind(a.address) === null);
    if (usable.length === 0) {
      const first = addresses[0];
      if (!first) throw new FetchError('network', `${hostname} could not be found`);
      throw new FetchError('blocked', blockedMessage(`${hostname} (${first.address})`, addressKind(first.address)!));
    }
    return usable;
  }

  /** The lookup the socket connects with: resolves, drops internal addresses, hands over the rest. */
  private lookupFor(allowListed: boolean): LookupFunction {
    return (hostname, options, callback) => {
      const found = allowListed ? this.resolve(hostname) : this.allowedAddresses(hostname);
      found.then(
        (addresses) => {
          const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
          if (wanted.length === 0) return callback(new FetchError('network', `${hostname} has no address to connect to`), '', 0);
          if (options.all) return (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, wanted);
          callback(null, wanted[0]!.address, wanted[0]!.family);
        },
        (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
      );
    };
  }

  private async robotsFor(url: URL, signal?: AbortSignal): Promise<RobotsRules> {
    let rules = this.robots.get(url.origin);
    if (!rules) {
      rules = this.readRobots(url, signal);
      this.robots.set(url.origin, rules);
    }
    const read = await rules;
    this.robotsRead.set(url.origin, read);
    if (read.crawlDelaySeconds !== null && read.crawlDelaySeconds > this.limits.maxCrawlDelaySeconds) {
      throw new FetchError(
        'crawl-delay',
        `robots.txt of ${url.host} asks for ${read.crawlDelaySeconds} seconds between requests; the scraper waits at most ${this.limits.maxCrawlDelaySeconds}`,
      );
    }
    return read;
  }

  /** RFC 9309: a missing robots.txt (4xx) allows everything; one that cannot be read allows nothing. */
  private async readRobots(site: URL, signal?: AbortSignal): Promise<RobotsRules> {
    let url = new URL('/robots.txt', site.origin);
    try {
      for (let redirects = 0; ; redirects += 1) {
        const answer = await this.request(url, 'text/plain', signal);
        if (REDIRECTS.has(answer.status) && answer.headers.location && redirects < this.limits.maxRedirects) {
          answer.finish();
          url = this.parseTarget(new URL(answer.headers.location, url).href);
          continue;
        }
        if (answer.status >= 200 && answer.status <= 299) {
          const body = await this.readBody(answer, this.limits.robotsMaxBytes, false);
          return parseRobots(body, productToken(this.options.userAgent));
        }
        answer.finish();
        return answer.status >= 400 && answer.status <= 499 ? ALLOW_ALL : DISALLOW_ALL;
      }
    } catch (err) {
      if (err instanceof FetchError && (err.code === 'blocked' || err.code === 'stopped')) throw err;
      return DISALLOW_ALL;
    }
  }

  /** Waits until this host may be asked again: the longer of `minDelayMs` and its Crawl-delay since the last request. */
  private async politeWait(url: URL, signal?: AbortSignal): Promise<void> {
    const host = url.hostname;
    const last = this.lastRequestAt.get(host);
    if (last !== undefined) {
      const crawlDelayMs = (this.robotsRead.get(url.origin)?.crawlDelaySeconds ?? 0) * 1000;
      const wait = last + Math.max(this.limits.minDelayMs, crawlDelayMs) - this.clock();
      if (wait > 0) await this.sleep(wait, signal);
    }
    if (signal?.aborted) throw new FetchError('stopped', 'The crawl was stopped');
    this.lastRequestAt.set(host, this.clock());
  }

  /** One GET, no redirects followed; the answer's body is still to be read or finished. */
  private async request(url: URL, accept: string, signal?: AbortSignal): Promise<Answer> {
    await this.politeWait(url, signal);
    const allowListed = isAllowListed(url.hostname, this.options.allowHosts);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Answer>((resolve, reject) => {
      const req = send(url, {
        method: 'GET',
        agent: false,
        lookup: this.lookupFor(allowListed),
        headers: {
          'user-agent': this.options.userAgent,
          accept,
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en-ZA, en;q=0.8',
        },
      });
      let failure: FetchError | null = null;
      let response: IncomingMessage | null = null;
      let timer: NodeJS.Timeout | undefined;
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const fail = (err: FetchError) => {
        if (failure) return;
        failure = err;
        response?.destroy(err);
        req.destroy(err);
        if (!response) {
          cleanup();
          reject(err);
        }
      };
      timer = setTimeout(() => fail(new FetchError('timeout', `${url.href} did not answer within ${seconds(this.limits.timeoutMs)}`)), this.limits.timeoutMs);
      function onAbort() {
        fail(new FetchError('stopped', 'The crawl was stopped'));
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err) => {
        if (response || failure) return;
        cleanup();
        failure =
          err instanceof FetchError
            ? err
            : new FetchError('network', `${url.host} could not be reached (${(err as NodeJS.ErrnoException).code ?? err.message})`);
        reject(failure);
      });
      req.on('response', (res) => {
        response = res;
        res.on('error', () => {});
        res.on('close', cleanup);
        resolve({
          url,
          status: res.statusCode ?? 0,
          headers: res.headers,
          response: res,
          failure: () => failure,
          finish: () => {
            cleanup();
            res.destroy();
          },
        });
      });
      req.end();
    });
  }

  /** Reads the body, decompressed; past `maxBytes` a page is refused and robots.txt cut short. */
  private async readBody(answer: Answer, maxBytes: number, refuseOver: boolean): Promise<Buffer> {
    const { response, url } = answer;
    const tooLarge = () => new FetchError('too-large', `${url.href} is larger than ${megabytes(maxBytes)}`);
    const declared = Number(answer.headers['content-length']);
    if (refuseOver && Number.isFinite(declared) && declared > maxBytes) {
      answer.finish();
      throw tooLarge();
    }
    const encoding = (answer.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
    let stream: Readable = response;
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip());
    else if (encoding === 'deflate') stream = response.pipe(createInflate());
    else if (encoding === 'br') stream = response.pipe(createBrotliDecompress());
    else if (encoding !== 'identity') {
      answer.finish();
      throw new FetchError('not-html', `${url.href} is sent in an encoding the scraper does not read (${encoding})`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of stream) {
        const buffer = chunk as Buffer;
        if (total + buffer.length > maxBytes) {
          if (refuseOver) throw tooLarge();
          chunks.push(buffer.subarray(0, maxBytes - total));
          total = maxBytes;
          break;
        }
        chunks.push(buffer);
        total += buffer.length;
      }
    } catch (err) {
      if (err instanceof FetchError) throw err;
      // A timeout or a stop destroys the stream; its reason is kept on the answer.
      throw answer.failure() ?? new FetchError('network', `${url.href} could not be read (${(err as Error).message})`);
    } finally {
      answer.finish();
      if (stream !== response) stream.destroy();
    }
    const failure = answer.failure();
    if (failure) throw failure;
    return Buffer.concat(chunks);
  }
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** The text of an HTML page, in the charset its header or its first bytes name (UTF-8 otherwise). */
export function decode(body: Buffer, contentType: string | undefined): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  for (const label of [fromHeader, fromMeta, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // an unknown label: try the next
    }
  }
  return body.toString('utf8');
}
