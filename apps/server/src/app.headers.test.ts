import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, deliveryRoutes, notificationRoutes, routeUrl } from '@pw/contracts';
import { buildApp } from './app';
import { withConfig, contextForSuite } from '../test/helpers';
import { signedMediaUrl } from './platform/http/signed-url';
import { undeclaredPaths } from '../test/addresses';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** What every answer carries (docs/decisions/0100-security-headers.md), pages, API and media alike. */
function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = directives(response.headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  // Nothing from another host, anywhere in the policy.
  expect([...csp.values()].flat().filter((source) => /^(https?:|\*)/.test(source))).toEqual([]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

/**
 * What every answer carrying an uploaded file (or one made from it) carries instead of the app's policy:
 * opened on its own, it runs nothing and loads nothing (decision 0275).
 */
function expectUserFileHeaders(response: LightMyRequestResponse) {
  expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers', () => {
  let web: FastifyInstance;
  let webDir: string;
  const videoKey = 'videos/9/video.mp4';
  const media = () => signedMediaUrl(ctx.deps.secret, videoKey, ctx.clock.now());

  const ctx = contextForSuite();
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-web-'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    web = await buildApp(ctx.composition, { serveWeb: true, webDir });
    await ctx.deps.storage.put(videoKey, Buffer.alloc(4096, 7), 'video/mp4');
  });
  afterAll(async () => {
    await web.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it('sends the policy with the HTML page, the root and a watch page alike', async () => {
    for (const url of ['/', '/home', '/watch/some-token-from-an-email']) {
      const page = await web.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expectSecurityHeaders(page);
    }
  });

  it('sends it with API answers, errors included', async () => {
    const health = await web.inject({ method: 'GET', url: undeclaredPaths.health });
    expect(health.statusCode).toBe(200);
    expectSecurityHeaders(health);

    const watch = await web.inject({
      method: 'GET',
      url: routeUrl(deliveryRoutes.watch, { token: 'not-a-token-anyone-was-given' }),
    });
    expect(watch.statusCode).toBe(404);
    expectSecurityHeaders(watch);

    const unauthorized = await web.inject({ method: 'GET', url: routeUrl(notificationRoutes.bell) });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);

    const missing = await web.inject({ method: 'GET', url: undeclaredPaths.missing });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('sends the sandbox policy with media (whole, ranged, HEAD) and the app policy with a refusal', async () => {
    const whole = await web.inject({ method: 'GET', url: media() });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expectUserFileHeaders(whole);

    const range = await web.inject({ method: 'GET', url: media(), headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expectUserFileHeaders(range);

    const head = await web.inject({ method: 'HEAD', url: media() });
    expect(head.statusCode).toBe(200);
    expectUserFileHeaders(head);

    // A banner image or a thumbnail goes through the same route.
    await ctx.deps.storage.put('banner-ads/1/a.png', Buffer.from('not really a png'));
    const banner = await web.inject({
      method: 'GET',
      url: signedMediaUrl(ctx.deps.secret, 'banner-ads/1/a.png', ctx.clock.now()),
    });
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/png');
    expectUserFileHeaders(banner);

    const forged = await web.inject({ method: 'GET', url: media().replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(403);
    expectSecurityHeaders(forged);
  });

  it('sends the sandbox policy with profile photos', async () => {
    const name = `${'ab'.repeat(16)}.png`;
    await ctx.deps.storage.put(`photos/${name}`, Buffer.from('not really a png'));
    const photo = await web.inject({ method: 'GET', url: routeUrl(accountRoutes.photo, { name }) });
    expect(photo.statusCode).toBe(200);
    expectUserFileHeaders(photo);
  });

  it('sends no HSTS and no upgrade-insecure-requests when PUBLIC_URL is http', async () => {
    const page = await web.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(directives(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends HSTS and upgrade-insecure-requests on every answer when PUBLIC_URL is https', async () => {
    const secure = await buildApp(
      withConfig(ctx.composition, { ...ctx.config, PUBLIC_URL: 'https://partingwords.example' }),
      { serveWeb: true, webDir },
    );
    try {
      for (const url of ['/', undeclaredPaths.health]) {
        const response = await secure.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
        expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
          true,
        );
        expectSecurityHeaders(response);
      }
      const file = await secure.inject({ method: 'GET', url: media() });
      expect(file.headers['strict-transport-security']).toBe('max-age=31536000');
      expectUserFileHeaders(file);
    } finally {
      await secure.close();
    }
  });

  it('relaxes only the styles of the API reference, which injects a <style> element', async () => {
    const docs = await web.inject({ method: 'GET', url: undeclaredPaths.docs });
    expect(docs.statusCode).toBe(200);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(docs.headers['referrer-policy']).toBe('no-referrer');

    // The relaxed policy stays on the reference: the app's pages keep the strict one.
    const page = await web.inject({ method: 'GET', url: undeclaredPaths.notDocs });
    expect(directives(page.headers['content-security-policy']).get('style-src')).toEqual(["'self'"]);
  });
});
