import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyJsonIsNoBody } from './empty-json';

/** The existing client announces JSON also when it sends nothing (decision 0127). */
describe('emptyJsonIsNoBody', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.post('/with', { onRequest: emptyJsonIsNoBody }, async (request) => ({ body: request.body ?? null }));
    app.post('/without', async (request) => ({ body: request.body ?? null }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, headers: Record<string, string>, payload?: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

  it('reads a JSON request announced empty as one without a body', async () => {
    for (const headers of [{}, { 'content-length': '0' }] as Array<Record<string, string>>) {
      const response = await post('/with', headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ body: null });
    }
    // Fastify alone refuses it.
    expect((await post('/without', { 'content-length': '0' })).statusCode).toBe(400);
  });

  it('still parses a body that is sent, and refuses one that is not JSON', async () => {
    expect((await post('/with', {}, '{"a":1}')).json()).toEqual({ body: { a: 1 } });
    expect((await post('/with', {}, ' \n ')).statusCode).toBe(400);
    expect((await post('/with', { 'content-type': 'application/json; charset=utf-8' }, '{')).statusCode).toBe(
      400,
    );
  });
});
