/**
 * Uploads in progress at rest: what another account on the host, or a copy of DATA_DIR, would find while
 * a resumable upload waits half-done or a multipart body is still streaming in. Nothing of the clip in
 * the clear, and no file or folder the group or other users can read (the test process keeps its
 * default umask 022: the modes are the code's own, not main.ts's umask).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT, VIDEO_TUS_PATH, routeUrl, videoRoutes } from '@pw/contracts';
import { contextForSuite } from '../../../../test/helpers';
import { makeClip, makeClipDir } from '../../../../test/media-fixtures';
import { createAccount, filesUnder, waitForVideo, type TestAccount } from '../../../../test/video-helpers';
import { startWorkers } from '../../../composition';

/** Every file and folder under `root` whose bytes hold one of `needles`, or whose mode lets others in. */
async function exposures(root: string, needles: Buffer[]): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const info = await fs.lstat(file).catch(() => null);
    if (!info || info.isSymbolicLink()) continue; // gone meanwhile (a write renamed into place)
    if (info.mode & 0o077) found.push(`${path.relative(root, file)} mode ${(info.mode & 0o777).toString(8)}`);
    if (!info.isFile()) continue;
    const bytes = await fs.readFile(file).catch(() => null);
    if (bytes && needles.some((needle) => bytes.includes(needle)))
      found.push(`${path.relative(root, file)} holds plaintext`);
  }
  return found;
}

/** Pieces of the clip: its first 16 bytes (size, `ftyp` and brand) and 32-byte windows up to `upTo`. */
function needlesOf(clip: Buffer, upTo: number): Buffer[] {
  const needles = [clip.subarray(0, 16)];
  for (let at = 4096; at + 32 < upTo; at += Math.floor(upTo / 8)) needles.push(clip.subarray(at, at + 32));
  return needles;
}

describe('uploads in progress at rest', () => {
  const ctx = contextForSuite();
  let stopWorkers: () => Promise<void>;
  let clipDir: string;
  let base: string;
  let owner: TestAccount;
  let clip: Buffer;

  beforeAll(async () => {
    stopWorkers = await startWorkers(ctx.composition);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    clipDir = await makeClipDir();
    clip = await fs.readFile(await makeClip(clipDir, 'big.mov', 'mov', { seconds: 4, size: '640x360' }));
    expect(clip.subarray(4, 8).toString('latin1')).toBe('ftyp');
    owner = await createAccount(ctx);
  });
  afterAll(async () => {
    await stopWorkers();
    await fs.rm(clipDir, { recursive: true, force: true });
  });

  it('keeps an unfinished resumable upload encrypted and private', async () => {
    const url = await new Promise<string>((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(clip, {
        endpoint: `${base}${API_ROOT}${VIDEO_TUS_PATH}`,
        chunkSize: 256 * 1024,
        retryDelays: [],
        headers: owner.headers,
        metadata: { filename: 'big.mov', filetype: 'video/quicktime' },
        onChunkComplete(_chunk, accepted, total) {
          if (accepted >= total * 0.6) void upload.abort().then(() => resolve(upload.url!));
        },
        onError: reject,
      });
      upload.start();
    });
    const offset = Number(
      (
        await fetch(url, { method: 'HEAD', headers: { ...owner.headers, 'Tus-Resumable': '1.0.0' } })
      ).headers.get('upload-offset'),
    );
    expect(offset).toBeGreaterThan(clip.length / 2);
    expect(await exposures(ctx.dataDir, needlesOf(clip, offset))).toEqual([]);
  });

  it('keeps a multipart body encrypted and private while it streams in, and leaves nothing after', async () => {
    const boundary = 'atrestboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ndraft\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="videos[]"; filename="big.mov"\r\n` +
        'Content-Type: video/quicktime\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const half = Math.floor(clip.length / 2);
    const url = new URL(`${base}${routeUrl(videoRoutes.store)}`);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        ...owner.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + clip.length + tail.length),
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
    });
    request.write(Buffer.concat([head, clip.subarray(0, half)]));

    // Waits for the server to have written most of the half sent (the event, not a fixed time).
    const tmp = path.join(ctx.dataDir, 'tmp');
    const written = async () => {
      let total = 0;
      for (const name of await filesUnder(tmp))
        total += (await fs.stat(path.join(tmp, name)).catch(() => null))?.size ?? 0;
      return total;
    };
    for (let tries = 0; (await written()) < half - 256 * 1024; tries += 1) {
      expect(tries).toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await exposures(ctx.dataDir, needlesOf(clip, half - 256 * 1024))).toEqual([]);

    request.end(Buffer.concat([clip.subarray(half), tail]));
    const { status, body } = await answered;
    expect(status, body).toBe(201);
    const created = JSON.parse(body) as { data: { id: number } };
    expect((await waitForVideo(ctx, created.data.id)).state).toBe('ready');
    // Nothing of the request or of the conversion is left in the temporary folder.
    expect(await filesUnder(tmp)).toEqual([]);
    expect(await exposures(ctx.dataDir, needlesOf(clip, clip.length))).toEqual([]);
  });
});
