import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import { limitedServer } from '../http/client-error';
import type { Readiness } from '../http/readiness';
import { createApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { createDatabase, type Database, type DatabaseOptions } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedMarket } from '../db/seed';

/** The PostgreSQL server the suites run against, when DATABASE_URL names one. */
export const POSTGRES_URL = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : null;

export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: SQLite in memory, or on PostgreSQL a schema of its own; `drop()`
 * closes it and removes the schema, so test files can run side by side.
 */
export async function createEmptyDatabase(options: Pick<DatabaseOptions, 'onQuery'> = {}): Promise<TestDatabase> {
  let database: Database;
  let cleanup = async () => {};
  if (POSTGRES_URL) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    database = createDatabase(POSTGRES_URL, { pgSchema: schema, ...options });
    cleanup = async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else {
    database = createDatabase('sqlite::memory:', options);
  }
  return {
    ...database,
    drop: async () => {
      await database.close();
      await cleanup();
    },
  };
}

/**
 * A fresh database brought up to date and, unless told otherwise, seeded with the starter market;
 * `onQuery` hears every statement run on it.
 */
export async function createTestDatabase(options: { seed?: boolean } & Pick<DatabaseOptions, 'onQuery'> = {}): Promise<TestDatabase> {
  const database = await createEmptyDatabase({ ...(options.onQuery ? { onQuery: options.onQuery } : {}) });
  await migrateToLatest(database);
  if (options.seed !== false) await seedMarket(database.db, database.dialect);
  return database;
}

/** Spans of time, for tests that move their server's clock. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface TestServer {
  url: string;
  app: App;
  database: TestDatabase;
  config: Config;
  request(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/**
 * The real app over a real socket on loopback, with its own database, or with `database` when
 * given (which then stays open after `close()`).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { database?: TestDatabase; clock?: () => number; logger?: Logger; readiness?: Readiness } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://procura.test',
    MARKET_REFRESH_MS: '0',
    BILLING_VAT_NUMBER: '4760312345',
    ...env,
  });
  const app = createApp({ config, database, logger: options.logger ?? pino({ level: 'silent' }), clock: options.clock, readiness: options.readiness });
  const server: Server = limitedServer(app.koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    app,
    database,
    config,
    async request(method, path, { body, headers = {} } = {}) {
      const res = await fetch(url + path, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON: tests read `text`
      }
      return { status: res.status, headers: res.headers, text, json };
    },
    async close() {
      // Every test has read its answers by now, so no connection carries a request: close the
      // kept-alive ones too. Node's idle tracking does not always count them idle (one that had
      // served /favicon.ico stayed open until its 65 s keep-alive ran out).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await app.stop();
      if (!options.database) await database.drop();
    },
  };
}

type TestServerOptions = Parameters<typeof startTestServer>[1];

/**
 * One test server for the whole file: started before its first test and closed after its last.
 * Its fields exist only once that has happened, so read them inside tests and hooks.
 */
export function startTestServerForFile(env: Record<string, string> = {}, options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(env, options);
  });
  afterAll(() => started?.close());
  const current = (): TestServer => {
    if (!started) throw new Error('The test server starts before the first test: use it inside a test or a hook');
    return started;
  };
  return {
    get url() {
      return current().url;
    },
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    request: (method, path, requestOptions) => current().request(method, path, requestOptions),
    close: () => current().close(),
  };
}

/**
 * Headers that make each call come from an address of its own, for a server that trusts the proxy's
 * address, so the per-client limits one test reaches do not reach another.
 */
export function addressPerCall(): () => Record<string, string> {
  let calls = 0;
  return () => ({ 'x-forwarded-for': `198.51.100.${++calls}` });
}

/** A valid quote request; override any field. */
export function validRfq(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    productName: 'Hand Sanitizer 70% Alcohol',
    productDescription: 'Refill for the wall dispensers in our three office buildings',
    quantity: 200,
    supplierCount: 5,
    deliveryLocation: 'Durban',
    primaryEmail: 'jane.buyer@example.co.za',
    agreeTerms: true,
    ...overrides,
  };
}

/** The accepted supplier's response token of a single-product request, read from its order e-mail in the outbox. */
export async function responseTokenOf(server: Pick<TestServer, 'database'>, rfqId: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('outbox')
    .select('payload')
    .where('kind', '=', 'supplier-order')
    .where('payload', 'like', `%"rfqId":"${rfqId}"%`)
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.payload) as { token: string }).token;
}

/** What a buyer gives when accepting a quote (`POST /api/quotes/track/:token/accept`); override any field. */
export function validOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { deliveryAddress: 'Unit 4, 12 Long Street, Cape Town, 8001', phone: '082 123 4567', ...overrides };
}

/** The message for each field of a request the server refused, which must have been answered 400. */
export function refusedFields(res: TestResponse): Record<string, string> {
  expect(res.status, res.text).toBe(400);
  return res.json.error.details.fields;
}
