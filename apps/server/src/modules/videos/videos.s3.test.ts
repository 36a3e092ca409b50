import { videoRoutes, routeUrl } from '@pw/contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type S3rver from 's3rver';
import { startLocalS3 } from '../../../test/local-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { makeClip, makeClipDir, topLevelBoxes } from '../../../test/media-fixtures';
import {
  clipsBody,
  createAccount,
  filesContaining,
  filesUnder,
  plaintextMarks,
  waitForVideo,
} from '../../../test/video-helpers';
import { createS3Client, createS3Storage } from '../../platform/storage/s3-storage';
import { createEncryptedStorage } from '../../platform/storage/encrypted-storage';
import { createMediaKeyring } from '../../platform/storage/media-keyring';
import { startWorkers } from '../../composition';

/** The whole path with STORAGE=s3: sources, the job's reads and writes, and ranged media through S3. */
describe('videos on S3-compatible storage (s3rver)', () => {
  let ctx: TestContext;
  let server: S3rver;
  let dir: string;
  let clipDir: string;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-s3-videos-'));
    const local = await startLocalS3(dir);
    server = local.server;
    const settings = local.settings;
    // Encrypted over S3, as the platform builds it.
    const storage = createEncryptedStorage(
      createS3Storage({ bucket: 'media', ...settings, client: createS3Client(settings) }),
      createMediaKeyring(randomBytes(32)),
    );
    ctx = await createTestContext({}, { storage });
    stopWorkers = await startWorkers(ctx.composition);
    clipDir = await makeClipDir();
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(clipDir, { recursive: true, force: true });
  });

  it('stores, processes and serves a video with ranges', async () => {
    const user = await createAccount(ctx);
    const clip = await makeClip(clipDir, 'clip.webm', 'webm', { seconds: 2 });
    const body = await clipsBody({ type: 'draft', title: 'On S3' }, [clip]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await waitForVideo(ctx, response.json().data.id);
    expect(row.state).toBe('ready');
    const source = await ctx.deps.storage.stat(row.mediaKey!);
    expect(source!.size).toBeGreaterThan(1000);
    // Nothing of it on the local disk: media, sources and temporary files are all in the bucket or gone.
    expect(await filesUnder(path.join(ctx.dataDir, 'media'))).toEqual([]);
    expect(await filesUnder(path.join(ctx.dataDir, 'tmp'))).toEqual([]);

    const link = (
      await ctx.app.inject({
        method: 'GET',
        url: routeUrl(videoRoutes.detail, { id: row.id }),
        headers: user.headers,
      })
    ).json().data.video_link as string;
    const whole = await ctx.app.inject({ method: 'GET', url: link });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(source!.size);
    const file = path.join(clipDir, 'from-s3.mp4');
    await fs.writeFile(file, whole.rawPayload);
    const boxes = await topLevelBoxes(file);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // The bucket holds ciphertext only: neither the video's ftyp box nor slices of it or of the clip.
    const objects = await filesUnder(dir);
    expect(objects.length).toBeGreaterThan(0);
    const marks = plaintextMarks(whole.rawPayload, await fs.readFile(clip));
    expect(await filesContaining(dir, marks)).toEqual([]);
    const part = await ctx.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=100-299' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 300))).toBe(true);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: routeUrl(videoRoutes.remove, { id: row.id }),
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.deps.storage.stat(row.mediaKey!)).toBeNull();
    // A real conversion through the S3 store: 16 s seen beside two other suites.
  }, 120_000);
});
