import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { contextForSuite } from '../test/helpers';
import type { FastifyInstance } from 'fastify';
import { undeclaredPaths } from '../test/addresses';

/** The built web app as `npm start` serves it: SPA fallback, caching and compression. */
describe('serving the web app', () => {
  let web: FastifyInstance;
  let webDir: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const ctx = contextForSuite();
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-web-'));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(webDir, 'assets', 'app-abc123.js'), script);
    web = await buildApp(ctx.composition, { serveWeb: true, webDir });
  });
  afterAll(async () => {
    await web.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it('answers client-side routes with index.html, revalidated', async () => {
    const response = await web.inject({ method: 'GET', url: '/user/profile/final?video=3' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('id="root"');
  });

  it('answers the root with index.html', async () => {
    const response = await web.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="root"');
  });

  it('serves hashed assets for a year, compressed when the browser accepts it', async () => {
    const response = await web.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('serves a file built after the server started', async () => {
    await fs.writeFile(path.join(webDir, 'assets', 'late-def456.js'), 'console.log(1);');
    const response = await web.inject({ method: 'GET', url: '/assets/late-def456.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1);');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await web.inject({ method: 'GET', url: undeclaredPaths.missingShort });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });
});
