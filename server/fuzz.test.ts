import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCredentialsSchema } from '../sdk/schemas/partners';
import { createRng, type Rng } from './db/seed/rng.mjs';
import { setPartnerTier } from './partners/partners.repository';
import { startTestServer, validRfq, type TestServer } from './test/harness';
import { registerPartner } from './test/partners';

// Every operation of the OpenAPI document, called with hostile input from a seeded generator: the
// same seed gives the same requests, so a failure names the seed and the request that reproduce it
// (FUZZ_SEED=<seed> npx vitest run server/fuzz.test.ts).
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const REQUESTS_PER_OPERATION = 120;

const STRINGS = [
  '',
  ' ',
  'Thick Bleach 5L',
  'Durban',
  'ops@example.co.za',
  'https://shop.example.co.za/page',
  "'; DROP TABLE rfqs; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '\u202eevil',
  '🧽🧼🪣'.repeat(50),
  'ÄÖÜ ß 漢字 עברית العربية',
  '__proto__',
  'constructor',
  'r_00000000000000000000',
  'qt_1_AAAAAAAAAAAAAAAAAAAAAAAA',
  '123456789012345678901234567890',
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
];

function hugeString(g: Rng): string {
  return g.pick(['a', 'é', '🧽', '\u0000', 'x y ']).repeat(g.pick([300, 2_000, 20_000, 70_000]));
}

function nested(g: Rng, depth: number): unknown {
  let value: unknown = g.pick(STRINGS);
  for (let i = 0; i < depth; i++) value = g.next() < 0.5 ? [value] : { a: value };
  return value;
}

function anyValue(g: Rng, depth = 0): unknown {
  switch (g.int(0, depth > 2 ? 7 : 10)) {
    case 0:
      return g.pick(STRINGS);
    case 1:
      return hugeString(g);
    case 2:
      return g.pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 40]);
    case 3:
      return g.next() < 0.5;
    case 4:
      return null;
    case 5:
      return g.pick(STRINGS).slice(0, 3);
    case 6:
      return String(g.int(0, 999_999));
    case 7:
      return nested(g, g.pick([5, 50, 500, 1_000]));
    case 8:
      return Array.from({ length: g.int(0, 3) }, () => anyValue(g, depth + 1));
    case 9:
      return Object.fromEntries(Array.from({ length: g.int(0, 3) }, () => [g.pick(STRINGS), anyValue(g, depth + 1)]));
    default:
      return JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}');
  }
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; enum?: unknown[]; anyOf?: JsonSchema[]; $ref?: string };

/** A body of the operation's own fields, most of them wrong, some of them right, plus strangers. */
function bodyFor(g: Rng, schema: JsonSchema | undefined, valid: Record<string, unknown>): unknown {
  const fields = Object.keys(schema?.properties ?? {});
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const roll = g.next();
    if (roll < 0.35 && f in valid) body[f] = valid[f];
    else if (roll < 0.45 && schema?.properties?.[f]?.enum) body[f] = g.pick(schema.properties[f]!.enum!);
    else if (roll < 0.9) body[f] = anyValue(g);
  }
  if (g.next() < 0.3) body[g.pick(STRINGS)] = anyValue(g);
  return body;
}

const PATH_VALUES = [
  'x',
  '0',
  '123456789012345',
  '%00',
  '%E0%A4%A',
  '%',
  '..%2F..%2Fetc',
  '%F0%9F%A7%BD',
  '%27%20OR%201%3D1',
  'a'.repeat(5_000),
  '%5Cu0000',
  'coastal.example.co.za',
  '%20',
];

/** Percent-encodes every byte of the text's UTF-8 (lone surrogates included, as U+FFFD). */
const encode = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function queryFor(g: Rng, params: { name: string; schema?: JsonSchema }[]): string {
  const parts: string[] = [];
  for (const p of params) {
    if (g.next() < 0.4) continue;
    const value = g.next() < 0.2 && p.schema?.enum ? String(g.pick(p.schema.enum)) : String(anyValue(g)).slice(0, g.pick([20, 500, 9_000]));
    parts.push(`${encode(p.name)}=${encode(value)}`);
    // A repeated parameter arrives as an array.
    if (g.next() < 0.15) parts.push(`${encode(p.name)}=${encode(value)}`);
  }
  if (g.next() < 0.2) parts.push(`${encode(g.pick(STRINGS))}=1`);
  if (g.next() < 0.1) parts.push(g.pick(['%', '%zz', 'a[b]=1', '=', '&&&', 'q=%E0%A4%A']));
  return parts.length ? `?${parts.join('&')}` : '';
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; boundary=%%%',
  '*/*',
  '',
];

const RAW_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"a":',
  '\u0000',
  'productName=x&quantity=1',
  '{"quantity": 1e400}',
  '['.repeat(10_000) + ']'.repeat(10_000),
  '{"__proto__": {"isAdmin": true}}',
];

interface Operation {
  method: string;
  path: string;
  partner: boolean;
  body?: JsonSchema;
  query: { name: string; schema?: JsonSchema }[];
}

const SQL_TEXT =
  /SQLITE_|sqlite|syntax error|": syntax|relation "|violates \w+ constraint|duplicate key|\bselect\s+[\w"*.,\s]+\s+from\s+"?\w+"?\s+(where|order|limit|inner|left|group)\b|insert into "?\w+"?\s*\(|delete from "?\w+"?|update "?\w+"? set\b/i;
const STACK_TEXT = /\bat [\w.<>]+ \(|node:internal|node_modules|\.ts:\d+|\.js:\d+:\d+|TypeError|RangeError|SyntaxError|ReferenceError/;

let server: TestServer;
let partner: { apiKey: string; partnerId: string; headers: Record<string, string> };
let operations: Operation[];

beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '100000' });
  partner = await registerPartner(server);
  // The deepest tier, so data operations run their queries rather than stop at the tier check.
  await setPartnerTier(server.database.db, partner.partnerId, 'enterprise');
  const doc = (await server.request('GET', '/api/openapi.json')).json as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          parameters?: { name: string; in: string; schema?: JsonSchema }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      partner: (op.security?.length ?? 0) > 0,
      body: op.requestBody?.content['application/json']?.schema,
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
    })),
  );
});
afterAll(() => server.close());

/** Valid values to mix in, so a request gets past its first check now and then. */
const VALID: Record<string, unknown> = {
  ...validRfq(),
  productName: 'Thick Bleach 5L',
  productDescription: 'Thick bleach for ablution blocks at three sites',
  location: 'Durban',
  contactEmail: 'ops@example.co.za',
  source: 'embed-widget',
  embedId: 'footer',
  referrerUrl: 'https://coastal.example.co.za/',
  host: 'shop.example.co.za',
  website: 'https://coastal.example.co.za',
  contactName: 'Thandi Nkosi',
  businessType: 'directory',
  integrationType: 'both',
  monthlyTraffic: '10k-50k',
  useCase: 'Quotes beside every cleaning-supplier listing in our directory',
};

describe('the public API under hostile input', () => {
  it(`answers every operation without a 5xx, a stack trace or SQL, and every 4xx in the one error shape (seed ${SEED})`, async () => {
    const g = createRng(SEED);
    expect(operations.length).toBeGreaterThanOrEqual(20);
    let sent = 0;
    for (const op of operations) {
      for (let i = 0; i < REQUESTS_PER_OPERATION; i++) {
        const path = op.path.replace(/\{\w+\}/g, () => g.pick(PATH_VALUES)) + queryFor(g, op.query);
        const headers: Record<string, string> = {};
        if (op.partner && g.next() < 0.8) {
          headers.authorization =
            g.next() < 0.85 ? `Bearer ${partner.apiKey}` : g.pick(['Bearer', 'Basic abc', `Bearer ${hugeString(g).slice(0, 8_000)}`, 'bearer  procura_live_x']);
          headers['x-partner-id'] = g.next() < 0.85 ? partner.partnerId : g.pick(['', 'p_x', 'p_'.padEnd(5_000, 'z')]);
        }
        if (g.next() < 0.2) headers['idempotency-key'] = g.pick(['', 'k', 'k'.repeat(5_000), 'ключ']);
        if (g.next() < 0.1) headers['accept-encoding'] = g.pick(['gzip;q=-1', 'br, *;q=0', 'identity;q=0', 'x'.repeat(2_000)]);
        if (g.next() < 0.1) headers['x-forwarded-for'] = g.pick(['1.2.3.4', 'not-an-ip', ', , ,', '::ffff:999.1.1.1']);
        let body: string | undefined;
        if (op.method !== 'GET' && op.method !== 'DELETE') {
          headers['content-type'] = g.next() < 0.75 ? 'application/json' : g.pick(CONTENT_TYPES);
          body = g.next() < 0.8 ? JSON.stringify(bodyFor(g, op.body, VALID)) : g.pick(RAW_BODIES);
        } else if (g.next() < 0.05) {
          headers['content-type'] = g.pick(CONTENT_TYPES);
        }
        // Header values a client cannot send (non-Latin-1) are dropped, as fetch would refuse them.
        for (const [k, v] of Object.entries(headers)) if (/[^\x20-\xff]/.test(v)) delete headers[k];

        const what = `seed ${SEED}, request ${sent}: ${op.method} ${path.slice(0, 200)} ${JSON.stringify(headers).slice(0, 200)} ${(body ?? '').slice(0, 300)}`;
        const res = await fetch(server.url + path, { method: op.method, headers, body });
        const text = await res.text();
        sent++;
        // The loader script is answered 503 on a server where the widget was never built.
        if (res.status === 503 && op.path === '/api/embed/widget.js') continue;
        expect(res.status, what).toBeLessThan(500);
        expect(text, what).not.toMatch(STACK_TEXT);
        if (res.status >= 400) {
          expect(text, what).not.toMatch(SQL_TEXT);
          let json: { error: { code: unknown; message: unknown; details?: unknown } };
          try {
            json = JSON.parse(text);
          } catch {
            expect.fail(`${what} answered ${res.status} ${res.headers.get('content-type')} with ${JSON.stringify(text.slice(0, 300))}`);
          }
          expect(Object.keys(json), what).toEqual(['error']);
          expect(
            Object.keys(json.error).filter((k) => !['code', 'message', 'details'].includes(k)),
            what,
          ).toEqual([]);
          expect([typeof json.error.code, typeof json.error.message], what).toEqual(['string', 'string']);
        }
        if (op.path === '/api/partners/rotate-key' && res.status === 200) {
          const { credentials } = partnerCredentialsSchema.parse(JSON.parse(text));
          partner = { ...partner, apiKey: credentials.apiKey };
        }
      }
    }
    expect(sent).toBe(operations.length * REQUESTS_PER_OPERATION);
  }, 120_000);
});
