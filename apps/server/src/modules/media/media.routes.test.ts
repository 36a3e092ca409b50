import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextForSuite } from '../../../test/helpers';
import { MEDIA_PATH_PREFIX, signedMediaUrl } from '../../platform/http/signed-url';

describe('signed media URLs', () => {
  const bytes = randomBytes(100_000);
  const key = 'videos/7/video.mp4';
  const ctx = contextForSuite();
  beforeAll(async () => {
    await ctx.deps.storage.put(key, bytes, 'video/mp4');
    await ctx.deps.storage.put('videos/7/thumbnail.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
  });

  const url = (k = key) => signedMediaUrl(ctx.deps.secret, k, ctx.clock.now());
  const get = (target: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: target, headers });

  it('serves the whole object with its type and range support', async () => {
    const response = await get(url());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.rawPayload.equals(bytes)).toBe(true);
    const thumb = await get(url('videos/7/thumbnail.jpg'));
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const middle = await get(url(), { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(middle.headers['content-length']).toBe('1000');
    expect(middle.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);

    const open = await get(url(), { range: 'bytes=99000-' });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(bytes.subarray(99000))).toBe(true);

    const suffix = await get(url(), { range: 'bytes=-10' });
    expect(suffix.headers['content-range']).toBe(
      `bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const past = await get(url(), { range: 'bytes=0-999999' });
    expect(past.statusCode).toBe(206);
    expect(past.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses ranges it cannot satisfy with 416', async () => {
    for (const range of [`bytes=${bytes.length}-`, 'bytes=abc', 'bytes=-0', 'items=0-1', 'bytes=20-10']) {
      const response = await get(url(), { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
    }
  });

  it('answers HEAD with the headers only', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: url() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.rawPayload.length).toBe(0);
  });

  it('refuses expired, altered or missing signatures, and URLs moved to another object', async () => {
    const good = url();
    const parsed = new URL(good, 'http://local');
    const sig = parsed.searchParams.get('sig')!;
    const altered = good.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await get(altered)).statusCode).toBe(403);
    expect((await get(good.replace(/&sig=.*/, ''))).statusCode).toBe(403);
    expect((await get(good.replace(/exp=\d+/, 'exp=9999999999'))).statusCode).toBe(403);
    expect((await get(good.replace('videos/7/video.mp4', 'videos/7/thumbnail.jpg'))).statusCode).toBe(403);
    expect((await get(`${MEDIA_PATH_PREFIX}${key}`)).statusCode).toBe(403);

    // Valid for about six hours (rounded up to the hour), not longer.
    ctx.clock.advance(5 * 3600 * 1000);
    expect((await get(good)).statusCode).toBe(200);
    ctx.clock.advance(2 * 3600 * 1000 + 1000);
    const expired = await get(good);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This link has expired. Reload the page to get a new one.');
  });

  it('answers 404 for a validly signed key that holds nothing', async () => {
    expect((await get(url('videos/8/video.mp4'))).statusCode).toBe(404);
  });
});
