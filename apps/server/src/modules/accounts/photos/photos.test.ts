import { accountRoutes, routeUrl } from '@pw/contracts';
import { describe, expect, it } from 'vitest';
import { multipart, tinyPng, contextForSuite } from '../../../../test/helpers';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ATTACK_SVGS } from '../../../../test/svg-attacks';
import { rasterSize } from '../../../platform/media/svg-raster';
import { inspectImage } from '../../../platform/storage/images';
import {
  IMAGE_TYPE_MESSAGE,
  isSvg,
  rasterTypeOf,
  SVG_UNAVAILABLE_MESSAGE,
  SVG_UNREADABLE_MESSAGE,
} from './photos';
import { post, userFields } from '../accounts.fixtures';
import { routeTitle } from '../../../../test/addresses';

/** Real, minimal images of each raster type the contract accepts. */
const samples = {
  png: tinyPng,
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  jpg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
};
const plainSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#0b5"/></svg>';

describe('photo type by content', () => {
  it('recognises jpeg, png, gif and webp by their first bytes, whatever the name', () => {
    for (const [type, bytes] of Object.entries(samples)) expect(rasterTypeOf(bytes)).toBe(type);
    expect(rasterTypeOf(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(rasterTypeOf(Buffer.from(''))).toBeNull();
  });

  it('takes SVG text (with an XML declaration, comments or the SVG doctype), whatever it contains', () => {
    expect(isSvg(Buffer.from(plainSvg))).toBe(true);
    expect(
      isSvg(Buffer.from(`\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n${plainSvg}`)),
    ).toBe(true);
    expect(
      isSvg(
        Buffer.from(
          `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${plainSvg}`,
        ),
      ),
    ).toBe(true);
    // A script inside is no reason to refuse: only the drawing is kept (decision 0275).
    expect(isSvg(Buffer.from('<svg><script>alert(1)</script></svg>'))).toBe(true);
    // Entity definitions (billion laughs) are not an SVG we take.
    expect(isSvg(Buffer.from('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'))).toBe(false);
    expect(isSvg(Buffer.from('<html><body><svg></svg></body></html>'))).toBe(false);
    expect(isSvg(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]))).toBe(false);
  });

  it('draws an SVG at its own proportions, the longer side 1024 pixels, whatever size it claims', () => {
    expect(rasterSize(plainSvg)).toEqual({ width: 1024, height: 1024 });
    expect(rasterSize('<svg width="100000" height="50000">')).toEqual({ width: 1024, height: 512 });
    expect(rasterSize('<svg stroke-width="9" viewBox="0 0 90 728">')).toEqual({ width: 127, height: 1024 });
    expect(rasterSize('<svg width="2in" viewBox="0,0,4,1">')).toEqual({ width: 1024, height: 256 });
    expect(rasterSize('<svg width="100%" height="1e400">')).toEqual({ width: 1024, height: 512 });
    expect(rasterSize('<svg width="1" height="100000000">')).toEqual({ width: 1, height: 1024 });
  });

  it('refuses an SVG when this ffmpeg cannot draw one, never storing it as it came', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-svg-'));
    try {
      const file = path.join(dir, 'upload');
      await fs.writeFile(file, plainSvg);
      const unavailable = { toPng: async () => 'unavailable' as const };
      expect(await inspectImage(file, unavailable)).toEqual({ error: SVG_UNAVAILABLE_MESSAGE });
      const broken = { toPng: async () => 'unreadable' as const };
      expect(await inspectImage(file, broken)).toEqual({ error: SVG_UNREADABLE_MESSAGE });
      expect(await fs.readdir(dir)).toEqual(['upload']);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

/** The width and height a PNG's header gives. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe(routeTitle(accountRoutes.photo), () => {
  const ctx = contextForSuite();

  async function signUpWith(filename: string, contentType: string, content: Buffer) {
    return post(
      ctx,
      routeUrl(accountRoutes.userSignup),
      multipart(userFields(), [{ field: 'photo', filename, contentType, content }]),
    );
  }

  it('stores each accepted type under its real type, whatever the name and claimed type say', async () => {
    const expected: Record<string, string> = {
      png: 'image/png',
      gif: 'image/gif',
      webp: 'image/webp',
      jpg: 'image/jpeg',
    };
    for (const [type, bytes] of Object.entries(samples)) {
      // Named and labelled as something else on purpose.
      const response = await signUpWith('upload.bin', 'application/octet-stream', bytes);
      expect(response.statusCode).toBe(201);
      const path: string = response.json().data.user.photo_path;
      expect(path).toMatch(new RegExp(`^/api/media/photos/[0-9a-f]{32}\\.${type}$`));
      const served = await ctx.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(expected[type]);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-length']).toBe(String(bytes.length));
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('stores an SVG as the PNG drawn from it, never as an SVG', async () => {
    const response = await signUpWith('logo.svg', 'image/svg+xml', Buffer.from(plainSvg));
    expect(response.statusCode).toBe(201);
    const photoPath: string = response.json().data.user.photo_path;
    expect(photoPath).toMatch(/^\/api\/media\/photos\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: photoPath });
    expect(served.headers['content-type']).toBe('image/png');
    expect(rasterTypeOf(served.rawPayload)).toBe('png');
    expect(pngSize(served.rawPayload)).toEqual({ width: 1024, height: 1024 });
    expect(served.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps only the drawing of an SVG that carries a script in any spelling', async () => {
    for (const [attack, svg] of Object.entries(ATTACK_SVGS)) {
      const response = await signUpWith('x.svg', 'image/svg+xml', Buffer.from(svg));
      expect(response.statusCode, attack).toBe(201);
      const photoPath: string = response.json().data.user.photo_path;
      expect(photoPath, attack).toMatch(/\.png$/);
      const served = await ctx.app.inject({ method: 'GET', url: photoPath });
      expect(served.headers['content-type'], attack).toBe('image/png');
      expect(rasterTypeOf(served.rawPayload), attack).toBe('png');
      expect(pngSize(served.rawPayload), attack).toEqual({ width: 1024, height: 512 });
      expect(served.rawPayload.includes('alert'), attack).toBe(false);
    }
  });

  it('refuses a broken SVG and a text file named .svg', async () => {
    const broken = await signUpWith(
      'x.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4"'),
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({ photo: [SVG_UNREADABLE_MESSAGE] });
    const text = await signUpWith('x.svg', 'image/svg+xml', Buffer.from('hello'));
    expect(text.json().errors).toEqual({ photo: [IMAGE_TYPE_MESSAGE] });
  });

  it('answers 304 to a cached copy and 404 to unknown or malformed names', async () => {
    const response = await signUpWith('me.png', 'image/png', tinyPng);
    const url: string = response.json().data.user.photo_path;
    const first = await ctx.app.inject({ method: 'GET', url });
    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2F..%2Fapp-secret', 'x.png', 'ABC.png']) {
      const missing = await ctx.app.inject({ method: 'GET', url: routeUrl(accountRoutes.photo, { name }) });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not found.' });
    }
  });
});
