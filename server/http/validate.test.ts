import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../errors';
import { validate } from './validate';

let server: Server;
let url: string;

beforeAll(async () => {
  const router = new Router();
  router.post(
    '/items/:id',
    validate({
      params: z.object({ id: z.coerce.number({ error: 'id must be a whole number' }).int({ error: 'id must be a whole number' }) }),
      query: z.strictObject({ limit: z.coerce.number({ error: 'limit must be a number' }).default(10) }, { error: () => 'Unknown parameter' }),
      body: z.object({ name: z.string().trim().min(1, { error: 'Name is required' }) }),
    }),
    async (ctx) => {
      // What the handler sees is the parsed value, not the text that came in.
      ctx.body = { id: ctx.params.id, limit: ctx.query.limit, name: ctx.request.body.name, types: [typeof ctx.params.id, typeof ctx.query.limit] };
    },
  );
  const koa = new Koa();
  koa.use(errorHandler(pino({ enabled: false })));
  koa.use(router.routes());
  server = createServer(koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
};

describe('validate', () => {
  it('hands the handler the parsed params, query and body', async () => {
    expect(await post('/items/7', { name: '  Bleach  ' })).toEqual({ status: 200, json: { id: 7, limit: 10, name: 'Bleach', types: ['number', 'number'] } });
    expect((await post('/items/7?limit=3', { name: 'Bleach' })).json.limit).toBe(3);
  });

  it('answers one validation_error naming the bad fields of every part', async () => {
    expect(await post('/items/x?limit=many', { name: ' ' })).toEqual({
      status: 400,
      json: {
        error: {
          code: 'validation_error',
          message: 'Request validation failed',
          details: { fields: { id: 'id must be a whole number', limit: 'limit must be a number', name: 'Name is required' } },
        },
      },
    });
  });

  it('names an unknown query parameter under "query"', async () => {
    expect((await post('/items/1?city=durban', { name: 'Bleach' })).json.error.details).toEqual({ fields: { query: 'Unknown parameter' } });
  });
});
