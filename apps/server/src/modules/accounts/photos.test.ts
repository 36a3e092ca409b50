import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipart, tinyPng, type TestContext } from '../../../test/helpers';
import { IMAGE_TYPE_MESSAGE, rasterTypeOf, SVG_ACTIVE_CONTENT_MESSAGE, svgVerdict } from './photos';
import { post, userFields } from './accounts.fixtures';

/** Real, minimal images of each raster type the spec accepts. */
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

  it('takes SVG text (with an XML declaration, comments or the SVG doctype) and refuses active content', () => {
    expect(svgVerdict(Buffer.from(plainSvg))).toBe('svg');
    expect(
      svgVerdict(
        Buffer.from(`\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n${plainSvg}`),
      ),
    ).toBe('svg');
    expect(
      svgVerdict(
        Buffer.from(
          `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${plainSvg}`,
        ),
      ),
    ).toBe('svg');
    for (const active of [
      '<svg><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"></svg>',
      '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg><foreignObject><iframe src="x"></iframe></foreignObject></svg>',
    ]) {
      expect(svgVerdict(Buffer.from(active))).toBe('active-content');
    }
    // Entity definitions (billion laughs) are not an SVG we take.
    expect(svgVerdict(Buffer.from('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'))).toBe('not-svg');
    expect(svgVerdict(Buffer.from('<html><body><svg></svg></body></html>'))).toBe('not-svg');
    expect(svgVerdict(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]))).toBe('not-svg');
  });
});

describe('GET /api/media/photos/:name', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function signUpWith(filename: string, contentType: string, content: Buffer) {
    return post(
      ctx,
      '/api/web/user/signup',
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

  it('serves an SVG as image/svg+xml under a CSP that forbids scripts', async () => {
    const response = await signUpWith('logo.svg', 'image/svg+xml', Buffer.from(plainSvg));
    expect(response.statusCode).toBe(201);
    const served = await ctx.app.inject({ method: 'GET', url: response.json().data.user.photo_path });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe(plainSvg);
  });

  it('refuses an SVG with a script, and a text file named .svg', async () => {
    const scripted = await signUpWith(
      'x.svg',
      'image/svg+xml',
      Buffer.from('<svg><script>alert(1)</script></svg>'),
    );
    expect(scripted.statusCode).toBe(422);
    expect(scripted.json().errors).toEqual({ photo: [SVG_ACTIVE_CONTENT_MESSAGE] });
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
      const missing = await ctx.app.inject({ method: 'GET', url: `/api/media/photos/${name}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not found.' });
    }
  });
});
